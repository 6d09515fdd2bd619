// The site's Markdown pipeline for `.md` notes (the very options astro.config.mjs uses) and the build's
// data entry point: raw HTML sanitised to the allow-list, wikilinks resolved, errors stop the build.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';
import { getSiteData, SiteBuildError } from '../../src/node/site/siteData.ts';
import { withoutTitleHeading } from '../../src/node/site/kbNotesLoader.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures');

const renderers = new Map<boolean, ReturnType<typeof createNoteRenderer>>();
async function render(markdown: string, trustHtml = false): Promise<string> {
  if (!renderers.has(trustHtml)) {
    const { links, paths } = getSiteData();
    renderers.set(trustHtml, createNoteRenderer({ trustHtml, resolver: links.resolver, paths }));
  }
  return renderers.get(trustHtml)!({ path: 'decisions/003-new.md', markdown }).html;
}

beforeAll(() => {
  process.env['KB_DIR'] = join(FIXTURES, 'site-basic');
});

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
    expect(await render('```cobol\nMOVE A TO B.\n```\n')).toContain('<pre><code class="language-cobol">MOVE A TO B.\n</code></pre>'));
  it('gives headings ids the way Astro does', async () => expect(await render('## Why we page\n')).toContain('<h2 id="why-we-page">Why we page</h2>'));
  it('renders GFM tables', async () => expect(await render('| a | b |\n|---|---|\n| 1 | 2 |\n')).toMatch(/<table>[\s\S]*<td>1<\/td>/));
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
  ])('%s', async (_rule, md, html) => expect(await render(md)).toContain(html));
  it('a hostile target runs nothing', async () =>
    expect(handlerAttributes(await render('[[<img src=x onerror=alert(1)>]] [[x" onmouseover="alert(1)]]'))).toEqual([]));
});

/** `on…=` attributes of the tags in `html` (quoted attribute values removed first, so text inside them never counts). */
function handlerAttributes(html: string): string[] {
  return [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap((tag) => tag[0].replace(/"[^"]*"|'[^']*'/g, '""').match(/\son\w+=/gi) ?? []);
}

describe('withoutTitleHeading: the page shows the title once', () => {
  it.each([
    ['# Title\n\nText', 'Title', 'Text'],
    ['\n# Title #\nText', 'Title', 'Text'],
    ['# Other\nText', 'Title', '# Other\nText'],
    ['Text\n# Title', 'Title', 'Text\n# Title'],
  ])('%j', (body, title, expected) => expect(withoutTitleHeading(body, title)).toBe(expected));
});

describe('getSiteData: what stops the build', () => {
  it('indexes the folder once per process', () => expect(getSiteData()).toBe(getSiteData()));
  it('an alias chain is an error naming file and line', () => {
    expect(() => getSiteData({ KB_DIR: join(FIXTURES, 'aria-alias-chain') })).toThrow(SiteBuildError);
    expect(() => getSiteData({ KB_DIR: join(FIXTURES, 'aria-alias-chain') })).toThrow(/aliases\.md:\d+: error: alias chain/);
  });
  it('a warning stops the build only under --strict (KB_STRICT=1)', () => {
    const dir = join(FIXTURES, 'aria-basic');
    const data = getSiteData({ KB_DIR: dir });
    const warned = data.result.issues.some((i) => i.severity === 'warning');
    if (warned) expect(() => getSiteData({ KB_DIR: dir, KB_STRICT: '1' })).toThrow(/\(--strict\)/);
    else expect(getSiteData({ KB_DIR: dir, KB_STRICT: '1' }).index.notes.length).toBeGreaterThan(0);
  });
});
