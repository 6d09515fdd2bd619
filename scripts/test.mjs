#!/usr/bin/env node
// `npm test`: every test runner, one after the other, then one closing line "N passed, N failed".
// Unit tests (vitest) run against the sources; browser tests (Playwright) run against a fresh build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
mkdirSync('reports', { recursive: true });
let passed = 0;
let failed = 0;
let broken = false;

function run(cmd, args, extraEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 0. The compiled CLI, integration and workers (lib/) must match the sources the tests read.
if (run(process.execPath, ['scripts/compile.mjs', '--if-stale']) !== 0) broken = true;

// 1. Unit tests (KB_SKIP_UNIT=1 skips them, for a browser-only run while developing).
if (!process.env.KB_SKIP_UNIT) {
  const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/vitest.json']);
  const unit = readJson('reports/vitest.json');
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
  }
  if (!unit || (unitStatus !== 0 && unit.numFailedTests === 0)) broken = true;
}

// 2. Browser tests against the built sites, when there are any. Three builds (see playwright.config.ts):
//    dist/ (the sample folder), .kb-build/sites/wiki/ (the same under the base path /wiki/) and, when
//    tests/fixtures/hostile-xss/ exists, .kb-build/sites/xss/ (KB_E2E_XSS_DIR) for tests/e2e/xss.spec.ts.
//    tests/fixtures/host-site/ is built with plain `astro build` into .kb-build/sites/host/ (the portal inside another site).
//    KB_TODAY pins the build's date to the one the browser tests set in the browser. The /wiki/ build
//    indexes its search in shards of 20 pages (KB_SEARCH_SHARD_PAGES), so merged search is tested too.
const e2e = existsSync('tests/e2e') && readdirSync('tests/e2e', { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
if (e2e && !process.env.KB_SKIP_E2E) {
  const today = ['--today', '2026-10-15'];
  const builds = [
    ['npm', ['run', 'build', '--', ...today]],
    ['npm', ['run', 'build', '--', ...today, '--base', '/wiki/', '--out', '.kb-build/sites/wiki'], { KB_SEARCH_SHARD_PAGES: '20' }],
  ];
  builds.push([
    process.execPath,
    [fileURLToPath(new URL('astro.js', import.meta.resolve('astro/package.json'))), 'build', '--root', 'tests/fixtures/host-site'],
  ]);
  if (existsSync('tests/fixtures/hostile-xss')) {
    env.KB_E2E_XSS_DIR = '.kb-build/sites/xss';
    builds.push(['npm', ['run', 'build', '--', ...today, '--kb', 'tests/fixtures/hostile-xss', '--out', env.KB_E2E_XSS_DIR]]);
  }
  // Obsidian-flavoured notes (callouts, embeds, diagrams, math, attachments, link previews): tests/e2e/obsidian.spec.ts.
  builds.push(['npm', ['run', 'build', '--', ...today, '--kb', 'tests/fixtures/obsidian', '--out', '.kb-build/sites/obsidian']]);
  // What Obsidian Publish and Quartz readers expect (graph, canvases, bases, properties, permalinks and redirects, reading
  // details): tests/e2e/publish.spec.ts and tests/e2e/obsidianPublish.spec.ts.
  builds.push(['npm', ['run', 'build', '--', ...today, '--kb', 'tests/fixtures/obsidian-publish', '--out', '.kb-build/sites/publish']]);
  // The interface in Japanese, German and Arabic (right to left), each from its folder's `site.locale`: tests/e2e/locale.spec.ts.
  for (const locale of ['ja', 'de', 'ar'])
    builds.push(['npm', ['run', 'build', '--', ...today, '--kb', `tests/fixtures/locale-${locale}`, '--out', `.kb-build/sites/locale-${locale}`]]);
  const buildFailures = builds.filter(([cmd, args, extraEnv]) => run(cmd, args, extraEnv) !== 0).length;
  if (buildFailures) {
    broken = true;
    failed += buildFailures;
  }
  if (buildFailures === 0 || existsSync('dist/index.html')) {
    rmSync('reports/playwright.json', { force: true }); // never count a previous run's report
    const status = run('npx', ['playwright', 'test']);
    const report = readJson('reports/playwright.json');
    if (report) {
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
    }
    if (!report || (status !== 0 && report.stats.unexpected === 0)) broken = true;
  }
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
