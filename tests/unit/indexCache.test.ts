// The index cache (issue 6): a warm re-index reads only the files that changed, and the cache never changes
// the output: no cache, a cold cache and a warm one give byte-identical results.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { indexCacheFrom } from '../../src/cli/flags.js';
import { fileReadingKey } from '../../src/node/cache/fileReading.js';
import { INDEX_CACHE_FILE, openIndexCache } from '../../src/node/cache/indexCache.js';
import { cacheCodeKey } from '../../src/node/cache/cacheCode.js';
import { indexKnowledgeFolder, type IndexedFolder, type IndexOptions } from '../../src/node/indexKnowledgeFolder.js';
import { serialiseIndex } from '../../src/node/writeIndexOutputs.js';
import { captureIo, CONTENT, copyFixture, fixture, fixtureFolders, tempDir } from './foundationSupport.js';

/** The fixture with CRLF, BOM and Latin-1 files added (git would not keep their bytes). */
function cacheFixture(): string {
  const dir = copyFixture('index-cache');
  writeFileSync(join(dir, 'guides/windows.md'), '\uFEFF---\r\ntitle: Written on Windows\r\ntags: [crlf]\r\n---\r\n# Windows\r\n\r\nLine two.\r\n');
  writeFileSync(join(dir, 'guides/latin1.md'), Buffer.from('# Caf\xe9\n\nNot UTF-8: d\xe9j\xe0 vu.\n', 'latin1'));
  return dir;
}

/** Everything indexKnowledgeFolder hands on, or the error it threw. */
function outcome(dir: string, options: IndexOptions = {}) {
  try {
    const r: Partial<IndexedFolder> = indexKnowledgeFolder(dir, options);
    delete r.cacheDir; // which cache was used is the one thing allowed to differ
    return { index: serialiseIndex(r.index!), result: r };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

/** The whole outcome as text: Maps and Sets by their entries, undefined kept apart from a missing key. */
function asText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Map ? { map: [...v] } : v instanceof Set ? { set: [...v] } : v === undefined ? '\0undefined' : v,
  );
}

const folders: [string, () => string][] = [
  ...fixtureFolders().map((name): [string, () => string] => [`tests/fixtures/${name}`, () => fixture(name)]),
  ['tests/fixtures/index-cache with CRLF, BOM and Latin-1', cacheFixture],
  ['content/', () => CONTENT],
];

describe.each(folders)('%s: no cache, cold cache, warm cache', (_name, dirOf) => {
  const dir = dirOf();
  const cacheDir = join(tempDir(), 'cache');
  const none = outcome(dir);
  const cold = outcome(dir, { cacheDir });
  const warm = outcome(dir, { cacheDir });
  // Compared as text (Maps and Sets as their entries): a deep equality walk over every body took over a minute.
  it('cold equals no cache', () => expect(asText(cold)).toBe(asText(none)));
  it('warm equals no cache', () => expect(asText(warm)).toBe(asText(none)));
  it('the index file is byte-identical', () => {
    expect(cold.index).toBe(none.index);
    expect(warm.index).toBe(none.index);
  });
  it.skipIf('error' in none)('the warm run read its facts from the cache', () => expect(openIndexCache(cacheDir).loaded).toBeGreaterThan(0));
});

