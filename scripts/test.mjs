#!/usr/bin/env node
// `npm test`: every test runner, one after the other, then one closing line "N passed, N failed".
// Unit tests (vitest) run against the sources; browser tests (Playwright) run against a fresh build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';

const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
mkdirSync('reports', { recursive: true });
let passed = 0;
let failed = 0;
let broken = false;

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

// 1. Unit tests.
const unitStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=reports/vitest.json']);
const unit = readJson('reports/vitest.json');
if (unit) {
  passed += unit.numPassedTests;
  failed += unit.numFailedTests;
}
if (!unit || (unitStatus !== 0 && unit.numFailedTests === 0)) broken = true;

// 2. Browser tests against the built site, when there are any.
const e2e = existsSync('tests/e2e') && readdirSync('tests/e2e', { recursive: true }).some((f) => String(f).endsWith('.spec.ts'));
if (e2e && !process.env.KB_SKIP_E2E) {
  const buildStatus = run('npm', ['run', 'build']);
  if (buildStatus !== 0) {
    broken = true;
    failed += 1;
  } else {
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
