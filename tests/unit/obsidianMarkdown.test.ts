// The note pipeline over tests/fixtures/obsidian/ (every construct an Obsidian writer uses), through the very
// job and renderer the build runs (noteRenderJob → rendererFor), and `kb check` over the same folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { describe, expect, it } from 'vitest';
import { noteRenderJob, renderSetup } from '../../src/node/site/noteRenderJobs.ts';
import { rendererFor } from '../../src/node/site/noteRenderer.ts';
import { SiteBuildError } from '../../src/site/prepare/siteBuildError.ts';
import { prepareFixture } from './preparedSite.ts';
import { run } from '../../src/cli/commands/checkCommand.ts';

const KB = join(import.meta.dirname, '../fixtures/obsidian');
const site = await prepareFixture(KB);
const render = rendererFor(renderSetup(site.jobContext, '/nowhere'));
const page = (path: string) => render(noteRenderJob(site.jobContext, site.model.byPath.get(path)!));
const writing = page('guides/writing.md');

describe('guides/writing.md: each construct as Obsidian renders it', () => {
  it.each([
    ['wikilink by file name shows the title', '<a href="/notes/decisions/007-redis-for-caching/" class="wikilink">Redis for caching and rate limits</a>'],
    ['wikilink by alias with its own text', '<a href="/notes/decisions/007-redis-for-caching/" class="wikilink">the cache</a>'],
    ['wikilink by folder path', '<a href="/notes/decisions/008-postgres/" class="wikilink">Postgres for everything else</a>'],
    ['wikilink to a heading', 'href="/notes/decisions/007-redis-for-caching/#why-redis" class="wikilink">Redis for caching and rate limits › Why Redis</a>'],
    ['wikilink to a block', 'href="/notes/decisions/007-redis-for-caching/#%5Ekey-prefix" class="wikilink">the prefix rule</a>'],
    ['wikilink to a heading of the same note', '<a href="#callouts">Callouts</a>'],
    ['Markdown link to a note rewritten to its page', '<a href="/notes/decisions/008-postgres/" class="internal">ADR 8</a>'],
    ['callout with the default title', '<div class="callout callout-note" data-callout="note"><div class="callout-title">Note</div>'],
    ['callout title is Markdown', '<div class="callout-title">Mind the <strong>TTL</strong></div>'],
    [
      'foldable callout is <details>, closed',
      '<details class="callout callout-tip" data-callout="tip"><summary class="callout-title">Folded by default</summary>',
    ],
    [
      'nested foldable callout, open',
      '<details class="callout callout-example" data-callout="example" open><summary class="callout-title">Nested and open</summary>',
    ],
    ['GitHub alert', '<div class="callout callout-important" data-callout="important"><div class="callout-title">Important</div>'],
    [
      'embed of a heading: framed, with a link to the source',
      '<div class="embed"><div class="embed-title"><a href="/notes/decisions/007-redis-for-caching/#why-redis" class="wikilink embed-source">',
    ],
    ['embedded section text', '<p id="^why-redis">One store for both jobs, with expiry built in.</p>'],
    ['embed of a block (a list item)', '<li id="^key-prefix">Keys need a prefix per environment.</li>'],
    [
      'embed in a table cell',
      '<td><div class="embed"><div class="embed-title"><a href="/notes/decisions/008-postgres/" class="wikilink embed-source">Postgres for everything else</a>',
    ],
    [
      'image by relative path, sized and lazy',
      '<img src="/attachments/img/diagram.png" alt="Architecture" width="640" height="360" loading="lazy" decoding="async">',
    ],
    ['image embed with a width', '<img src="/attachments/img/diagram.png" alt="diagram.png" width="320" height="180" loading="lazy" decoding="async">'],
    ['a PDF embed is a link', '<a href="/attachments/files/spec.pdf" class="attachment">spec.pdf</a>'],
    ['mermaid source kept as text', '<pre class="mermaid" tabindex="0">graph TD\n  A[Writer] --> B[Portal]</pre>'],
    ['inline math typeset', '<span class="katex"><span class="katex-mathml"><math'],
    ['prices are not math', 'a price of $5 and $10 that is no formula'],
    ['display math', '<span class="katex-display">'],
    ['highlighted code', '<pre class="highlighted" data-language="ts" tabindex="0"><code class="language-ts"><span class="hl-keyword">const</span>'],
    ['task list, each box named', '<input type="checkbox" checked disabled aria-label="Done"> Task done'],
    ['highlight', 'This is <mark>highlighted</mark> text.'],
    ['footnote', 'data-footnote-ref'],
  ])('%s', (_rule, html) => expect(writing.html).toContain(html));

  it('never publishes a comment', () => expect(writing.html).not.toMatch(/comment the site never shows|nobody reads/));
  it('tells the page it needs math and the diagram island', () => expect([writing.hasMath, writing.hasMermaid]).toEqual([true, true]));
  it('lists its attachments and the notes it embeds', () =>
    expect([writing.attachments, writing.embeds]).toEqual([
      ['files/spec.pdf', 'img/diagram.png'],
      ['decisions/007-redis-for-caching.md', 'decisions/008-postgres.md'],
    ]));
  it('lists its headings with their ids', () =>
    expect(writing.headings.slice(0, 2)).toEqual([
      { depth: 2, id: 'callouts', text: 'Callouts' },
      { depth: 2, id: 'embeds', text: 'Embeds' },
    ]));
});

