import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { Io } from '../../src/cli/io.js';
import { maxPathsMessage, projectIndicatorWarning, runDiscovery } from '../../src/node/discover/runDiscovery.js';

const tmpRoot = mkdtempSync(join(tmpdir(), 'kb-discover-run-'));
afterAll(() => rmSync(tmpRoot, { recursive: true, force: true }));
// A copy outside any git repository, so Pass 6 recency (the lead's commits) cannot change the results.
const SHOP = join(tmpRoot, 'discover-shop');
cpSync(join(import.meta.dirname, '../fixtures/discover-shop'), SHOP, { recursive: true });

function write(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}
/** A project with 20 files that all match "refund", spread over 4 folders. */
function bigRepo(name: string): string {
  const files: Record<string, string> = { 'package.json': '{}' };
  for (let i = 0; i < 20; i++) files[`src/d${i % 4}/refund${i}.ts`] = `export const refund${i} = ${i};\n`;
  return write(join(tmpRoot, 'repos', name), files);
}
const repos = ['alpha', 'beta', 'gamma', 'delta'].map(bigRepo);
const kbDir = join(tmpRoot, 'kb');
mkdirSync(kbDir, { recursive: true });
const cwd = join(tmpRoot, 'work');
mkdirSync(cwd, { recursive: true });
const registrations = ['alpha', 'beta', 'gamma', 'delta'].map((a) => ({ path: `../repos/${a}`, alias: a, include: [], exclude: [] }));
const run = (refs: string[], extra: Partial<Parameters<typeof runDiscovery>[0]> = {}) =>
  runDiscovery({ refs, task: 'refund', cwd, kbDir, registrations, home: tmpRoot, ...extra });

describe.each([
  [1, 15],
  [2, 7],
  [3, 5],
])('%i path(s): budget floor(15 / paths)', (count, budget) => {
  const result = run(['alpha', 'beta', 'gamma'].slice(0, count));
  it(`gives each path ${budget} files, never more, never redistributed`, () => {
    expect(result.paths.map((p) => [p.alias, p.status, p.budget, p.selected.length])).toEqual(
      ['alpha', 'beta', 'gamma'].slice(0, count).map((a) => [a, 'ok', budget, budget]),
    );
    expect(result.paths.reduce((n, p) => n + p.selected.length, 0)).toBeLessThanOrEqual(15);
  });
});

describe('4 paths', () => {
  const result = run(['alpha', 'beta', 'gamma', 'delta']);
  it('loads the first 3 with 5 files each and asks which to replace', () => {
    expect(result.paths.map((p) => [p.alias, p.budget])).toEqual([
      ['alpha', 5],
      ['beta', 5],
      ['gamma', 5],
    ]);
    expect(result.warnings).toContain('Maximum of 3 references active. Which existing reference should I replace? Active: alpha, beta, gamma.');
    expect(result.warnings).toContain('Not loaded: delta.');
    expect(maxPathsMessage(['a', 'b', 'c'])).toBe('Maximum of 3 references active. Which existing reference should I replace? Active: a, b, c.');
  });
});

describe('missing path', () => {
  const result = run(['alpha', 'nowhere', '../no/such/dir']);
  it('is reported and skipped; the budget counts only loaded paths', () => {
    expect(result.paths.map((p) => [p.path, p.status, p.budget])).toEqual([
      ['nowhere', 'missing', 0],
      ['../no/such/dir', 'missing', 0],
      ['../repos/alpha', 'ok', 15],
    ]);
    expect(result.warnings[0]).toBe(
      `Path nowhere does not exist (${join(cwd, 'nowhere')}); skipped. It is not a registered alias either (registered: alpha, beta, gamma, delta).`,
    );
    expect(result.warnings[1]).toBe(`Path ../no/such/dir does not exist (${join(tmpRoot, 'no/such/dir')}); skipped.`);
  });
});

describe('refs and registrations', () => {
  it('accepts a path as well as an alias, and matches a registered path back to its alias', () => {
    expect(run([repos[0]!]).paths.map((p) => [p.alias, p.path])).toEqual([['alpha', '../repos/alpha']]);
    expect(run(['../repos/beta']).paths.map((p) => p.alias)).toEqual(['beta']);
  });
  it('an unregistered folder gets its base name as alias', () => {
    expect(runDiscovery({ refs: [SHOP], task: 'refund', cwd, kbDir, registrations: [], home: tmpRoot }).paths[0]).toMatchObject({
      alias: 'discover-shop',
      status: 'ok',
    });
  });
  it('the same folder twice is loaded once', () => {
    const result = run(['alpha', '../repos/alpha']);
    expect(result.paths).toHaveLength(1);
    expect(result.warnings).toContain('Path ../repos/alpha is already loaded as alpha; skipped.');
  });
  it('warns when a folder does not look like a project', () => {
    const plain = write(join(tmpRoot, 'plain'), { 'notes/refund.ts': 'refund' });
    const result = runDiscovery({ refs: [plain], task: 'refund', cwd, kbDir, registrations: [], home: tmpRoot });
    expect(result.warnings).toContain(projectIndicatorWarning(plain));
    expect(projectIndicatorWarning('/x')).toBe("Path /x doesn't look like a project folder. Proceeding anyway, but results may be noisy.");
    expect(result.paths[0]!.status).toBe('ok');
  });
});

