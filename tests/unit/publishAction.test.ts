// The GitHub Action (action.yml at the repository's root): its shell steps run here as the runner runs them, on a
// folder `kb init` started, with this checkout as the action's folder. The steps that use other actions (Node,
// cache, Pages upload) are not run, but what they are handed must be what the build wrote.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { main } from '../../src/cli/main.js';
import { captureIo } from './foundationSupport.js';

const root = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'kb-action-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
  'working-directory'?: string;
}
const action = parse(readFileSync(join(root, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default: string }>;
  runs: { using: string; steps: Step[] };
};

interface Run {
  workspace: string;
  actionPath: string;
  repository: string;
  inputs: Record<string, string>;
}

/** `${{ … }}` as the runner fills it; an expression this test does not know fails the test. */
function expand(text: string, run: Run, outputs: Record<string, Record<string, string>>): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr)?.[1];
    if (input !== undefined) return run.inputs[input] ?? action.inputs[input]!.default;
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (output) return outputs[output[1]!]?.[output[2]!] ?? '';
    const known: Record<string, string> = { 'github.action_path': run.actionPath, 'github.repository': run.repository, 'github.sha': '0'.repeat(40) };
    if (expr in known) return known[expr]!;
    throw new Error(`action.yml: unknown expression \${{ ${expr} }}`);
  });
}

/** Runs the action's shell steps; what each step wrote to $GITHUB_OUTPUT, and the other actions it hands inputs to. */
function runAction(run: Run): { outputs: Record<string, Record<string, string>>; uses: { uses: string; with: Record<string, string> }[]; log: string } {
  const outputs: Record<string, Record<string, string>> = {};
  const uses: { uses: string; with: Record<string, string> }[] = [];
  let log = '';
  for (const [i, step] of action.runs.steps.entries()) {
    if (step.if !== undefined && !condition(step.if, run)) continue;
    if (step.uses) {
      uses.push({ uses: step.uses, with: Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(v, run, outputs)])) });
      continue;
    }
    expect(step.shell, `step ${i}: a composite step names its shell`).toBe('bash');
    const outputFile = join(work, `output-${i}`);
    writeFileSync(outputFile, '');
    const env = {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('KB_'))),
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(v, run, outputs)])),
      GITHUB_OUTPUT: outputFile,
    };
    const cwd = step['working-directory'] ? expand(step['working-directory'], run, outputs) : run.workspace;
    const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run!, run, outputs)], { cwd, env, encoding: 'utf8' });
    log += r.stdout + r.stderr;
    expect(r.status, `step ${step.name ?? step.id ?? i}:\n${log}`).toBe(0);
    if (step.id)
      outputs[step.id] = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
      );
  }
  return { outputs, uses, log };
}

/** The conditions action.yml uses: `inputs.<name> == '<text>'`. */
function condition(expr: string, run: Run): boolean {
  // `inputs.` · the input's name · ` == ` · a quoted literal
  const m = /^inputs\.([\w-]+)\s*==\s*'([^']*)'$/.exec(expr.trim());
  if (!m) throw new Error(`action.yml: unknown condition ${expr}`);
  return (run.inputs[m[1]!] ?? action.inputs[m[1]!]!.default) === m[2];
}

describe('action.yml', () => {
  it('is a composite action with kb and out inputs', () => {
    expect(action.runs.using).toBe('composite');
    expect(action.inputs['kb']!.default).toBe('content');
    expect(action.inputs['out']!.default).toBe('dist');
  });

  it('builds a folder kb init started, caches what the build wrote and uploads its output', { timeout: 300_000 }, async () => {
    const workspace = join(work, 'repo');
    mkdirSync(workspace);
    expect(await main(['init', '--kb', 'notes'], captureIo(workspace))).toBe(0);
    const { outputs, uses } = runAction({ workspace, actionPath: root, repository: 'team/handbook', inputs: { kb: 'notes', out: 'site' } });
    expect(uses.map((u) => u.uses)).toEqual(['actions/setup-node@v4', 'actions/cache@v4', 'actions/upload-pages-artifact@v3']);
    expect(outputs['key']!['lock']).toMatch(/^[0-9a-f]{16}$/);
    expect(outputs['build']).toEqual({ out: join(workspace, 'site') });
    // The project site's base path, strict (the default): the page links under /handbook/.
    expect(readFileSync(join(workspace, 'site/index.html'), 'utf8')).toContain('href="/handbook/notes/welcome/"');
    const cached = uses[1]!.with['path']!.split('\n').filter(Boolean);
    expect(cached).toEqual(['~/.npm', '.kb-build/cache', 'site']);
    for (const path of cached.slice(1)) expect(existsSync(join(workspace, path)), `${path} after the build`).toBe(true);
    expect(uses[2]!.with).toEqual({ path: 'site' });
  });

  // [repository, base input, strict input, the flags kb build gets]
  describe.each([
    ['a project site', 'team/handbook', '', 'true', ['--base', '/handbook/', '--strict']],
    ["the owner's site", 'team/team.github.io', '', 'true', ['--base', '/', '--strict']],
    ['a base given', 'team/handbook', '/', 'true', ['--base', '/', '--strict']],
    ['strict off', 'team/handbook', '', 'false', ['--base', '/handbook/']],
  ])('%s', (_name, repository, base, strict, flags) => {
    it(`runs kb build ${flags.join(' ')}`, () => {
      // An action folder whose kb records its arguments instead of building.
      const actionPath = mkdtempSync(join(work, 'fake-'));
      mkdirSync(join(actionPath, 'bin'));
      mkdirSync(join(actionPath, 'lib/cli'), { recursive: true });
      writeFileSync(join(actionPath, 'lib/cli/main.js'), '');
      writeFileSync(join(actionPath, 'package-lock.json'), '{}');
      writeFileSync(join(actionPath, 'bin/kb.js'), `require('node:fs').writeFileSync('args.json', JSON.stringify(process.argv.slice(2)));\n`);
      chmodSync(join(actionPath, 'bin/kb.js'), 0o755);
      const workspace = mkdtempSync(join(work, 'ws-'));
      mkdirSync(join(workspace, 'dist'));
      runAction({ workspace, actionPath, repository, inputs: { base, strict, upload: 'false' } });
      expect(JSON.parse(readFileSync(join(workspace, 'args.json'), 'utf8'))).toEqual(['build', '--kb', 'content', '--out', 'dist', ...flags]);
    });
  });
});
