#!/usr/bin/env node
// `npm run build`: index the knowledge folder, build the site with Astro, index it with Pagefind.
// Everything is written to a temporary folder first; dist/ is replaced only when every step succeeded,
// so a failed or interrupted build leaves the previous site intact.
//   npm run build [-- --kb DIR] [--out DIR] [--strict] [--today YYYY-MM-DD]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { kb: { type: 'string' }, out: { type: 'string' }, strict: { type: 'boolean' }, today: { type: 'string' } },
  allowPositionals: false,
});
const kbDir = resolve(values.kb ?? process.env.KB_DIR ?? 'content');
const outDir = resolve(values.out ?? 'dist');
const work = resolve('.kb-build');
const tmp = join(work, `out-${process.pid}`);
mkdirSync(work, { recursive: true });
rmSync(tmp, { recursive: true, force: true });

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', KB_DIR: kbDir, KB_OUT_DIR: tmp, ...(values.today ? { KB_TODAY: values.today } : {}) };
if (values.strict) env.KB_STRICT = '1';

function step(label, cmd, args) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    console.error(`build: ${label} failed; ${outDir} was left as it was.`);
    process.exit(r.status ?? 1);
  }
  console.error(`build: ${label} done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

const hasSite = existsSync('src/pages') && readdirSync('src/pages').length > 0;
if (hasSite) {
  step('astro build', process.execPath, ['node_modules/astro/astro.js', 'build']);
  step('pagefind', process.execPath, ['node_modules/pagefind/lib/runner/bin.cjs', '--site', tmp]);
} else {
  step('kb index', process.execPath, ['scripts/kb.mjs', 'index', '--kb', kbDir, '--out', tmp, ...(values.strict ? ['--strict'] : [])]);
}

// Swap: the old output is moved aside before the new one takes its place, then removed.
const old = join(work, `old-${process.pid}`);
if (existsSync(outDir)) renameSync(outDir, old);
renameSync(tmp, outDir);
rmSync(old, { recursive: true, force: true });
console.error(`build: wrote ${outDir}`);
