// Each note's links as a fact of its file (FileReading.links): scanned once per content, by the reading's threads or on
// a cache hit that lacks them, kept in the index cache, and handed to every reader of a build through one memo.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { indexCacheFrom } from '../../src/cli/flags.js';
import { main } from '../../src/cli/main.js';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.js';
import { createLinkScan } from '../../src/core/links/createLinkScan.js';
import { linksAfter } from '../../src/core/links/linksAfter.js';
import { stripComments } from '../../src/core/model/stripComments.js';
import { bodyOf, fileReadingKey, type FileReading } from '../../src/node/cache/fileReading.js';
import { openIndexCache } from '../../src/node/cache/indexCache.js';
import { takeFiles } from '../../src/node/cache/prefillFacts.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { markdownRenderJob, noteRenderJob, withoutTitleHeading, type RenderJobContext } from '../../src/node/site/noteRenderJobs.js';
import { captureIo, CONTENT, copyFixture, fixture, tempDir } from './foundationSupport.js';
import { prepareFixture } from './preparedSite.js';

// Every text scanLinks parses in this file, whoever calls it (the reading, the memo, the readers).
const scanned = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('../../src/core/links/scanLinks.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/core/links/scanLinks.js')>();
  return { ...original, scanLinks: (body: string) => (scanned.texts.push(body), original.scanLinks(body)) };
});
const { scanLinks } = await vi.importActual<typeof import('../../src/core/links/scanLinks.js')>('../../src/core/links/scanLinks.js');

/** The texts scanLinks parsed while `run` ran. */
async function scansOf(run: () => unknown): Promise<string[]> {
  scanned.texts = [];
  await run();
  return scanned.texts;
}

/** How often each of `bodies` was parsed among `texts`. */
function parsesOf(texts: readonly string[], bodies: Iterable<string>): number[] {
  const count = new Map<string, number>();
  for (const t of texts) count.set(t, (count.get(t) ?? 0) + 1);
  return [...bodies].map((b) => count.get(b) ?? 0);
}

const FOLDERS: [string, string][] = [
  ...['obsidian', 'obsidian-publish', 'site-basic', 'hostile', 'secrets-basic', 'flat-vault'].map((n): [string, string] => [n, fixture(n)]),
  ['content', CONTENT],
];

describe.each(FOLDERS)('%s: the links fact of a reading', (_name, dir) => {
  it('is scanLinks of each note’s body as handed on', () => {
    const { input } = indexKnowledgeFolder(dir, { links: true, prefill: { workers: 0 } }).reading;
    expect(input.notes.length).toBeGreaterThan(0);
    for (const n of input.notes) expect(n.facts?.links, n.path).toEqual(scanLinks(n.body));
  });

  it('is not scanned by a reading that does not ask for it (kb index)', async () => {
    let notes: { facts?: { links?: unknown } | undefined }[] = [];
    expect(await scansOf(() => (notes = indexKnowledgeFolder(dir, { prefill: { workers: 0 } }).reading.input.notes))).toEqual([]);
    expect(notes.filter((n) => n.facts?.links !== undefined)).toEqual([]);
  });
});

describe.each([true, false])('the prefill’s threads, asked for links: %s', (links) => {
  it('scan each file’s links as the reading would, or not at all', async () => {
    const kbDir = fixture('obsidian');
    const paths = indexKnowledgeFolder(kbDir)
      .report.filter((e) => /\.md$/.test(e.path))
      .map((e) => e.path);
    const prefilled: [string, FileReading][] = [];
    const texts = await scansOf(() =>
      takeFiles({ kbDir, paths, secrets: { allowAll: false, allow: [] }, links }, new Int32Array(1), (key, f) => prefilled.push([key, f])),
    );
    expect(prefilled.length).toBe(paths.length);
    expect(texts.length).toBe(links ? paths.length : 0);
    for (const [i, [, f]] of prefilled.entries()) {
      const body = stripComments(bodyOf(f, readFileSync(join(kbDir, paths[i]!), 'utf8')).body);
      expect(f.links, paths[i]).toEqual(links ? scanLinks(body) : undefined);
    }
  });
});

describe('the index cache', () => {
  it('kb index keeps no links; kb check scans each note once and stores them; the next kb check reads them', async () => {
    const kb = copyFixture('obsidian');
    const io = captureIo(tempDir(), { KB_NO_CACHE: undefined });
    const { bodies } = indexKnowledgeFolder(kb);
    const cached = () => {
      const cache = openIndexCache(indexCacheFrom(undefined, kb, io)!);
      const keyOf = (path: string) => fileReadingKey(readFileSync(join(kb, path)), join(kb, path));
      return { cache, keyOf, links: [...bodies.keys()].map((p) => cache.get(keyOf(p))?.links) };
    };

    expect(await scansOf(() => main(['index', '--kb', kb, '--out', join(tempDir(), 'out')], io))).toEqual([]);
    expect(cached().links).toEqual([...bodies.keys()].map(() => undefined));

    const first = await scansOf(() => main(['check', '--kb', kb, '--json'], io));
    expect(Math.max(...parsesOf(first, bodies.values())), 'each body parsed at most once').toBe(1);
    expect(cached().links).toEqual([...bodies.values()].map((b) => scanLinks(b)));

    // What is cached is what the next run reads: a link only the cache holds is reported, and no body is parsed.
    const { cache, keyOf } = cached();
    const path = [...bodies].find(([, body]) => body.includes('['))![0]; // a body without `[` is never scanned
    cache.set(keyOf(path), { ...cache.get(keyOf(path))!, links: [{ kind: 'link', line: 1, href: 'only-in-the-cache.md' }] });
    cache.save();
    io.stdout.length = 0;
    const second = await scansOf(() => main(['check', '--kb', kb, '--json'], io));
    expect(parsesOf(second, bodies.values())).toEqual([...bodies.keys()].map(() => 0));
    const report = JSON.parse(io.stdout.join('\n')) as { brokenLinks: { file: string; target: string }[] };
    expect(report.brokenLinks).toContainEqual(expect.objectContaining({ file: path, target: 'only-in-the-cache.md' }));
  });
});

