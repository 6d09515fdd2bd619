// Search shards: which note page goes to which shard and in what order (searchShardPlan.ts), and the feed that
// indexes a shard while Astro renders the next (pagefindFeed.ts). The feed only moves work earlier: the search
// bundles written after the build are byte-identical with and without it, whatever order the pages come in, and a
// shard it could not finish (a page it never saw, bytes that differ from the file) is indexed after the build.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fragmentFiles, inShardOrder, planSearchShards, shardCountFor } from '../../src/core/site/searchShardPlan.ts';
import * as pagefind from 'pagefind';
import { searchableHtml } from '../../src/core/site/searchableHtml.ts';
import { createPagefindFeed } from '../../src/integration/pagefindFeed.ts';
import { IN_FLIGHT, indexShard, indexWithPagefind } from '../../src/integration/pagefindShards.ts';
import { tempDir } from './foundationSupport.ts';

const notes = (n: number) => Array.from({ length: n }, (_, i) => `kb/notes/${i % 3 ? 'guides/' : ''}note-${i}/index.html`);

describe.each([
  ['no pages: one empty shard', 0, undefined, [[]]],
  [
    'a few pages: one shard, folder by folder',
    4,
    undefined,
    [['kb/notes/guides/note-1/index.html', 'kb/notes/guides/note-2/index.html', 'kb/notes/note-0/index.html', 'kb/notes/note-3/index.html']],
  ],
  [
    'two pages a shard: three shards by the hash of the path, the empty one left out',
    5,
    2,
    [
      ['kb/notes/guides/note-1/index.html', 'kb/notes/guides/note-2/index.html', 'kb/notes/guides/note-4/index.html'],
      ['kb/notes/note-0/index.html', 'kb/notes/note-3/index.html'],
    ],
  ],
])('planSearchShards: %s', (_, n, asked, shards) => {
  it('plans these shards', () => expect(planSearchShards(notes(n), asked)).toEqual(shards));
});

describe.each([
  [3, undefined],
  [40, 4],
  [300, undefined],
  [1000, 7],
])('inShardOrder, %i pages, %s a shard', (n, asked) => {
  it('renders shard by shard, each in the order Pagefind is given it', () => {
    const shuffled = [...notes(n)].reverse();
    expect(inShardOrder(shuffled, (p) => p, asked)).toEqual(planSearchShards(shuffled, asked).flat());
  });
});

it('sizes shards by the number of pages: 250 up to 12 shards, then larger, at most 4,000', () =>
  expect([1, 250, 251, 3000, 3001, 10_000, 100_000].map((n) => shardCountFor(n))).toEqual([1, 1, 2, 12, 12, 12, 25]));

// As a note page is laid out: the site's header and sidebar before <main>, a filter outside the indexed article.
const page = (i: number, word: string) =>
  `<!doctype html><html lang="en"><head><title>Note ${i}</title></head><body><header><a href="/">Home</a> <input placeholder="Search"></header>` +
  `<nav class="sb-tree"><details open><summary>guides</summary><a href="/n/${i + 1}/">Note ${i + 1} ${word}</a></details></nav>` +
  `<main id="main"><article data-pagefind-body><h1 data-pagefind-meta="title">Note ${i}</h1><p>${word} ${i} text</p><h2 id="more">More</h2><p>details ${i}</p></article>` +
  `<footer><dl><dt>Status</dt><dd data-pagefind-filter="status">${i % 2 ? 'active' : 'draft'}</dd></dl></footer></main></body></html>`;
const PAGES = notes(9);
const BASE = '/wiki/';

