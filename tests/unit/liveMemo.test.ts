// A live preview's memo (LiveMemo in src/site/prepare/prepareSite.ts): the folder's readings kept by each file's stat
// (src/node/cache/readingMemo.ts) and the notes' render jobs kept by what they are made from
// (src/node/site/renderJobMemo.ts). After every kind of edit a preparation with the memo writes the site's data byte for
// byte as one without it does, and it reuses what the edit did not touch.
import { cpSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openIndexCache } from '../../src/node/cache/indexCache.ts';
import { nodeFs } from '../../src/node/fs/kbFs.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { RACY_MS, createReadingMemo, fileStamp } from '../../src/node/cache/readingMemo.ts';
import { createLiveMemo, type PreparedSite } from '../../src/site/prepare/prepareSite.ts';
import { prepareFixture } from './preparedSite.ts';
import { FIXTURES, tempDir } from './foundationSupport.ts';

/** Every file under `dir` dated an hour back (their ctime stays the copy's). */
function backdate(dir: string): void {
  const old = Date.now() / 1000 - 3600;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) if (entry.isFile()) utimesSync(join(entry.parentPath, entry.name), old, old);
}

/** What the pages read (site.json without the cache folder's own path, bodies.txt, boards.json) and the build's lists. */
function written(site: PreparedSite): Record<string, unknown> {
  const dir = site.config.dataDir;
  const data = JSON.parse(readFileSync(join(dir, 'site.json'), 'utf8')) as Record<string, unknown>;
  delete data['htmlDir'];
  return {
    data,
    bodies: readFileSync(join(dir, 'bodies.txt'), 'utf8'),
    boards: readFileSync(join(dir, 'boards.json'), 'utf8'),
    summary: site.summary,
    broken: site.brokenLinks,
    redirects: site.redirects,
    attachments: site.attachments,
  };
}

