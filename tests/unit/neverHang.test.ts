// Never hang, never abort on one file (issue 17): one walker for every tree (notes, team-shared, codebases,
// attachments) that never opens a named pipe, and a file or folder that cannot be read is reported with its
// error code while the rest is indexed. EACCES and EIO are simulated through the adapter's fs seam: CI runs
// as root, which may read anything.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { nodeFs, type KbFs } from '../../src/node/fs/kbFs.js';
import { walkTree, type WalkSkip } from '../../src/node/fs/walkTree.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { walkRepo } from '../../src/node/discover/walkRepo.js';
import { runDiscovery } from '../../src/node/discover/runDiscovery.js';
import { accountingOf, captureIo, tempDir } from './foundationSupport.js';

function write(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

/** A knowledge folder with notes, a shared project's `_project-knowledge/` and a registered codebase. */
function folder(): string {
  return write(tempDir(), {
    'kb.config.yaml': 'projects:\n  app: { path: repos/app, shared: true }\nrepos: [{ path: repos/app, alias: app }]\n',
    'notes/a.md': '---\ntags: [alpha]\n---\n# A\n\nRefunds are retried.\n',
    'notes/b.md': '---\ntags: [beta]\n---\n# B\n',
    'notes/img/diagram.png': 'not really a png',
    'repos/app/_project-knowledge/shared.md': '---\ntags: [app]\n---\n# Shared\n',
    'repos/app/package.json': '{}',
    'repos/app/src/index.ts': 'export const refund = 1;\n',
    'repos/app/src/refund.ts': 'export function refund() {}\n',
  });
}

let mkfifo = true;
try {
  execFileSync('mkfifo', [join(tempDir(), 'probe')]);
} catch {
  mkfifo = false; // no mkfifo here: the FIFO rows are skipped
}

const unblockers: ChildProcess[] = [];
afterAll(() => unblockers.forEach((c) => c.kill('SIGKILL')));

/** What a pipe gives a reader that opens it (see `fifos`): it must never reach any output. */
const OPENED = 'KB-OPENED-A-NAMED-PIPE';

/**
 * Named pipes at `paths`, and a safety net: were a reader to open one, it would block the (synchronous) test
 * forever; a helper process keeps opening each pipe for writing, writes `OPENED` and closes it, which ends any
 * such read at once. A regression then shows as `OPENED` in the output or as a pipe read as a file, never as a
 * hang, and nothing here depends on how fast the machine is.
 */
function fifos(root: string, paths: string[]): void {
  const abs = paths.map((p) => join(root, p));
  for (const p of abs) {
    mkdirSync(dirname(p), { recursive: true });
    execFileSync('mkfifo', [p]);
  }
  const script = `for i in $(seq 1200); do for f in "$@"; do exec 3<>"$f"; printf '${OPENED}' >&3; exec 3>&-; done; sleep 0.1; done`;
  const child = spawn('sh', ['-c', script, 'sh', ...abs], { stdio: 'ignore', detached: true });
  child.unref();
  unblockers.push(child);
}

describe.skipIf(!mkfifo)('a named pipe in each tree: never opened, named in a warning, the call returns', () => {
  it('the notes folder (and attachments beside the notes, and a symlink to a pipe)', () => {
    const dir = folder();
    fifos(dir, ['notes/pipe.md', 'notes/img/pipe.png']);
    symlinkSync('pipe.md', join(dir, 'notes/link-to-pipe.md'));
    const r = indexKnowledgeFolder(dir);
    expect(JSON.stringify(r)).not.toContain(OPENED);
    for (const path of ['notes/pipe.md', 'notes/img/pipe.png', 'notes/link-to-pipe.md']) {
      expect(r.report.find((e) => e.path === path)).toMatchObject({ outcome: 'excluded', rule: 'not-a-file' });
      expect(r.issues).toContainEqual(
        expect.objectContaining({ code: 'not-a-file', file: path, message: 'is a named pipe (FIFO), not a file; never opened.' }),
      );
    }
    expect(r.reading.attachments).toEqual(['notes/img/diagram.png']);
    expect(r.index.notes.map((n) => n.path)).toEqual(['notes/a.md', 'notes/b.md', 'repos/app/_project-knowledge/shared.md']);
    expect(accountingOf(r).duplicates).toEqual([]);
  });

  it('a shared project’s _project-knowledge/ (kb check, as in the issue)', async () => {
    const dir = folder();
    fifos(dir, ['repos/app/_project-knowledge/x.md', 'repos/app/_project-knowledge/cross/y.md']);
    const io = captureIo(dir);
    expect(await main(['check', '--kb', dir], io)).toBe(1);
    expect(io.stdout.join('\n') + io.stderr.join('\n')).not.toContain(OPENED);
    expect(io.stdout.join('\n')).toContain('repos/app/_project-knowledge/x.md: warning: is a named pipe (FIFO), not a file; never opened.');
    expect(io.stdout.join('\n')).toContain('repos/app/_project-knowledge/cross/y.md: warning: is a named pipe (FIFO)');
  });

  it('a registered codebase (kb discover and kb context --repo)', async () => {
    const dir = folder();
    fifos(dir, ['repos/app/src/pipe.ts', 'repos/app/README.md']);
    const walk = walkRepo(join(dir, 'repos/app'), 'app');
    expect(walk.files).toEqual(['_project-knowledge/shared.md', 'package.json', 'src/index.ts', 'src/refund.ts']);
    expect(walk.warnings).toEqual([
      'Skipped app/README.md: is a named pipe (FIFO), not a file; never opened.',
      'Skipped app/src/pipe.ts: is a named pipe (FIFO), not a file; never opened.',
    ]);
    const discovery = runDiscovery({
      refs: ['app'],
      task: 'refund',
      cwd: dir,
      kbDir: dir,
      registrations: [{ path: 'repos/app', alias: 'app', include: [], exclude: [] }],
      home: tempDir(),
    });
    expect(JSON.stringify(discovery)).not.toContain(OPENED);
    expect(discovery.paths[0]?.selected.map((s) => s.file)).toContain('src/refund.ts');
    const io = captureIo(dir, { HOME: tempDir() });
    expect(await main(['context', '--kb', dir, '--repo', 'app', '--task', 'refund retries'], io)).toBe(0);
    expect(io.stdout.join('\n')).not.toContain(OPENED);
  });
});

/** node:fs, except for the paths (ending) given, which fail with the given code. */
function failingFs(fail: Record<string, { on: 'readFile' | 'readdir' | 'lstat'; code: string }>): KbFs {
  const check = (on: string, path: string) => {
    const hit = Object.entries(fail).find(([end, f]) => f.on === on && path.endsWith(end));
    if (hit) throw Object.assign(new Error(`${hit[1].code}: simulated`), { code: hit[1].code });
  };
  return {
    ...nodeFs,
    readFile: (p) => (check('readFile', p), nodeFs.readFile(p)),
    readdir: (p) => (check('readdir', p), nodeFs.readdir(p)),
    lstat: (p) => (check('lstat', p), nodeFs.lstat(p)),
  };
}

describe('a file or folder that cannot be read is reported with its error code; the rest is indexed', () => {
  const dir = folder();
  write(dir, { 'notes/locked/c.md': '# C\n', 'notes/d.md': '# D\n' });
  const fs = failingFs({
    'notes/a.md': { on: 'readFile', code: 'EACCES' },
    'notes/b.md': { on: 'readFile', code: 'EIO' },
    'notes/locked': { on: 'readdir', code: 'EACCES' },
    'notes/d.md': { on: 'lstat', code: 'EIO' },
    '_project-knowledge/shared.md': { on: 'readFile', code: 'EACCES' },
  });
  const r = indexKnowledgeFolder(dir, { fs });
  it.each([
    ['notes/a.md', 'cannot be read (EACCES); not indexed. Check the file’s permissions and the disk.'.replace('’', "'")],
    ['notes/b.md', "cannot be read (EIO); not indexed. Check the file's permissions and the disk."],
    ['notes/locked/', 'folder cannot be read (EACCES); its files are not indexed.'],
    ['notes/d.md', 'cannot be read (EIO); not indexed.'],
    ['repos/app/_project-knowledge/shared.md', "cannot be read (EACCES); not indexed. Check the file's permissions and the disk."],
  ])('%s: %s', (path, message) => {
    expect(r.report.find((e) => e.path === path)).toMatchObject({ outcome: 'excluded', rule: 'unreadable', messages: [`${path}: ${message}`] });
    expect(r.issues).toContainEqual({ severity: 'warning', code: 'unreadable', file: path, message });
  });
  it('the other files are indexed and the counts add up', () => {
    expect(indexKnowledgeFolder(dir).index.notes.length).toBe(5);
    expect(r.index.notes.map((n) => n.path)).toEqual([]);
    const a = accountingOf(r);
    expect([a.sum, a.duplicates]).toEqual([a.filesSeen, []]);
  });
  it('kb check names them and exits 1; the folder is not empty, only unreadable', async () => {
    const ok = write(tempDir(), { 'a.md': '---\ntags: [x]\n---\n# A\n', 'b.md': '---\ntags: [x]\n---\n# B\n' });
    const partial = indexKnowledgeFolder(ok, { fs: failingFs({ 'b.md': { on: 'readFile', code: 'EIO' } }) });
    expect(partial.index.notes.map((n) => n.path)).toEqual(['a.md']);
    expect(partial.issues.map((i) => `${i.file}: ${i.code}`)).toEqual(['b.md: unreadable']);
  });
  it('a codebase: a file or folder that cannot be read is named, the walk goes on', () => {
    const walk = walkRepo(join(dir, 'repos/app'), 'app', failingFs({ 'app/src': { on: 'readdir', code: 'EACCES' } }));
    expect(walk.files).toEqual(['_project-knowledge/shared.md', 'package.json']);
    expect(walk.warnings).toEqual(['Skipped app/src/: folder cannot be read (EACCES); its files are not indexed.']);
  });
});

describe('walkTree', () => {
  const root = write(tempDir(), { 'b/x.md': 'x', 'a.md': 'a', 'node_modules/m.js': '', 'c/d/e.md': '' });
  symlinkSync('b', join(root, 'link-b'));
  symlinkSync('.', join(root, 'self'));
  const walk = (options: Partial<Parameters<typeof walkTree>[1]> = {}) => {
    const skipped: WalkSkip[] = [];
    const entries = [...walkTree(root, { folder: (name) => (name === 'node_modules' ? 'ignore' : 'enter'), onSkip: (s) => skipped.push(s), ...options })];
    return { entries: entries.map((e) => `${e.kind}:${e.path}`), skipped: skipped.map((s) => `${s.rule}:${s.path}`) };
  };
  it('yields folders and files sorted by name, folders linked inside walked once, loops and ignored folders reported', () =>
    expect(walk()).toEqual({
      entries: ['file:a.md', 'folder:b', 'file:b/x.md', 'folder:c', 'folder:c/d', 'file:c/d/e.md', 'folder:link-b', 'file:link-b/x.md'],
      skipped: ['ignored-folder:node_modules/', 'symlink-loop:self'],
    }));
  it('folderLinks: never — a linked folder is left to its own name', () =>
    expect(walk({ folderLinks: 'never' }).entries).toEqual(['file:a.md', 'folder:b', 'file:b/x.md', 'folder:c', 'folder:c/d', 'file:c/d/e.md']));
  it('a folder to skip is passed by silently', () => expect(walk({ folder: (name) => (name === 'c' ? 'skip' : 'enter') }).entries).not.toContain('folder:c'));
});