/** A built site's note pages; the search bundles indexed after it (with a feed, if given), as path → bytes. */
async function searchBundles(feedWith?: (feed: ReturnType<typeof createPagefindFeed>) => void) {
  const out = tempDir('kb-feed-out-');
  const previous = tempDir('kb-feed-previous-'); // the last build's output: the same pages
  const cache = join(tempDir('kb-feed-cache-'), 'pagefind');
  PAGES.forEach((p, i) => {
    for (const dir of [out, previous]) {
      mkdirSync(join(dir, p, '..'), { recursive: true });
      writeFileSync(join(dir, p), page(i, 'alpha'));
    }
  });
  const feed = createPagefindFeed({ pages: PAGES, base: BASE, cacheDir: cache, shardPages: 3, reuseFrom: previous });
  feedWith?.(feed);
  await feed.settled();
  const log: string[] = [];
  await indexWithPagefind({
    outDir: out,
    pages: PAGES,
    base: BASE,
    bundleDir: 'kb/pagefind/',
    cacheDir: cache,
    shardPages: 3,
    indexedEarly: feed.indexed,
    log: (l) => log.push(l),
  });
  const files = readdirSync(join(out, 'kb'), { recursive: true, withFileTypes: true })
    .filter((e) => !e.isDirectory() && /\/kb\/pagefind/.test(`${e.parentPath}/`))
    .map((e) => join(e.parentPath, e.name))
    .sort();
  const bytes = Object.fromEntries(files.map((f) => [f.slice(out.length), readFileSync(f).toString('base64')]));
  return { bytes, early: log.filter((l) => l.includes('while the pages rendered')).length, after: log.filter((l) => l.includes('took')).length };
}

const url = (p: string) => `${BASE}${p.replace(/index\.html$/, '')}`;
const bytesOf = (i: number, word = 'alpha') => new TextEncoder().encode(page(i, word));
const shardsOfPages = planSearchShards(PAGES, 3);

describe.each([
  [
    'every page, in the order written',
    (f: ReturnType<typeof createPagefindFeed>) => PAGES.forEach((p, i) => f.take(url(p), bytesOf(i))),
    shardsOfPages.length,
    0,
  ],
  [
    'every page, in reverse',
    (f: ReturnType<typeof createPagefindFeed>) => [...PAGES.entries()].reverse().forEach(([i, p]) => f.take(url(p), bytesOf(i))),
    shardsOfPages.length,
    0,
  ],
  [
    'a page with other bytes than its file',
    (f: ReturnType<typeof createPagefindFeed>) => PAGES.forEach((p, i) => f.take(url(p), bytesOf(i, i === 0 ? 'beta' : 'alpha'))),
    shardsOfPages.length - 1,
    1,
  ],
  [
    'a page never rendered (kept from the last build)',
    (f: ReturnType<typeof createPagefindFeed>) => PAGES.slice(1).forEach((p, i) => f.take(url(p), bytesOf(i + 1))),
    shardsOfPages.length - 1,
    1,
  ],
  [
    'pages outside the notes and the base',
    (f: ReturnType<typeof createPagefindFeed>) => ['/wiki/kb/tags/x/', '/kb/notes/note-0/', '/other/'].forEach((u) => f.take(u, bytesOf(0))),
    0,
    shardsOfPages.length,
  ],
])('the feed, given %s', (_, feedWith, early, after) => {
  it('indexes the shards it has whole while the pages render, the others after; the same bundles as without it', async () => {
    const without = await searchBundles();
    expect(without.after).toBe(shardsOfPages.length);
    const withFeed = await searchBundles(feedWith);
    expect([withFeed.early, withFeed.after]).toEqual([early, after]);
    expect(Object.keys(withFeed.bytes).length).toBeGreaterThan(shardsOfPages.length * 4);
    expect(withFeed.bytes).toEqual(without.bytes);
  });
});

it('keeps at most one whole shard waiting for Pagefind: the page that completes a second one waits for the first', async () => {
  const feed = createPagefindFeed({ pages: PAGES, base: BASE, cacheDir: tempDir(), shardPages: 3 });
  const [first, second] = shardsOfPages as [string[], string[]];
  const at = (p: string) => PAGES.indexOf(p);
  first.forEach((p) => void feed.take(url(p), bytesOf(at(p))));
  const taken = second.map((p) => feed.take(url(p), bytesOf(at(p))));
  expect(await Promise.all(taken.slice(0, -1).map((t) => t.then(() => feed.indexed.size)))).toEqual(second.slice(0, -1).map(() => 0));
  expect(await taken.at(-1)!.then(() => feed.indexed.size)).toBe(1);
  await feed.settled();
  expect(feed.indexed.size).toBe(2);
});