describe('a live preview’s memo', () => {
  const kb = join(tempDir('kb-live-'), 'kb');
  cpSync(join(FIXTURES, 'obsidian'), kb, { recursive: true });
  backdate(kb);
  const memo = createLiveMemo({ racyMs: 0 });
  const withMemo = join(tempDir('kb-live-memo-'), 'work');
  const without = join(tempDir('kb-live-none-'), 'work');
  /** Prepares the folder with the memo and without (a work folder each), and expects the same data from both. */
  let fresh: PreparedSite | undefined;
  const prepareBoth = async () => {
    const kept = await prepareFixture(kb, { work: withMemo, memo });
    fresh = await prepareFixture(kb, { work: without });
    expect(written(kept)).toEqual(written(fresh));
    return kept;
  };
  const edit = (path: string, change: (text: string) => string) => writeFileSync(join(kb, path), change(readFileSync(join(kb, path), 'utf8')));

  it('reuses every reading and every job when nothing changed', async () => {
    await prepareBoth();
    const readings = new Map(memo.reading.files);
    const jobs = new Map(memo.jobs.jobs);
    expect(readings.size).toBeGreaterThan(15);
    expect(jobs.has('guides/deep-1.md')).toBe(true);
    await prepareBoth();
    for (const [path, entry] of readings) expect(memo.reading.files.get(path), path).toBe(entry);
    for (const [path, entry] of jobs) expect(memo.jobs.jobs.get(path), path).toBe(entry);
  });

  it('reads a saved note again, and makes again the jobs of the notes that embed it, at any depth', async () => {
    const before = new Map(memo.jobs.jobs);
    const reading = memo.reading.files.get('guides/deep-1.md');
    edit('guides/deep-3.md', (text) => `${text}\nA line written live.\n`);
    const site = await prepareBoth();
    expect(memo.reading.files.get('guides/deep-1.md')).toBe(reading);
    expect(site.result.bodies.get('guides/deep-3.md')).toContain('A line written live.');
    for (const path of ['guides/deep-1.md', 'guides/deep-2.md', 'guides/deep-3.md']) expect(memo.jobs.jobs.get(path), path).not.toBe(before.get(path));
    expect(memo.jobs.jobs.get('decisions/008-postgres.md')).toBe(before.get('decisions/008-postgres.md'));
    // The index cache still holds the files the memo read for it: the next build is as warm as after a reading without.
    const entries = (prepared: PreparedSite) => openIndexCache(join(prepared.config.cacheDir, 'index')).loaded;
    expect(entries(site)).toBe(entries(fresh!));
    expect(entries(site)).toBeGreaterThan(15);
  });

  it('sees an edit that keeps the size and the modification time (the inode’s change time moved)', async () => {
    const file = join(kb, 'guides/self.md');
    const { mtime } = statSync(file);
    edit('guides/self.md', (text) => text.replace(/a/, 'b'));
    utimesSync(file, mtime, mtime);
    const site = await prepareBoth();
    expect(site.result.bodies.get('guides/self.md')).toBe(readFileSync(file, 'utf8').replace(/^---[\s\S]*?---\n/, ''));
  });

  it('makes every job again when a link may lead elsewhere: a renamed title, an added note and attachment, a deleted note', async () => {
    edit('decisions/007-redis-for-caching.md', (text) => text.replace('title: Redis for caching and rate limits', 'title: Redis, renamed live'));
    await prepareBoth();
    writeFileSync(join(kb, 'guides/new.md'), '---\ntitle: New\ntags: [fixture, caching]\n---\nSee [[deep-1]] and ![[extra.png]].\n');
    cpSync(join(kb, 'img/diagram.png'), join(kb, 'img/extra.png'));
    await prepareBoth();
    rmSync(join(kb, 'guides/deep-5.md'));
    await prepareBoth();
    expect(memo.reading.files.has('guides/deep-5.md')).toBe(false);
    expect(memo.jobs.jobs.has('guides/deep-5.md')).toBe(false);
  });

  it('takes each file’s stat once, in the walk: a kept reading is reused without another', async () => {
    const stat = vi.spyOn(nodeFs, 'stat');
    try {
      const site = await prepareFixture(kb, { work: withMemo, memo });
      // The notes in folders (the folder's top-level entries are looked at once more, for its layout).
      const notes = new Set(site.result.index.notes.filter((note) => note.path.includes('/')).map((note) => join(kb, note.path)));
      expect(notes.size).toBeGreaterThan(10);
      expect(stat).toHaveBeenCalled(); // the folder itself, at least
      expect(stat.mock.calls.map(([path]) => path).filter((path) => notes.has(path))).toEqual([]);
    } finally {
      stat.mockRestore();
    }
  });

  it('parses kb.config.yaml again only when its text changed, and a reading’s copy of it never reaches the next', async () => {
    const first = await prepareBoth();
    const key = memo.reading.config.key;
    expect(key).toContain('Obsidian fixture');
    first.result.reading.config.title = 'Changed by a reader';
    first.result.reading.config.secrets.allow.push('a reader’s value');
    const same = await prepareBoth();
    expect(memo.reading.config.key).toBe(key);
    expect(same.result.reading.config.title).toBe('Obsidian fixture');
    expect(same.result.reading.config.secrets.allow).not.toContain('a reader’s value');
    edit('kb.config.yaml', (text) => text.replace('title: Obsidian fixture', 'title: Obsidian fixture, renamed live'));
    const renamed = await prepareBoth();
    expect(renamed.result.index.title).toBe('Obsidian fixture, renamed live');
    edit('kb.config.yaml', (text) => text.replace('title: Obsidian fixture, renamed live', 'title: Obsidian fixture'));
    await prepareBoth();
  });

  it('never keeps the job of a note with a query block: its answer reads the whole folder', async () => {
    expect(memo.jobs.jobs.has('guides/queries.md')).toBe(false);
    edit('decisions/008-postgres.md', (text) => text.replace(/^tags: \[/m, 'tags: [caching, '));
    await prepareBoth();
  });
});

describe('the index cache of a live preview', () => {
  it('is written when the preview says (kb dev: once the reloaded page is answered), with every file the reading used', () => {
    const kb = join(tempDir('kb-live-cache-'), 'kb');
    cpSync(join(FIXTURES, 'obsidian'), kb, { recursive: true });
    const cacheDir = join(tempDir('kb-live-cache-dir-'), 'index');
    let save: (() => void) | undefined;
    const folder = indexKnowledgeFolder(kb, { cacheDir, saveCache: (write) => (save = write) });
    expect(openIndexCache(cacheDir).loaded).toBe(0);
    save!();
    // Every file read (the private notes too: what is left out is decided from them).
    expect(openIndexCache(cacheDir).loaded).toBeGreaterThan(folder.reading.input.notes.length);
    // The same entries as a reading that writes it at once.
    const other = join(tempDir('kb-live-cache-dir-'), 'index');
    indexKnowledgeFolder(kb, { cacheDir: other });
    expect(readFileSync(join(other, 'file-facts.bin'))).toEqual(readFileSync(join(cacheDir, 'file-facts.bin')));
  });
});

describe('fileStamp', () => {
  const st = { dev: 1, ino: 2, size: 3, mtimeMs: 1_000_000, ctimeMs: 1_000_500 };
  it.each([
    ['both times older than RACY_MS: kept', 1_000_500 + RACY_MS + 1, '1:2:3:1000000:1000500'],
    ['the change time within RACY_MS: read again next time', 1_000_500 + RACY_MS - 1, undefined],
    ['a time ahead of the clock', 999_000, undefined],
  ])('%s', (_name, now, expected) => expect(fileStamp(st, now)).toBe(expected));

  it('a memo made without options waits RACY_MS', () => expect(createReadingMemo().racyMs).toBe(RACY_MS));
});