describe.each(['obsidian', 'site-basic', 'obsidian-publish'])('tests/fixtures/%s: a build', (name) => {
  it('parses each note’s body at most once for its links when its cache lacks them, and none when warm', async () => {
    const kb = fixture(name);
    const work = tempDir();
    const { config } = await prepareFixture(kb, { work });
    const indexCache = join(config.cacheDir, 'index');
    rmSync(indexCache, { recursive: true });
    indexKnowledgeFolder(kb, { cacheDir: indexCache }); // what `kb index` leaves there: facts without links
    const { bodies } = indexKnowledgeFolder(kb);
    const first = await scansOf(() => prepareFixture(kb, { work }));
    expect(Math.max(...parsesOf(first, bodies.values()))).toBe(1);
    const warm = await scansOf(() => prepareFixture(kb, { work }));
    expect(parsesOf(warm, bodies.values())).toEqual([...bodies.keys()].map(() => 0));
  });
});

// A page shows its body without the title heading. Its links come from the body's (no second parse) when the cut
// cannot change how the rest parses, else from a parse of the rest; either way they are the rest's own.
describe.each([
  // name, body, title, what is parsed
  ['title heading, links below', '# Title\n\nSee [[a]] and [b](b.md).\n\n![pic](x.png)\n', 'Title', 'body'],
  ['title heading, no links', '# Title\n\nText.\n', 'Title', 'body'],
  ['title heading with a wikilink', '# Title [[a]]\n\n[[b]]\n', 'Title [[a]]', 'rest'],
  ['title heading that is a link', '# [Title](x.md)\n[[b]]\n', '[Title](x.md)', 'rest'],
  ['leading blank lines', '\n\n  \n# Title\n[[a]]\n', 'Title', 'body'],
  ['blank lines after the heading', '# Title\n\n\n[[a]]', 'Title', 'body'],
  ['closing hashes, a tab after `#`', '#\tTitle ##\n[[a]]\n', 'Title', 'body'],
  ['`%%` comment below the heading', '# Title\n%% [[hidden]] %%\n[[a]]\n', 'Title', 'body'],
  ['`%%` comment opened in the heading', '# Title %%\n[[a]]\n%%\n[[b]]\n', 'Title %%', 'rest'],
  ['reference definition below', '# Title\n[x][r]\n\n[r]: r.md\n', 'Title', 'body'],
  ['footnote and fenced code below', '# Title\nText[^1]\n```\n[[not]]\n```\n\n[^1]: See [[a]].\n', 'Title', 'body'],
  ['no heading', 'Text [[a]]\n', 'Title', 'body'],
  ['a heading that is not the title', '# Other\n[[a]]\n', 'Title', 'body'],
  ['only the heading', '# Title', 'Title', 'rest'],
  ['`#`, then the title as a paragraph a lazy line continues', '#\n\nTitle\n    [[a]]\n', 'Title', 'rest'],
  ['an empty heading, then the title as such a paragraph', '# \nTitle\n    [[a]]\n', 'Title', 'rest'],
  ['a no-break space after `#` (a paragraph, not a heading)', '#\u00a0Title\n    [[a]]\n', 'Title', 'rest'],
  ['heading indented four spaces (code)', '    # Title\n[[a]]\n', 'Title', 'rest'],
  ['code, HTML or math in the heading', '# Title `x` <b>y</b> $z$\n[[a]]\n', 'Title `x` <b>y</b> $z$', 'rest'],
  ['CRLF', '# Title\r\n[[a]]\r\n', 'Title', 'rest'],
])('%s', (_name, body, title, parsed) => {
  const shown = withoutTitleHeading(body, title);

  it('gives the links of what is shown', () => {
    const asked: string[] = [];
    const links = linksAfter(body, body.length - shown.length, (t) => (asked.push(t), scanLinks(t)));
    expect(links).toEqual(scanLinks(shown));
    expect(asked).toEqual([parsed === 'body' ? body : shown]);
  });

  it('gives the render job, from the build’s memo, as a parse of what is shown does', () => {
    const notes = ['a', 'b', 'r', 'x'].map((n) => ({ path: `${n}.md`, slug: n, title: n.toUpperCase() }));
    const ctx: RenderJobContext = {
      links: { targets: notes, files: ['x.png'], unpublished: [], resolver: createLinkResolver({ notes, files: ['x.png'] }) },
      bodies: new Map([['note.md', body]]),
      byPath: new Map(notes.map((n) => [n.path, n])),
      attachmentSizes: new Map([['x.png', { width: 2, height: 1 }]]),
      root: '/',
      trustHtml: false,
      rendererHash: 'test',
    };
    const memo = createLinkScan([[body, scanLinks(body)]]);
    const note = { path: 'note.md', title };
    expect(noteRenderJob({ ...ctx, scan: memo }, note)).toEqual(markdownRenderJob(ctx, note.path, shown));
  });
});