describe('a warm run', () => {
  it('takes a file’s facts from the cache (keyed by its bytes and name)', () => {
    const dir = cacheFixture();
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(dir, { cacheDir });
    const abs = join(dir, 'decisions/use-postgres.md');
    const key = fileReadingKey(readFileSync(abs), abs);
    const cache = openIndexCache(cacheDir);
    cache.set(key, { ...cache.get(key)!, tokens: 424242 });
    cache.save();
    expect(indexKnowledgeFolder(dir, { cacheDir }).index.notes.find((n) => n.path === 'decisions/use-postgres.md')?.tokens).toBe(424242);
  });

  it('re-reads a changed file, forgets the old entry and matches a run without cache', () => {
    const dir = cacheFixture();
    const cacheDir = join(tempDir(), 'cache');
    const abs = join(dir, 'decisions/use-postgres.md');
    const before = readFileSync(abs);
    indexKnowledgeFolder(dir, { cacheDir });
    writeFileSync(abs, before.toString('utf8').replace('title: Use Postgres for orders', 'title: Orders in Postgres').replace('## Consequences', '## Outcome'));
    const warm = indexKnowledgeFolder(dir, { cacheDir });
    const note = warm.index.notes.find((n) => n.path === 'decisions/use-postgres.md')!;
    expect(note.title).toBe('Orders in Postgres');
    expect(note.headings).toContain('Outcome');
    expect(serialiseIndex(warm.index)).toBe(serialiseIndex(indexKnowledgeFolder(dir).index));
    const cache = openIndexCache(cacheDir);
    expect(cache.get(fileReadingKey(before, abs))).toBeUndefined();
    expect(cache.get(fileReadingKey(readFileSync(abs), abs))).toBeDefined();
  });

  it('forgets a deleted file', () => {
    const dir = cacheFixture();
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(dir, { cacheDir });
    const loaded = openIndexCache(cacheDir).loaded;
    rmSync(join(dir, 'guides/no-frontmatter.md'));
    indexKnowledgeFolder(dir, { cacheDir });
    expect(openIndexCache(cacheDir).loaded).toBe(loaded - 1);
  });

  it('counts a note’s tokens when the same bytes were an idea before', () => {
    const dir = cacheFixture();
    const cacheDir = join(tempDir(), 'cache');
    const text = '# Same bytes\n\nFirst an idea, then a decision.\n';
    writeFileSync(join(dir, 'intake/ideas/2026-02-01-same.md'), text);
    indexKnowledgeFolder(dir, { cacheDir });
    rmSync(join(dir, 'intake/ideas/2026-02-01-same.md'));
    writeFileSync(join(dir, 'decisions/2026-02-01-same.md'), text);
    const note = indexKnowledgeFolder(dir, { cacheDir }).index.notes.find((n) => n.path === 'decisions/2026-02-01-same.md');
    expect(note?.tokens).toBe(indexKnowledgeFolder(dir).index.notes.find((n) => n.path === 'decisions/2026-02-01-same.md')?.tokens);
    expect(note?.tokens).toBeGreaterThan(0);
  });
});

describe('a warm cache and the secret policy', () => {
  it('facts derived under one policy (redacting) are never served under another (allowing), and back', () => {
    const dir = fixture('secrets-basic');
    const cacheDir = join(tempDir(), 'cache');
    const body = (r: IndexedFolder) => r.bodies.get('guides/webhook-url.md') ?? '';
    expect(body(indexKnowledgeFolder(dir, { cacheDir }))).toContain('[redacted: basicauth]');
    const allowed = indexKnowledgeFolder(dir, { cacheDir, allowSecrets: true });
    expect(body(allowed)).toContain('S3cr3tPassw0rd');
    expect([...allowed.bodies]).toEqual([...indexKnowledgeFolder(dir, { allowSecrets: true }).bodies]);
    expect(body(indexKnowledgeFolder(dir, { cacheDir }))).not.toContain('S3cr3tPassw0rd');
  });
});