describe('what the middleware asks the feed', () => {
  const feed = createPagefindFeed({ pages: ['kb/notes/a/index.html', 'kb/notes/café/b/index.html'], base: BASE, cacheDir: tempDir(), shardPages: undefined });
  it.each([
    ['/wiki/kb/notes/a/', true],
    ['/wiki/kb/notes/caf%C3%A9/b/', true],
    ['/wiki/kb/notes/a', true],
    ['/kb/notes/a/', false],
    ['/wiki/kb/notes/', false],
    ['/wiki/kb/tags/a/', false],
    ['/wiki/kb/notes/%E0%A4%A/', false],
  ])('%s → %s', (pathname, wanted) => expect(feed.wants(pathname)).toBe(wanted));
});

const SIDEBAR = '<body><header>x</header><nav>y</nav><main id="main"><article data-pagefind-body>z</article></main></body>';
describe.each([
  ['a note page: the header and sidebar go', SIDEBAR, '<body><main id="main"><article data-pagefind-body>z</article></main></body>'],
  [
    'a filter before <main>: kept whole',
    SIDEBAR.replace('<nav>', '<nav data-pagefind-filter="x">'),
    SIDEBAR.replace('<nav>', '<nav data-pagefind-filter="x">'),
  ],
  ['no data-pagefind-body (the whole body is indexed): kept whole', SIDEBAR.replace(' data-pagefind-body', ''), SIDEBAR.replace(' data-pagefind-body', '')],
  [
    'no <main>: kept whole',
    '<body><nav>y</nav><article data-pagefind-body>z</article></body>',
    '<body><nav>y</nav><article data-pagefind-body>z</article></body>',
  ],
  ['no <body>: kept whole', '<main><article data-pagefind-body>z</article></main>', '<main><article data-pagefind-body>z</article></main>'],
])('searchableHtml: %s', (_, html, searchable) => {
  it('gives Pagefind this', () => expect(searchableHtml(html)).toBe(searchable));
});

it('Pagefind writes the same bundle from the pages as written and as searchableHtml gives them', async () => {
  const bundle = async (transform: (html: string) => string) => {
    const dir = tempDir('kb-searchable-');
    const { index } = await pagefind.createIndex({ maxFragments: 2 });
    for (const [i, p] of PAGES.entries()) await index!.addHTMLFile({ url: url(p), content: transform(page(i, 'alpha')) });
    await index!.writeFiles({ outputPath: dir });
    await index!.deleteIndex();
    const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory());
    return Object.fromEntries(files.map((e) => [join(e.parentPath, e.name).slice(dir.length), readFileSync(join(e.parentPath, e.name)).toString('base64')]));
  };
  expect(searchableHtml(page(0, 'alpha')).length).toBeLessThan(page(0, 'alpha').length);
  const [written, searchable] = [await bundle((h) => h), await bundle(searchableHtml)];
  expect(Object.keys(written).some((f) => f.includes('filter'))).toBe(true);
  expect(searchable).toEqual(written);
  await pagefind.close();
});

it('a shard sent ahead, up to IN_FLIGHT pages unanswered, is the bundle of its pages sent one at a time', async () => {
  const pages = notes(IN_FLIGHT * 2 + 5);
  const contents = pages.map((_, i) => new TextEncoder().encode(page(i, i % 4 ? 'alpha' : 'beta')));
  const read = (dir: string) =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => !e.isDirectory())
        .map((e) => [join(e.parentPath, e.name).slice(dir.length), readFileSync(join(e.parentPath, e.name)).toString('base64')]),
    );
  const ahead = tempDir('kb-shard-ahead-');
  await indexShard(pages, contents, BASE, ahead);
  const oneByOne = tempDir('kb-shard-one-by-one-');
  const { index } = await pagefind.createIndex({ maxFragments: fragmentFiles(pages.length) });
  for (const [i, p] of pages.entries()) await index!.addHTMLFile({ url: url(p), content: searchableHtml(page(i, i % 4 ? 'alpha' : 'beta')) });
  await index!.writeFiles({ outputPath: oneByOne });
  await index!.deleteIndex();
  await pagefind.close();
  expect(Object.keys(read(ahead)).length).toBeGreaterThan(5);
  expect(read(ahead)).toEqual(read(oneByOne));
});