describe('.claude/path-context.yaml in the working directory', () => {
  const projectCwd = join(tmpRoot, 'project-cwd');
  const cfg = (yaml: string) => write(projectCwd, { '.claude/path-context.yaml': yaml });
  const go = (refs: string[]) => runDiscovery({ refs, task: 'refund', cwd: projectCwd, kbDir, registrations, home: tmpRoot });
  it('wins over kb.config.yaml for the same alias (project over global)', () => {
    cfg(`paths:\n  - path: ${repos[1]}\n    alias: alpha\n    include: ["src/d1/**"]\n`);
    const result = go(['alpha']);
    expect(result.paths[0]!.path).toBe(repos[1]);
    expect(result.paths[0]!.selected.every((s) => s.file.startsWith('src/d1/'))).toBe(true);
  });
  it('adds aliases; alias defaults to the base name', () => {
    cfg(`paths:\n  - path: ${SHOP}\n`);
    expect(go(['discover-shop']).paths[0]).toMatchObject({ alias: 'discover-shop', status: 'ok' });
  });
  it('an entry without path is skipped with a warning', () => {
    cfg(`paths:\n  - alias: nothing\n  - path: ${SHOP}\n    alias: shop\n`);
    const result = go(['shop']);
    expect(result.warnings[0]).toBe('.claude/path-context.yaml: paths[0] has no `path`; entry skipped.');
    expect(result.paths[0]!.status).toBe('ok');
  });
  it('empty paths is no config', () => {
    cfg('paths: []\n');
    const result = go(['alpha']);
    expect(result.paths[0]!.path).toBe('../repos/alpha');
    expect(result.warnings).toEqual([]);
  });
});

describe('~/.claude/path-context.yaml (global config, the fallback)', () => {
  const home = write(join(tmpRoot, 'home'), {
    '.claude/path-context.yaml': `paths:\n  - path: ${SHOP}\n    alias: gshop\n  - path: ${repos[2]}\n    alias: alpha\n  - path: ${repos[3]}\n    alias: both\n  - alias: broken\n`,
  });
  const projectCwd = write(join(tmpRoot, 'project-with-both'), { '.claude/path-context.yaml': `paths:\n  - path: ${repos[1]}\n    alias: both\n` });
  const go = (refs: string[], where = cwd) => runDiscovery({ refs, task: 'refund', cwd: where, kbDir, registrations, home });
  it.each([
    ['adds its aliases', ['gshop'], cwd, SHOP],
    ['loses to kb.config.yaml for the same alias', ['alpha'], cwd, '../repos/alpha'],
    ['loses to the project config for the same alias', ['both'], projectCwd, repos[1]!],
    ['is used when the project config does not name the alias', ['both'], cwd, repos[3]!],
  ])('%s', (_rule, refs, where, path) => expect(go(refs, where).paths[0]).toMatchObject({ path, status: 'ok' }));
  it('an entry without path is skipped with a warning naming the global file', () =>
    expect(go(['gshop']).warnings).toContain('~/.claude/path-context.yaml: paths[3] has no `path`; entry skipped.'));
});

describe('reading: files over 500 lines are read as their first 200', () => {
  const long = Array.from({ length: 501 }, (_, i) => `// refund line ${i + 1}`).join('\n');
  const root = write(join(tmpRoot, 'long'), { 'package.json': '{}', 'src/refund.ts': long, 'src/refund-small.ts': 'export const x = 1;\n' });
  const result = runDiscovery({ refs: [root], task: 'refund', cwd, kbDir, registrations: [], home: tmpRoot });
  const file = result.views[0]!.files.find((f) => f.file === 'src/refund.ts')!;
  it('keeps 200 lines and the full count', () => {
    expect(file.text.split('\n')).toHaveLength(200);
    expect(file.text.endsWith('// refund line 200')).toBe(true);
    expect([file.lines, file.truncated]).toEqual([501, true]);
    expect(result.paths[0]!.selected.find((s) => s.file === 'src/refund.ts')).toMatchObject({ lines: 501, truncated: true });
  });
});