describe('embeds: depth, cycles, private notes', () => {
  it.each([
    ['a note embedding itself shows a notice', 'guides/self.md', /the embeds form a cycle/, 1],
    ['A ↔ B shows B once, then a notice', 'guides/cycle-a.md', /B embeds A:[\s\S]*the embeds form a cycle/, 1],
    ['three levels deep, then a notice', 'guides/deep-1.md', /Level 4 embeds[\s\S]*embeds nest at most 3 deep/, 1],
  ])('%s', (_rule, path, pattern, notices) => {
    const html = page(path).html;
    expect(html).toMatch(pattern);
    expect(html.match(/embed-notice/g)?.length).toBe(notices);
  });
  it('a private note embedded: nothing of it, the link shown as missing', () => {
    const html = page('guides/broken.md').html;
    expect(html).not.toContain('SECRET-SALARY');
    expect(html).toContain('<span class="link-missing" title="No note called “salaries” yet">salaries</span>');
  });
  it('an edit of an embedded note changes the page’s cache key', () => {
    const note = site.model.byPath.get('guides/writing.md')!;
    const before = noteRenderJob(site.jobContext, note).key;
    const bodies = new Map(site.jobContext.bodies);
    bodies.set('decisions/008-postgres.md', 'Edited.');
    expect(noteRenderJob({ ...site.jobContext, bodies }, note).key).not.toBe(before);
  });
});

describe('broken links', () => {
  const lines = [
    'guides/broken.md:5: warning: broken wikilink “no-such-note”: no such note',
    'guides/broken.md:6: warning: broken wikilink “007-redis-for-cachin”: no such note; did you mean decisions/007-redis-for-caching.md?',
    'guides/broken.md:7: warning: broken attachment “missing-diagram.png”: no such file in the folder',
    'guides/broken.md:8: warning: broken link “../decisions/001-gone.md”: no such note',
    'guides/broken.md:9: warning: broken embed “salaries”: names a note that is not published (private, draft or holding a secret)',
    'guides/hostile.md:10: warning: broken embed “<img src=x onerror=alert(1)>”: no such note',
    'guides/hostile.md:12: warning: broken wikilink “x" onmouseover="alert(1)”: no such note',
    'guides/hostile.md:24: warning: broken attachment “<svg onload=alert(1)>.png”: no such file in the folder',
    'guides/hostile.md:26: warning: broken attachment “evil.svg”: no such file in the folder',
  ];
  it('kb check lists exactly the fixture’s broken links with file:line, and exits 1', () => {
    const out: string[] = [];
    const code = run(['--kb', KB, '--no-cache'], { out: (s: string) => out.push(s), err: () => undefined, env: {}, cwd: process.cwd() } as never);
    expect(
      out
        .join('\n')
        .split('\n')
        .filter((l) => l.includes(': warning: broken ')),
    ).toEqual(lines);
    expect(code).toBe(1);
  });
  it('the renderer finds the same links broken as the check', () =>
    expect(page('guides/broken.md').brokenLinks.map((b) => b.target)).toEqual([
      'no-such-note',
      '007-redis-for-cachin',
      'missing-diagram.png',
      '../decisions/001-gone.md',
      'salaries',
    ]));
  it('--strict stops the build naming them', async () => {
    await expect(prepareFixture(KB, { strict: true })).rejects.toThrow(SiteBuildError);
    await expect(prepareFixture(KB, { strict: true })).rejects.toThrow(/guides\/broken\.md:5: warning: broken wikilink “no-such-note”/);
  });
  it('a plain build warns once with the count', () => expect(site.brokenLinks.length).toBe(lines.length));
});

describe('hostile payloads stay text', () => {
  const html = page('guides/hostile.md').html;
  it.each([
    ['no script element', /<script/i],
    ['no javascript: URL in an attribute', /(href|src)="javascript:/i],
    ['KaTeX refuses \\href', /<a [^>]*href="javascript/i],
  ])('%s', (_rule, bad) => expect(html).not.toMatch(bad));
  // Parsed, as a browser reads the page: a payload shown as text, even inside a quoted attribute, is no handler.
  it('no event handler attribute', () => {
    const handlers: string[] = [];
    const walk = (node: { type: string; properties?: Record<string, unknown>; children?: unknown[] }) => {
      if (node.type === 'element') handlers.push(...Object.keys(node.properties ?? {}).filter((name) => /^on/i.test(name)));
      for (const child of node.children ?? []) walk(child as typeof node);
    };
    walk(fromHtml(html, { fragment: true }));
    expect(handlers).toEqual([]);
    expect(html).toContain('onmouseover'); // the payloads are on the page, as text
  });
  it('the active SVG is not published', () => expect(site.attachments.map((a) => a.path)).toEqual(['files/spec.pdf', 'img/diagram.png']));
});

describe('%% comments %% are never published', () => {
  it('are blanked from the body every output is made from, lines kept', () => {
    const body = site.result.bodies.get('guides/writing.md')!;
    const raw = readFileSync(join(KB, 'guides/writing.md'), 'utf8');
    expect(raw).toMatch(/%%/);
    expect(body).not.toMatch(/%%/);
    // Blanked, not removed: every later line keeps its number (kb search reports file lines).
    expect(body.split('\n').length).toBe(raw.slice(raw.indexOf('\n---', 3) + 5).split('\n').length);
  });
});
