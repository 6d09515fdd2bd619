// kb mcp over a folder keeps the index in memory and serves a changed folder without a restart: before each call
// the folder's stamp (every file's size, mtime and inode) is compared with the one it was indexed at. It indexes
// through the CLI's index cache (.kb-build/cache/index-<hash>/ under the working directory).
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexCacheFrom } from '../../src/cli/flags.js';
import { folderStamp } from '../../src/mcp/folderStamp.js';
import { captureIo, copyFixture, tempDir } from './foundationSupport.js';
import { startServer, texts, TODAY, type Server } from './mcpSupport.js';

const note = (title: string, tags: string, body = 'Body.') => `---\ntitle: ${title}\ndescription: ${title} in one line.\ntags: [${tags}]\n---\n\n${body}\n`;

describe('folderStamp: what counts as a change', () => {
  const dir = copyFixture('flat-vault');
  const file = join(dir, 'project/learnings/timeouts.md');
  it.each([
    ['nothing changed', () => undefined, false],
    ['a file edited', () => writeFileSync(file, `${note('Timeouts', 'performance')}more\n`), true],
    ['a file added', () => writeFileSync(join(dir, 'project/new.md'), note('New', 'x')), true],
    ['a file renamed', () => renameSync(join(dir, 'project/new.md'), join(dir, 'project/renamed.md')), true],
    ['a file removed', () => rmSync(join(dir, 'project/renamed.md')), true],
    ['a file in an ignored folder (.obsidian)', () => writeFileSync(join(dir, '.obsidian/workspace.md'), 'changed'), false],
  ])('%s → changed: %s', (_rule, change, changed) => {
    const before = folderStamp(dir);
    change();
    expect(folderStamp(dir) !== before).toBe(changed);
  });
});

describe('a running server sees edits without a restart', () => {
  let kb: string;
  let cwd: string;
  let server: Server;
  beforeAll(async () => {
    kb = copyFixture('flat-vault');
    cwd = tempDir();
    // No KB_NO_CACHE: the server indexes through the cache, as the CLI does, under its working directory.
    server = await startServer(['--kb', kb, '--today', TODAY], { cwd, env: { KB_NO_CACHE: '' } });
  }, 120_000);

  it('the index cache is the CLI’s for this folder and working directory', async () => {
    expect(texts(await server.call('query', { tags: 'performance' }))[0]).toContain('Found 2 files');
    const cacheDir = indexCacheFrom(undefined, kb, captureIo(cwd, { KB_NO_CACHE: undefined }));
    expect(cacheDir).toBeDefined();
    expect(readdirSync(cacheDir!)).toContain('file-facts.bin');
  });

  it('a note added, edited, then removed', async () => {
    const path = join(kb, 'project/learnings/fresh.md');
    writeFileSync(path, note('Fresh note', 'performance'));
    let [text] = texts(await server.call('query', { tags: 'performance' }));
    expect(text).toContain('Found 3 files');
    expect(text).toContain('project/learnings/fresh.md — Fresh note in one line. [performance]');

    writeFileSync(path, note('Fresher note', 'performance, caching', 'The body, edited.'));
    [text] = texts(await server.call('query', { tags: 'caching' }));
    expect(text).toContain('project/learnings/fresh.md — Fresher note in one line.');
    expect(texts(await server.call('read_note', { path: 'project/learnings/fresh.md' }))[0]).toContain('The body, edited.');
    expect(texts(await server.call('search', { keyword: 'edited' }))[1]).toContain('project/learnings/fresh.md');

    rmSync(path);
    [text] = texts(await server.call('query', { tags: 'performance' }));
    expect(text).toContain('Found 2 files');
    const gone = await server.call('read_note', { path: 'project/learnings/fresh.md' });
    expect(gone.isError).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it('a pack follows the edit too', async () => {
    const task = 'Tune the connection pool timeouts';
    const before = JSON.parse(texts(await server.call('context', { task }))[1]!);
    writeFileSync(
      join(kb, 'project/learnings/pool.md'),
      note('Connection pool timeouts', 'performance', 'Tune the connection pool timeouts: pool size, timeouts, retries.'),
    );
    const after = JSON.parse(texts(await server.call('context', { task }))[1]!);
    expect(before.citations.map((c: { path: string }) => c.path)).not.toContain('project/learnings/pool.md');
    expect(after.citations.map((c: { path: string }) => c.path)).toContain('project/learnings/pool.md');
  });
});