function captureIo(dir: string): Io & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), env: {}, cwd: dir };
}

describe('kb discover (CLI)', () => {
  const kb = write(join(tmpRoot, 'cli-kb'), { 'kb.config.yaml': `repos:\n  - path: ${SHOP}\n    alias: shop\n` });
  it('prints the annotation and the files (golden)', async () => {
    const io = captureIo(tmpRoot);
    const code = await main(['discover', 'shop', '--task', 'issue a partial refund for an invoice', '--kb', kb], io);
    expect(code).toBe(0);
    const text = io.stdout.join('').replaceAll(SHOP, '<shop>');
    await expect(text).toMatchFileSnapshot('__golden__/discover-shop.md');
    expect(text.startsWith('<details>\n<summary>Context loaded from shop (<shop>) — 11 files</summary>')).toBe(true);
  });
  it('--json prints the issue shape', async () => {
    const io = captureIo(tmpRoot);
    const code = await main(['discover', 'shop', 'nowhere', '--task', 'refund', '--kb', kb, '--json'], io);
    expect(code).toBe(1);
    const json = JSON.parse(io.stdout.join(''));
    expect(Object.keys(json)).toEqual(['paths', 'warnings']);
    expect(json.paths.map((p: object) => Object.keys(p))).toEqual([
      ['path', 'alias', 'status', 'mode', 'budget', 'selected', 'omitted'],
      ['path', 'alias', 'status', 'mode', 'budget', 'selected', 'omitted'],
    ]);
    expect(Object.keys(json.paths[1].selected[0])).toEqual(['file', 'reason', 'lines', 'truncated']);
  });
  it.each([
    [['discover', '--task', 'x'], 'name at least one path or alias'],
    [['discover', 'shop'], '--task "…" is required'],
  ])('usage error: %j', async (argv, message) => {
    const io = captureIo(tmpRoot);
    expect(await main(argv, io)).toBe(2);
    expect(io.stderr.join('')).toContain(message);
  });
  it('never writes: no file in the repo or the working directory is added or changed', async () => {
    const snapshot = () =>
      [SHOP, tmpRoot].flatMap((dir) =>
        (readdirSync(dir, { recursive: true }) as string[]).sort().map((f) => {
          const st = statSync(join(dir, f));
          return `${dir}/${f} ${st.size} ${st.mtimeMs}`;
        }),
      );
    const before = snapshot();
    await main(['discover', SHOP, 'shop', '--task', 'refund', '--kb', kb], captureIo(tmpRoot));
    expect(snapshot()).toEqual(before);
  });
});

describe('rendering', () => {
  it('map mode: the project map annotation (golden)', async () => {
    const files: Record<string, string> = {
      'package.json': '{}',
      'README.md': '# Monolith\n\nEverything in one place.\n',
      'src/main.ts': Array.from({ length: 60 }, (_, i) => `export const line${i + 1} = ${i + 1};`).join('\n'),
      'src/app.ts': 'export const app = {};\n',
    };
    for (let i = 0; i < 497; i++) files[`src/area${i % 3}/part${i}.ts`] = `export const p${i} = ${i};\n`;
    const root = write(join(tmpRoot, 'monolith'), files);
    const io = captureIo(tmpRoot);
    expect(await main(['discover', root, '--task', 'refund', '--kb', kbDir], io)).toBe(0);
    await expect(io.stdout.join('').replaceAll(root, '<monolith>')).toMatchFileSnapshot('__golden__/discover-map-mode.md');
    expect(io.stdout.join('')).toContain('<summary>Context loaded from monolith — Project map mode (501 files detected)</summary>');
    expect(io.stdout.join('')).toContain('To run targeted discovery on a sub-directory');
    expect(io.stderr).toEqual([]);
  });
  it('zero signal: the annotation says so and no file follows', async () => {
    const io = captureIo(tmpRoot);
    expect(await main(['discover', join(tmpRoot, 'plain'), '--task', 'quantum teleportation', '--kb', kbDir], io)).toBe(0);
    const message = `No relevant files found in ${join(tmpRoot, 'plain')} for this task. Do you want to reference a different path, or should I answer based on general knowledge?`;
    expect(io.stdout.join('')).toBe(
      `<details>\n<summary>Context loaded from plain (${join(tmpRoot, 'plain')}) — 0 files</summary>\n\n${message}\n\n</details>\n`,
    );
    expect(io.stderr).toEqual([projectIndicatorWarning(join(tmpRoot, 'plain'))]); // the message is said once, in the output
  });
});
