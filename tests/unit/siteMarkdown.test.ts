// The site's Markdown pipeline for `.md` notes (the very options astro.config.mjs uses) and the build's
// data entry point: raw HTML sanitised to the allow-list, wikilinks resolved, errors stop the build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { afterAll, describe, expect, it } from 'vitest';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';
import { withoutTitleHeading } from '../../src/node/site/noteRenderJobs.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { siteLinks } from '../../src/node/site/siteLinks.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { prepareSite } from '../../src/site/prepare/prepareSite.ts';
import { SiteBuildError } from '../../src/site/prepare/siteBuildError.ts';
import { resolvePortal } from '../../src/site/options/resolvePortal.ts';
import { parseKbPortalOptions } from '../../src/site/options/kbPortalOptions.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures');
const work = mkdtempSync(join(tmpdir(), 'kb-site-markdown-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const basic = indexKnowledgeFolder(join(FIXTURES, 'site-basic'));
const links = siteLinks(basic);
const paths = createSitePaths(basic.reading.config.site.base);
const renderers = new Map<boolean, ReturnType<typeof createNoteRenderer>>();
async function render(markdown: string, trustHtml = false, path = 'decisions/003-new.md'): Promise<string> {
  if (!renderers.has(trustHtml)) renderers.set(trustHtml, createNoteRenderer({ trustHtml, resolver: links.resolver, paths }));
  return renderers.get(trustHtml)!({ path, markdown }).html;
}

/** The integration's first stage over a fixture folder (options as kbPortal() takes them). */
function prepare(kb: string, strict = false) {
  const options = parseKbPortalOptions({ kb, strict, cacheDir: join(work, 'cache') });
  const config = resolvePortal(
    options,
    { root: new URL(`file://${work}/`), outDir: new URL(`file://${work}/dist/`), base: '/', site: undefined },
    { site: { base: '/' } },
    '2026-10-15',
  );
  return prepareSite(config, { rendererHash: 'test', hasHtml: () => false, pages: undefined, warn: () => undefined });
}

describe('raw HTML in .md notes is sanitised to the allow-list', () => {
  it.each([
    ['script element', '<script>alert(1)</script>', /<script/],
    ['event handler', '<img src="x.png" onerror="alert(1)">', /onerror/],
    ['javascript: URL', '<a href="javascript:alert(1)">x</a>', /javascript:/],
    ['style attribute', '<div style="position:fixed">x</div>', /style=/],
    ['iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/],
    ['inline svg handler', '<svg onload="alert(1)"></svg>', /onload/],
  ])('drops: %s', async (_rule, html, bad) => expect(await render(`text\n\n${html}\n`)).not.toMatch(bad));

  it.each([
    ['details and summary', '<details><summary>More</summary>Hidden</details>', /<details><summary>More<\/summary>Hidden<\/details>/],
    ['kbd', 'Press <kbd>/</kbd>', /<kbd>\/<\/kbd>/],
    ['safe link', '<a href="https://example.com">x</a>', /href="https:\/\/example.com"/],
  ])('keeps: %s', async (_rule, html, good) => expect(await render(html)).toMatch(good));

  it('keeps raw HTML as written when the team trusts its authors (KB_TRUST_HTML=1)', async () =>
    expect(await render('<div style="color:red">x</div>', true)).toContain('style="color:red"'));

  it('keeps the language class of code blocks in a language it does not highlight', async () =>
    expect(await render('```cobol\nMOVE A TO B.\n```\n')).toContain('<pre tabindex="0"><code class="language-cobol">MOVE A TO B.\n</code></pre>'));
  it('gives headings ids the way Astro does', async () => expect(await render('## Why we page\n')).toContain('<h2 id="why-we-page">Why we page</h2>'));
  it('names task list checkboxes (Done / To do) and lets code blocks and tables take the keyboard focus', async () => {
    const html = await render('- [x] shipped\n- [ ] next\n\n```txt\nlong line\n```\n');
    expect(html).toContain('aria-label="Done"');
    expect(html).toContain('aria-label="To do"');
    expect(html).toMatch(/<pre[^>]*tabindex="0"/);
  });
  it('renders GFM tables', async () => expect(await render('| a | b |\n|---|---|\n| 1 | 2 |\n')).toMatch(/<table tabindex="0">[\s\S]*<td>1<\/td>/));
});

describe('wikilinks', () => {
  it.each([
    ['resolved, with a label', '[[001-offset|the offset ADR]]', '<a href="/docs/notes/decisions/001-offset/" class="wikilink">the offset ADR</a>'],
    [
      'resolved by title, with a heading',
      '[[ADR 002: Cursor pages#Why]]',
      '<a href="/docs/notes/decisions/002-cursor/#why" class="wikilink">ADR 002: Cursor pages › Why</a>',
    ],
    ['unresolved: shown, not a link', '[[no-such-note]]', '<span class="link-missing" title="No note called “no-such-note” yet">no-such-note</span>'],
    ['inside code: left alone', '`[[001-offset]]`', '<code>[[001-offset]]</code>'],
    // Empty parts and code spans inside, as in Obsidian's help vault: never shown raw.
    ['no note name, with text: the note itself', '[[#|move]]', '<a href="/docs/notes/decisions/002-cursor/" class="wikilink">move</a>'],
    ['no note name, no text: the note itself, by its title', '[[#]]', '<a href="/docs/notes/decisions/002-cursor/" class="wikilink">ADR 002: Cursor pages</a>'],
    [
      'an empty text shows the default',
      '[[001-offset#Why|]]',
      '<a href="/docs/notes/decisions/001-offset/#why" class="wikilink">ADR 001: Offset pages › Why</a>',
    ],
    ['an empty heading links the note', '[[001-offset#|the ADR]]', '<a href="/docs/notes/decisions/001-offset/" class="wikilink">the ADR</a>'],
    ['a heading in code, same note', '[[#`move`|move]]', '<a href="#move">move</a>'],
    ['text in code', '[[001-offset#Why|`why`]]', '<a href="/docs/notes/decisions/001-offset/#why" class="wikilink"><code>why</code></a>'],
    ['a heading in code, another note', '[[001-offset#`Why`|why]]', '<a href="/docs/notes/decisions/001-offset/#why" class="wikilink">why</a>'],
  ])('%s', async (_rule, md, html) => expect(await render(md, false, 'decisions/002-cursor.md')).toContain(html));
  it.each([['[[#|move]]'], ['[[#`move`|move]]'], ['[[001-offset#Why|`why`]]'], ['[[001-offset#|x]] [[001-offset#Why|]]']])('no raw [[ in %s', async (md) =>
    expect(await render(md)).not.toContain('[['),
  );
  it('a hostile target runs nothing', async () =>
    expect(handlerAttributes(await render('[[<img src=x onerror=alert(1)>]] [[x" onmouseover="alert(1)]]'))).toEqual([]));
});

describe('Markdown links to notes', () => {
  it.each([
    ['by file', '[offset](001-offset.md)', '<a href="/docs/notes/decisions/001-offset/" class="internal">offset</a>'],
    // a folder exported from a static site links the page a note builds (`x.html`, `x`, `x/`): the note's page
    [
      'by the page it builds, with a heading',
      '[offset](/decisions/001-offset.html#why)',
      '<a href="/docs/notes/decisions/001-offset/#why" class="internal">offset</a>',
    ],
    ['by a pretty URL', '[offset](../decisions/001-offset)', '<a href="/docs/notes/decisions/001-offset/" class="internal">offset</a>'],
    ['a page the folder does not hold: left alone', '[repos](/repos/signon.html)', '<a href="/repos/signon.html">repos</a>'],
  ])('%s', async (_rule, md, html) => expect(await render(md)).toContain(html));
});

/** `on…=` attributes of the tags in `html` (quoted attribute values removed first, so text inside them never counts). */
function handlerAttributes(html: string): string[] {
  const found: string[] = [];
  const walk = (node: { type: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
    if (node.type === 'element') found.push(...Object.keys(node.properties ?? {}).filter((name) => /^on/i.test(name)));
    for (const child of node.children ?? []) walk(child as typeof node);
  };
  walk(fromHtml(html, { fragment: true }));
  return found;
}

describe('withoutTitleHeading: the page shows the title once', () => {
  it.each([
    ['# Title\n\nText', 'Title', 'Text'],
    ['\n# Title #\nText', 'Title', 'Text'],
    ['# Other\nText', 'Title', '# Other\nText'],
    ['Text\n# Title', 'Title', 'Text\n# Title'],
    ['# Title ##  \r\n\r\n  indented', 'Title', '  indented'],
    ['#Title\nText', 'Title', '#Title\nText'],
    ['# Title', 'Title', ''],
    ['# Title\n\n', 'Title', ''],
    ['# C#\nText', 'C', 'Text'],
    [`# a${' '.repeat(200_000)}x\nText`, 'Title', `# a${' '.repeat(200_000)}x\nText`],
  ])('%j', (body, title, expected) => expect(withoutTitleHeading(body, title)).toBe(expected));
  // The regular expression it replaces, on every row that is not too long for it: the same answers.
  const before = (body: string, title: string) => {
    const m = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body);
    return m && m[1]!.trim() === title.trim() ? body.slice(m[0].length) : body;
  };
  it.each([['\n\n#  Title  \n\n\nText'], ['# Title\n  \n\tText'], ['# Title # x\nText'], ['#\nTitle\nText'], ['# Title\r\nText']])('as before: %j', (body) =>
    expect(withoutTitleHeading(body, 'Title')).toBe(before(body, 'Title')),
  );
});

describe('prepareSite: what stops the build', () => {
  it('an alias chain is an error naming file and line', async () => {
    await expect(prepare(join(FIXTURES, 'aria-alias-chain'))).rejects.toThrow(SiteBuildError);
    await expect(prepare(join(FIXTURES, 'aria-alias-chain'))).rejects.toThrow(/aliases\.md:\d+: error: alias chain/);
  });
  it('a warning stops the build only under strict (--strict, KB_STRICT=1)', async () => {
    const dir = join(FIXTURES, 'aria-basic');
    const site = await prepare(dir);
    const warned = site.result.issues.some((i) => i.severity === 'warning');
    if (warned) await expect(prepare(dir, true)).rejects.toThrow(/\(--strict\)/);
    else expect((await prepare(dir, true)).model.index.notes.length).toBeGreaterThan(0);
  });
});

describe('the portal root under a host base and a prefix', () => {
  it.each([
    ['/', '/', '/'],
    ['/', '/kb/', '/kb/'],
    ['/team/', '/kb/', '/team/kb/'],
    ['/team', 'kb', '/team/kb/'],
  ])('base %s, prefix %s → %s', (base, prefix, root) => {
    const options = parseKbPortalOptions({ kb: 'content', prefix, cacheDir: join(work, 'cache') });
    const config = resolvePortal(
      options,
      { root: new URL(`file://${work}/`), outDir: new URL(`file://${work}/dist/`), base, site: undefined },
      { site: { base: '/' } },
      '2026-10-15',
    );
    expect(config.root).toBe(root);
  });
});
