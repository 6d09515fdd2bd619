// The index snapshot (issue 18): `kb query`, `kb search` and `kb context` load the index from one file while
// every file and folder it was read from keeps its signature, and read the folder again as soon as one does
// not. The answer never depends on which path was taken.
import { appendFileSync, cpSync, mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { indexCacheFrom } from '../../src/cli/flags.js';
import { loadFolderIndex, type LoadFolderOptions } from '../../src/node/cache/loadFolderIndex.js';
import { readSnapshot, SNAPSHOT_FILE } from '../../src/node/cache/indexSnapshot.js';
import { recordingFs, stillHolds, isRacy } from '../../src/node/fs/recordingFs.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { captureIo, fixture, tempDir } from './foundationSupport.js';

/** aria-basic with its shared project's code root moved outside the knowledge folder (`path: ../pay-api`). */
function folderWithOutsideShare(): { kb: string; outside: string } {
  const root = tempDir();
  const kb = join(root, 'kb');
  cpSync(fixture('aria-basic'), kb, { recursive: true });
  const outside = join(root, 'pay-api');
  renameSync(join(kb, 'repos/pay-api'), outside);
  const config = join(kb, 'kb.config.yaml');
  writeFileSync(config, readFileSync(config, 'utf8').replace('path: repos/pay-api', 'path: ../pay-api'));
  return { kb, outside };
}

/** Index and bodies as text (what the commands print is computed from these alone). */
function answer(folder: { index: unknown; bodies: ReadonlyMap<string, string> | undefined }): string {
  return JSON.stringify({ index: folder.index, bodies: [...(folder.bodies ?? [])] });
}

const expected = (kb: string) => answer(indexKnowledgeFolder(kb));
// The reading's clock is fixed far after every fixture file's change time, so a snapshot is always kept: whether
// it is never depends on how many milliseconds passed between writing a fixture and reading it.
const AFTER_EVERY_CHANGE = () => 8.64e15;
const load = (kb: string, cacheDir: string, options: LoadFolderOptions = {}) =>
  loadFolderIndex(kb, { cacheDir, racyMs: 0, now: AFTER_EVERY_CHANGE, ...options });

/** Same size, other bytes: only the times and the change time tell. */
function sameSizeEdit(file: string): void {
  const text = readFileSync(file, 'utf8');
  const at = text.lastIndexOf('e');
  writeFileSync(file, `${text.slice(0, at)}E${text.slice(at + 1)}`);
}

const changes: [string, (kb: string, outside: string) => void][] = [
  ['edit a note (same size)', (kb) => sameSizeEdit(join(kb, 'approaches/api-versioning.md'))],
  [
    'edit a note and put its modification time back',
    (kb) => {
      const file = join(kb, 'approaches/api-versioning.md');
      sameSizeEdit(file);
      utimesSync(file, ROUND_TIME, ROUND_TIME); // as the snapshot saw it (see below)
    },
  ],
  ['add a note', (kb) => writeFileSync(join(kb, 'approaches/new-note.md'), '---\ntitle: New\ntags: [api]\n---\n# New\n')],
  ['add a note in a new folder', (kb) => (mkdirSync(join(kb, 'approaches/deeper')), writeFileSync(join(kb, 'approaches/deeper/n.md'), '# Deeper\n'))],
  ['delete a note', (kb) => rmSync(join(kb, 'approaches/api-versioning.md'))],
  ['rename a note', (kb) => renameSync(join(kb, 'approaches/api-versioning.md'), join(kb, 'approaches/versioning.md'))],
  ['change kb.config.yaml', (kb) => appendFileSync(join(kb, 'kb.config.yaml'), '  api-v: api\n')],
  ['add aliases.md', (kb) => writeFileSync(join(kb, 'aliases.md'), '# Aliases\n\n- rest: api\n')],
  ['add index.md', (kb) => writeFileSync(join(kb, 'index.md'), '# Index\n\n- api [aliases: endpoints]\n')],
  ['add an aria config', (kb) => writeFileSync(join(kb, 'aria-knowledge.local.md'), '---\nknown_tags: [api, queues]\n---\n')],
  ['touch a note without changing it', (kb) => utimesSync(join(kb, 'approaches/api-versioning.md'), new Date(), new Date())],
  ['edit a team-shared note outside the folder', (_kb, outside) => appendFileSync(join(outside, '_project-knowledge/2026-01-refund-rounding.md'), '\nMore.\n')],
  ['add a team-shared note outside the folder', (_kb, outside) => writeFileSync(join(outside, '_project-knowledge/cross/new.md'), '# New shared\n')],
  ['remove the tracked CODEMAP', (_kb, outside) => rmSync(join(outside, 'CODEMAP.md'))],
  ['remove the STITCH.md', (kb) => rmSync(join(kb, 'repos/mobile-app/STITCH.md'))],
  [
    'add intake/ideas-backlog.md',
    (kb) => (mkdirSync(join(kb, 'intake'), { recursive: true }), writeFileSync(join(kb, 'intake/ideas-backlog.md'), '# Ideas\n')),
  ],
  ['add .obsidian/ (inline tags on)', (kb) => mkdirSync(join(kb, '.obsidian'))],
];

/** A time a file can be set back to exactly (whole seconds). */
const ROUND_TIME = new Date('2026-01-02T03:04:05Z');

describe.each(changes)('%s', (_name, change) => {
  it('is seen: the folder is read again, and the answer is the one without any cache', async () => {
    const { kb, outside } = folderWithOutsideShare();
    utimesSync(join(kb, 'approaches/api-versioning.md'), ROUND_TIME, ROUND_TIME);
    const cacheDir = join(tempDir(), 'cache');
    await load(kb, cacheDir);
    const warm = await load(kb, cacheDir);
    expect(warm.from).toBe('snapshot');
    expect(answer(warm)).toBe(expected(kb));
    change(kb, outside);
    const after = await load(kb, cacheDir);
    expect(after.from).toBe('reading');
    expect(answer(after)).toBe(expected(kb));
    const again = await load(kb, cacheDir);
    expect(again.from, 'the new snapshot is written').toBe('snapshot');
    expect(answer(again)).toBe(expected(kb));
  });
});

describe('a snapshot', () => {
  it('answers like a reading for every fixture (index, bodies)', async () => {
    for (const name of ['aria-basic', 'query-aria', 'search-learnings', 'context-basic', 'secrets-basic', 'obsidian', 'private-notes']) {
      const cacheDir = join(tempDir(), 'cache');
      const kb = fixture(name);
      await load(kb, cacheDir);
      const warm = await load(kb, cacheDir);
      expect(warm.from, name).toBe('snapshot');
      expect(answer(warm), name).toBe(expected(kb));
    }
  });

  it('leaves the bodies out when they are not asked for', async () => {
    const kb = fixture('search-learnings');
    const cacheDir = join(tempDir(), 'cache');
    await load(kb, cacheDir);
    const ids: string[] = [];
    const warm = await load(kb, cacheDir, { bodies: (id) => (ids.push(id), false) });
    expect(warm.from).toBe('snapshot');
    expect(warm.bodies).toBeUndefined();
    expect(ids).toEqual([warm.snapshotId]);
  });

  it('is kept apart by the secret policy', async () => {
    const kb = fixture('secrets-basic');
    const cacheDir = join(tempDir(), 'cache');
    const body = (f: { bodies: ReadonlyMap<string, string> | undefined }) => f.bodies?.get('guides/webhook-url.md') ?? '';
    await load(kb, cacheDir);
    expect(body(await load(kb, cacheDir))).toContain('[redacted: basicauth]');
    const allowed = await load(kb, cacheDir, { allowSecrets: true });
    expect(allowed.from).toBe('reading');
    expect(body(allowed)).toContain('S3cr3tPassw0rd');
    expect(body(await load(kb, cacheDir))).not.toContain('S3cr3tPassw0rd');
  });

  it('is not written while the folder changed within the racy window, nor inside the knowledge folder', async () => {
    const kb = fixture('aria-basic');
    const cacheDir = join(tempDir(), 'cache');
    // The reading begins before the files' last change: the snapshot could not tell a later change in the same tick.
    await loadFolderIndex(kb, { cacheDir, racyMs: 0, now: () => 0 });
    expect(readSnapshot(cacheDir, { kbDir: resolve(kb), allowSecrets: false, secretsAllow: [] })).toBeUndefined();
    // The same with the default slack: a reading that begins within 2 s of the last change keeps no snapshot.
    const latest = recordingFs();
    indexKnowledgeFolder(kb, { fs: latest.fs });
    await loadFolderIndex(kb, { cacheDir, now: () => latest.record.latestChange + 1999 });
    expect(readSnapshot(cacheDir, { kbDir: resolve(kb), allowSecrets: false, secretsAllow: [] })).toBeUndefined();
    // A millisecond past the slack, it is.
    expect((await loadFolderIndex(kb, { cacheDir, now: () => Math.floor(latest.record.latestChange) + 2001 })).snapshotId).toBeDefined();
    expect(readSnapshot(cacheDir, { kbDir: resolve(kb), allowSecrets: false, secretsAllow: [] })).toBeDefined();
    const inside = tempDir();
    cpSync(kb, join(inside, 'kb'), { recursive: true });
    const within = await load(join(inside, 'kb'), join(inside, 'kb', '.kb-build'));
    expect(within.cacheDir).toBeUndefined();
    expect((await load(join(inside, 'kb'), join(inside, 'kb', '.kb-build'))).from).toBe('reading');
  });

  it('is read as missing when damaged, and written again', async () => {
    const kb = fixture('aria-basic');
    const cacheDir = join(tempDir(), 'cache');
    await load(kb, cacheDir);
    const file = join(cacheDir, SNAPSHOT_FILE);
    writeFileSync(file, readFileSync(file).subarray(0, 2000));
    const after = await load(kb, cacheDir);
    expect(after.from).toBe('reading');
    expect(answer(after)).toBe(expected(kb));
    expect((await load(kb, cacheDir)).from).toBe('snapshot');
  });

  // A change in the code that reads the folder must not be answered from a snapshot the old code wrote:
  // the snapshot records the signature of every source file, package manifest and lockfile it depends on.
  it('records the code it depends on: the reader, the snapshot, the pack data builder, their packages', async () => {
    const kb = fixture('aria-basic');
    const cacheDir = join(tempDir(), 'cache');
    await load(kb, cacheDir);
    const bytes = readFileSync(join(cacheDir, SNAPSHOT_FILE));
    const meta = JSON.parse(bytes.subarray(12, 12 + bytes.readUInt32LE(8)).toString('utf8')) as { record: { stat: Record<string, string> } };
    const recorded = Object.keys(meta.record.stat).map((p) => p.split('\\').join('/'));
    for (const file of [
      'src/node/readKnowledgeFolder.ts',
      'src/node/cache/fileReading.ts',
      'src/node/security/scanSecrets.ts',
      'src/core/index/buildIndex.ts',
      'src/core/tokens/countTokens.ts',
      'src/node/cache/indexSnapshot.ts',
      'src/core/context/buildPackData.ts',
      'node_modules/gray-matter/package.json',
      'node_modules/gpt-tokenizer/package.json',
      'package-lock.json',
    ])
      expect(
        recorded.some((p) => p.endsWith(`/${file}`)),
        file,
      ).toBe(true);
  });
});

describe('recordingFs', () => {
  it('records what was looked at, and stillHolds until a signature changes', () => {
    const dir = tempDir();
    const file = join(dir, 'a.md');
    writeFileSync(file, 'one');
    const { fs, record } = recordingFs();
    expect(fs.readdir(dir)).toEqual(['a.md']);
    expect(fs.readFile(file).toString()).toBe('one');
    expect(() => fs.stat(join(dir, 'missing.md'))).toThrow();
    expect(stillHolds(record)).toBe(true);
    writeFileSync(join(dir, 'missing.md'), 'now here');
    expect(stillHolds(record), 'a file that was missing is there').toBe(false);
    rmSync(join(dir, 'missing.md'));
    writeFileSync(file, 'two');
    expect(stillHolds(record), 'a file read was rewritten').toBe(false);
  });

  it.each([
    ['changed after the reading began', 10_000, 9_000, 2000, true],
    ['changed within the slack before it', 10_000, 10_500, 2000, true],
    ['changed exactly the slack before it', 10_000, 12_000, 2000, true],
    ['changed more than the slack before it', 10_000, 12_001, 2000, false],
    ['no slack, changed in the same millisecond', 10_000.4, 10_000, 0, true],
    ['no slack, changed the millisecond before', 9_999.6, 10_000, 0, false],
  ])('calls a recording racy when a file %s', (_name, latestChange, started, slack, racy) => {
    const { record } = recordingFs();
    record.latestChange = latestChange;
    expect(isRacy(record, started, slack)).toBe(racy);
  });
});

describe('kb with the snapshot', () => {
  it('prints the same for query, search and context with --no-cache, a reading, and the snapshot', async () => {
    const kb = fixture('aria-basic');
    const cwd = tempDir();
    const env = { KB_NO_CACHE: undefined };
    const calls = [
      ['query', 'api', '--kb', kb, '--today', '2026-10-15', '--json'],
      ['query', 'api', '--kb', kb, '--today', '2026-10-15', '--load', 'all'],
      ['search', '--kb', kb, '--json', 'refund'],
      ['context', '--kb', kb, '--task', 'refund rounding api', '--today', '2026-10-15', '--json'],
    ];
    const run = async (argv: string[], extra: Record<string, string | undefined>) => {
      const io = captureIo(cwd, { ...env, ...extra });
      const code = await main(argv, io);
      return `${code}\n${io.stdout.join('')}\n${io.stderr.join('')}`;
    };
    const none = await Promise.all(calls.map((c) => run(c, { KB_NO_CACHE: '1' })));
    expect(none[0]).toMatch(/"results"/);
    // A snapshot where the CLI keeps its cache (written here with no racy window: the fixture was just checked out).
    const cacheDir = indexCacheFrom(false, kb, captureIo(cwd, env))!;
    for (const call of calls) expect(await run(call, {})).toBe(none[calls.indexOf(call)]);
    await load(kb, cacheDir);
    expect(readSnapshot(cacheDir, { kbDir: resolve(kb), allowSecrets: false, secretsAllow: [] }), 'the snapshot is there').toBeDefined();
    for (const call of calls) expect(await run(call, {})).toBe(none[calls.indexOf(call)]);
  });
});