describe('the cache file', () => {
  const dir = cacheFixture();
  const baseline = serialiseIndex(indexKnowledgeFolder(dir).index);

  it.each([
    ['damaged (cut short)', (file: string) => truncateSync(file, 100)],
    ['not a cache at all', (file: string) => writeFileSync(file, 'hello')],
  ])('%s reads as empty and is rewritten', (_name, damage) => {
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(dir, { cacheDir });
    damage(join(cacheDir, INDEX_CACHE_FILE));
    expect(openIndexCache(cacheDir).loaded).toBe(0);
    expect(serialiseIndex(indexKnowledgeFolder(dir, { cacheDir }).index)).toBe(baseline);
    expect(openIndexCache(cacheDir).loaded).toBeGreaterThan(0);
  });

  it('written by other code is not read (tests/unit/cacheKeys.test.ts changes the code)', () => {
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(dir, { cacheDir });
    expect(openIndexCache(cacheDir, cacheCodeKey('indexFacts')).loaded).toBeGreaterThan(0);
    expect(openIndexCache(cacheDir, `${cacheCodeKey('indexFacts')} other`).loaded).toBe(0);
  });

  it('is not rewritten when nothing changed, and leaves no temporary file', () => {
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(dir, { cacheDir });
    const file = join(cacheDir, INDEX_CACHE_FILE);
    utimesSync(file, new Date('2000-01-01'), new Date('2000-01-01')); // a rewrite would bring the clock's time
    indexKnowledgeFolder(dir, { cacheDir });
    expect(statSync(file).mtime.toISOString()).toBe('2000-01-01T00:00:00.000Z');
    expect(readdirSync(cacheDir)).toEqual([INDEX_CACHE_FILE]);
  });

  it('is never written inside the knowledge folder', () => {
    const inside = join(dir, '.kb-build', 'cache');
    expect(serialiseIndex(indexKnowledgeFolder(dir, { cacheDir: inside }).index)).toBe(baseline);
    expect(existsSync(join(dir, '.kb-build'))).toBe(false);
  });
});

describe('kb and the cache', () => {
  const kb = fixture('index-cache');

  it.each([
    ['by default: .kb-build/cache/index-<hash>/ under the working directory', [] as string[], { KB_NO_CACHE: undefined }, true],
    ['--no-cache', ['--no-cache'], { KB_NO_CACHE: undefined }, false],
    ['KB_NO_CACHE=1', [], { KB_NO_CACHE: '1' }, false],
  ])('%s', async (_name, flags, env, cached) => {
    const cwd = tempDir();
    for (const argv of [
      ['index', '--kb', kb, '--out', join(cwd, 'out'), ...flags],
      ['check', '--kb', kb, ...flags],
      ['query', '--kb', kb, ...flags, 'database'],
      ['search', '--kb', kb, ...flags, 'postgres'],
      ['context', '--kb', kb, ...flags, '--task', 'orders database'],
      ['pack', '--kb', kb, '--out', join(cwd, 'packs'), ...flags],
    ]) {
      const io = captureIo(cwd, env);
      await main(argv, io);
      expect(io.stderr.join('')).not.toMatch(/usage/i);
    }
    const dir = indexCacheFrom(false, kb, captureIo(cwd, { KB_NO_CACHE: undefined }));
    expect(dir).toMatch(/[/\\]\.kb-build[/\\]cache[/\\]index-[0-9a-f]{16}$/);
    expect(existsSync(join(dir!, INDEX_CACHE_FILE))).toBe(cached);
    expect(existsSync(join(dir!, 'pack-data')), 'the pack data is cached beside the index').toBe(cached);
    expect(existsSync(join(cwd, '.kb-build'))).toBe(cached);
  });

  it('gives the same pack with no cache, a cold cache and a warm one', async () => {
    const cwd = tempDir();
    const packs = [];
    for (const env of [{ KB_NO_CACHE: '1' }, { KB_NO_CACHE: undefined }, { KB_NO_CACHE: undefined }]) {
      const io = captureIo(cwd, env);
      await main(['context', '--kb', kb, '--task', 'orders database', '--today', '2026-10-15', '--json'], io);
      packs.push(io.stdout.join(''));
    }
    expect(packs[0]).toMatch(/"citations"/);
    expect(packs[1]).toBe(packs[0]);
    expect(packs[2]).toBe(packs[0]);
  });

  it('keeps one cache per knowledge folder', () => {
    const io = captureIo(tempDir(), { KB_NO_CACHE: undefined });
    expect(indexCacheFrom(undefined, fixture('aria-basic'), io)).not.toBe(indexCacheFrom(undefined, kb, io));
  });

  it('search keeps a literal --no-cache after --', async () => {
    const io = captureIo(tempDir());
    await main(['search', '--kb', kb, '--', '--no-cache'], io);
    expect(io.stdout.join('')).toMatch(/--no-cache/);
  });
});
