// Browser tests against the built sites, in Debian's Chromium (never `playwright install`).
// scripts/test.mjs builds them first:
//   dist/                      the sample folder (content/) at `/`           → project "site"
//   .kb-build/sites/wiki/      the same folder under the base path `/wiki/`  → project "wiki"
//   .kb-build/sites/xss/       tests/fixtures/hostile-xss/ (when it exists)  → project "xss" (tests/e2e/xss.spec.ts);
//                              its folder is also in env KB_E2E_XSS_DIR, its URL in KB_E2E_XSS_URL.
//   .kb-build/sites/host/      tests/fixtures/host-site/ (an Astro site with the portal under /kb/) → project "host"
//   .kb-build/sites/obsidian/  tests/fixtures/obsidian/ (Obsidian-flavoured notes) → project "obsidian" (tests/e2e/obsidian.spec.ts)
//   .kb-build/sites/publish/   tests/fixtures/obsidian-publish/ (an Obsidian Publish vault: graph, canvases, bases, properties,
//                              permalinks, redirects) → project "publish" (tests/e2e/publish.spec.ts, tests/e2e/obsidianPublish.spec.ts)
//   .kb-build/sites/locale-ja/, locale-de/, locale-ar/  tests/fixtures/locale-*/ (`site.locale` ja, de, ar) → projects
//                              "locale-ja", "locale-de", "locale-ar" (tests/e2e/locale.spec.ts)
// The "dev" project starts `npm run dev` itself on a copy of a fixture (tests/e2e/dev.spec.ts).
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// KB_E2E_PORT moves the ports (default 4391…4400; the dev server of tests/e2e/dev.spec.ts takes 4396), so two checkouts can run their browser tests at once.
const PORT = Number(process.env['KB_E2E_PORT'] ?? 4391);
export const SITES = {
  site: { dir: 'dist', port: PORT, base: '/' },
  wiki: { dir: '.kb-build/sites/wiki', port: PORT + 1, base: '/wiki/' },
  xss: { dir: process.env['KB_E2E_XSS_DIR'] ?? '.kb-build/sites/xss', port: PORT + 2, base: '/' },
  host: { dir: '.kb-build/sites/host', port: PORT + 3, base: '/' },
  obsidian: { dir: '.kb-build/sites/obsidian', port: PORT + 4, base: '/' },
  // PORT + 5 is the dev server's (tests/e2e/dev.spec.ts).
  publish: { dir: '.kb-build/sites/publish', port: PORT + 6, base: '/' },
  'locale-ja': { dir: '.kb-build/sites/locale-ja', port: PORT + 7, base: '/' },
  'locale-de': { dir: '.kb-build/sites/locale-de', port: PORT + 8, base: '/' },
  'locale-ar': { dir: '.kb-build/sites/locale-ar', port: PORT + 9, base: '/' },
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
  // Web-first assertions wait on a condition; this bound only ends one that never holds. Playwright's 5 s default
  // failed pages that script or render a while (search, diagrams) on a busy 2-core machine.
  expect: { timeout: 20_000 },
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
    {
      name: 'site',
      testIgnore: [
        '**/wiki.spec.ts',
        '**/xss.spec.ts',
        '**/host.spec.ts',
        '**/dev.spec.ts',
        '**/obsidian.spec.ts',
        '**/queryBlocks.spec.ts',
        '**/publish.spec.ts',
        '**/obsidianPublish.spec.ts',
        '**/locale.spec.ts',
      ],
      use: { baseURL: url(SITES.site) },
    },
    // reading.spec.ts runs on both: the sample at `/` and under `/wiki/`.
    { name: 'wiki', testMatch: ['**/wiki.spec.ts', '**/reading.spec.ts'], use: { baseURL: url(SITES.wiki) } },
    { name: 'xss', testMatch: ['**/xss.spec.ts'], use: { baseURL: url(SITES.xss) } },
    { name: 'host', testMatch: ['**/host.spec.ts'], use: { baseURL: url(SITES.host) } },
    { name: 'dev', testMatch: ['**/dev.spec.ts'] },
    { name: 'obsidian', testMatch: ['**/obsidian.spec.ts', '**/queryBlocks.spec.ts'], use: { baseURL: url(SITES.obsidian) } },
    { name: 'publish', testMatch: ['**/publish.spec.ts', '**/obsidianPublish.spec.ts'], use: { baseURL: url(SITES.publish) } },
    // One project per language: the spec reads which from the project's name.
    ...(['locale-ja', 'locale-de', 'locale-ar'] as const).map((name) => ({ name, testMatch: ['**/locale.spec.ts'], use: { baseURL: url(SITES[name]) } })),
  ],
  webServer: Object.values(SITES).map((s) => ({
    command: `node tests/e2e/serveStatic.mjs ${s.dir} ${s.port} ${s.base}`,
    url: `http://127.0.0.1:${s.port}/__ready`,
    // The server answers 404 until the site exists, which Playwright accepts as "up".
    reuseExistingServer: false,
    // A wait for the server, not a speed check: generous, so a busy machine cannot fail the run.
    timeout: 60_000,
  })),
});
