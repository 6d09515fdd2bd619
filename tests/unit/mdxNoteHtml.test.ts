// An `.mdx` note whose code is data, rendered to HTML like a Markdown note (src/markdown/parseMdx.ts, mdxData.ts): its
// constants, frontmatter and expressions read without running anything, its elements and <Callout> as HTML, the same
// sanitiser after. One row per rule; then what is not data throws MdxDataError (the build shows such a note as text).
import { describe, expect, it } from 'vitest';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';
import { MdxDataError, parseMdx } from '../../src/markdown/parseMdx.ts';

const render = createNoteRenderer({
  trustHtml: false,
  resolver: createLinkResolver({ notes: [{ path: 'guides/deploy.md', slug: 'guides/deploy', title: 'Deploy', aliases: [] }], files: [] }),
  paths: createSitePaths('/'),
  highlight: false,
});
const frontmatter = { title: 'Runbook', owner: 'ops', tags: ['a', 'b'], nested: { depth: 2 } };
const html = (body: string) => render({ path: 'guides/runbook.mdx', markdown: body, mdx: { frontmatter, title: 'Runbook' } }).html.trim();

describe('MDX read as data', () => {
  it.each([
    ['a constant in the text', "export const reviewed = '2026-09-20';\n\nReviewed {reviewed}.", '<p>Reviewed 2026-09-20.</p>'],
    [
      'frontmatter and its members',
      '{frontmatter.owner} has {frontmatter.tags.length} tags, depth {frontmatter.nested.depth}',
      '<p>ops has 2 tags, depth 2</p>',
    ],
    ['a missing member is nothing', 'x{frontmatter.missing}y{props.x}z', '<p>xyz</p>'],
    ['operators, conditionals, templates', 'export const n = 2;\n\n{n > 1 ? "many" : "one"} {`n=${n * 3}`} {!n && "never"}', '<p>many n=6 </p>'],
    ['arrays and objects of constants', 'export const a = { b: [1, "c"] };\n\n{a.b[1]} {a["b"][0] + 1}', '<p>c 2</p>'],
    ['JSX in an expression (a block: no paragraph)', 'export const on = true;\n\n{on && <strong>bold</strong>}', '<strong>bold</strong>'],
    ['an HTML element with Markdown inside', '<details>\n\n**open** me\n\n</details>', '<details><p><strong>open</strong> me</p></details>'],
    ['a comment shows nothing', 'a {/* for editors */} b', '<p>a  b</p>'],
    ['the title heading after the constants is the page title, dropped', 'export const x = 1;\n\n# Runbook\n\nBody {x}', '<p>Body 1</p>'],
    ['a wikilink, as in Markdown', 'See [[deploy]].', '<p>See <a href="/notes/guides/deploy/" class="wikilink">Deploy</a>.</p>'],
    ['__proto__ is a key like any other', 'export const o = { __proto__: "p" };\n\n{o.__proto__} {o.constructor}', '<p>p </p>'],
    ['no prototype members', 'a{frontmatter.constructor}{frontmatter.toString}{frontmatter.tags.map}', '<p>a</p>'],
  ])('%s', (_rule, body, expected) => expect(html(body)).toBe(expected));

  it('<Callout> is the callout its type names, written inline or as a block', () => {
    expect(html('<Callout type="warning">Mind **this**</Callout>')).toBe(
      '<div class="callout callout-warning" data-callout="warning"><div class="callout-title">Warning</div><div class="callout-content"><p>Mind <strong>this</strong></p></div></div>',
    );
    expect(html('<Callout>\n\nA note.\n\n</Callout>')).toContain('data-callout="note"');
  });

  it('the sanitiser reads what the data made', () => {
    expect(html('export const x = "<script>alert(1)</script>";\n\n{x}')).toBe('&#x3C;script>alert(1)&#x3C;/script>');
    expect(html('<span className="x" title="t">a</span>')).toBe('<p><span class="" title="t">a</span></p>');
  });
});

describe('what is not data throws', () => {
  it.each([
    ['a component the portal does not provide', '<Chart />'],
    ['an object shown as text', '{frontmatter.nested}'],
    ['a member of nothing', '{frontmatter.missing.deeper}'],
    ['a global', '{process}'],
    ['a call', '{frontmatter.tags.join(",")}'],
    ['`in`', '{"a" in frontmatter}'],
  ])('%s', (_rule, body) => expect(() => parseMdx(body, { frontmatter, title: 'Runbook' })).toThrow(MdxDataError));
});
