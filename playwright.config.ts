// Browser tests against the built sites, in Debian's Chromium (never `playwright install`).
// scripts/test.mjs builds them first:
//   dist/                      the sample folder (content/) at `/`           → project "site"
//   .kb-build/sites/wiki/      the same folder under the base path `/wiki/`  → project "wiki"
//   .kb-build/sites/xss/       tests/fixtures/hostile-xss/ (when it exists)  → project "xss" (tests/e2e/xss.spec.ts);
//                              its folder is also in env KB_E2E_XSS_DIR, its URL in KB_E2E_XSS_URL.
//   .kb-build/sites/obsidian/  tests/fixtures/obsidian/ (Obsidian-flavoured notes) → project "obsidian" (tests/e2e/obsidian.spec.ts)
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

export const SITES = {
  site: { dir: 'dist', port: 4391, base: '/' },
  wiki: { dir: '.kb-build/sites/wiki', port: 4392, base: '/wiki/' },
  xss: { dir: process.env['KB_E2E_XSS_DIR'] ?? '.kb-build/sites/xss', port: 4393, base: '/' },
  obsidian: { dir: '.kb-build/sites/obsidian', port: 4394, base: '/' },
} as const;

const url = (s: { port: number; base: string }) => `http://127.0.0.1:${s.port}${s.base}`;
process.env['KB_E2E_XSS_URL'] ??= url(SITES.xss);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    acceptDownloads: true,
    trace: 'off',
    screenshot: 'off',
  },
  projects: [
    { name: 'site', testIgnore: ['**/wiki.spec.ts', '**/xss.spec.ts', '**/obsidian.spec.ts'], use: { baseURL: url(SITES.site) } },
    { name: 'wiki', testMatch: ['**/wiki.spec.ts'], use: { baseURL: url(SITES.wiki) } },
    { name: 'xss', testMatch: ['**/xss.spec.ts'], use: { baseURL: url(SITES.xss) } },
    { name: 'obsidian', testMatch: ['**/obsidian.spec.ts'], use: { baseURL: url(SITES.obsidian) } },
  ],
  webServer: Object.values(SITES).map((s) => ({
    command: `node tests/e2e/serveStatic.mjs ${s.dir} ${s.port} ${s.base}`,
    url: `http://127.0.0.1:${s.port}/__ready`,
    // The server answers 404 until the site exists, which Playwright accepts as "up".
    reuseExistingServer: false,
    timeout: 10_000,
  })),
});
