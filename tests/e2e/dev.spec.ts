// Live preview: `kb dev --kb <copy of a fixture>` serves the portal from the site compiled with the package; saving a
// note's body or title, adding or deleting a note and editing aliases.md show on the open page, which reloads itself,
// tag pages, backlinks and the island's data included. How soon is a speed target, not a test: the waits below are
// conditions polled with generous limits, so a busy machine cannot fail them. The dev server is started here, on a
// copy, so the edits never touch the fixture.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleTest, expect } from './fixtures.ts';

const test = consoleTest();

const PORT = Number(process.env['KB_E2E_PORT'] ?? 4391) + 5;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const kb = mkdtempSync(join(tmpdir(), 'kb-dev-'));
let server: ChildProcess | undefined;
let log = '';

test.describe.configure({ mode: 'serial' });

/** Starts `kb dev` on the copy; resolves once a note page answers. */
async function startServer(): Promise<void> {
  log = '';
  server = spawn(process.execPath, ['bin/kb.js', 'dev', '--kb', kb, '--port', String(PORT), '--host', '127.0.0.1', '--today', '2026-10-15'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  server.stdout?.on('data', (d) => (log += String(d)));
  server.stderr?.on('data', (d) => (log += String(d)));
  await expect
    .poll(async () => (await fetch(`${ORIGIN}/notes/decisions/002-cursor/`).catch(() => undefined))?.status, {
      timeout: 90_000,
      message: `dev server did not start:\n${log}`,
    })
    .toBe(200);
}

/** Stops it as Ctrl-C does, and waits for it to end. */
async function stopServer(): Promise<void> {
  const child = server;
  server = undefined;
  if (!child?.pid || child.exitCode !== null) return;
  const ended = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  await ended;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cpSync(join(import.meta.dirname, '../fixtures/site-basic'), kb, { recursive: true });
  // The fixture lives under /docs/; here the portal is at the root, as `npm run dev -- --kb DIR --base /` gives it.
  writeFileSync(join(kb, 'kb.config.yaml'), readFileSync(join(kb, 'kb.config.yaml'), 'utf8').replace('base: /docs/', 'base: /'));
  await startServer();
  await expect.poll(async () => (await fetch(`${ORIGIN}/`).catch(() => undefined))?.status, { timeout: 90_000 }).toBe(200);
});

test.afterAll(async () => {
  await stopServer();
  rmSync(kb, { recursive: true, force: true });
});

/** Opens `path`, again if a reload the dev server pushed cut the navigation short (it answers, then reloads). */
async function visit(page: import('@playwright/test').Page, path: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.goto(ORIGIN + path);
    } catch (error) {
      if (attempt >= 4 || !/interrupted by another navigation|ERR_ABORTED/.test(String(error))) throw error;
    }
  }
}

/**
 * Saves a change and waits until a reload of `path` shows `expected` (what the server answers to a reload; the
 * browser's own reload, which the dev server also triggers, can abort a navigation in flight). Then the page is
 * opened in the browser and `expected` must be in `where`.
 */
async function seeAfterSave(page: import('@playwright/test').Page, path: string, edit: () => void, expected: RegExp, where = 'main') {
  await page.request.get(ORIGIN + path, { timeout: 60_000 });
  edit();
  await expect.poll(async () => (await page.request.get(ORIGIN + path)).text(), { timeout: 30_000, intervals: [100, 100, 200, 500] }).toMatch(expected);
  // A navigation can be cut short by the reload the dev server pushes: open the page again until it shows the text.
  await expect(async () => {
    await page.goto(ORIGIN + path, { timeout: 5_000 });
    await expect(page.locator(where).first()).toHaveText(expected, { timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [250, 500, 1_000] });
}

test('a saved body and title show on the next reload, with backlinks and tag pages', async ({ page }) => {
  const file = join(kb, 'decisions/001-offset.md');
  await seeAfterSave(
    page,
    '/notes/decisions/001-offset/',
    () => writeFileSync(file, `${readFileSync(file, 'utf8')}\nA sentence written just now.\n`),
    /A sentence written just now/,
  );
  await seeAfterSave(
    page,
    '/notes/decisions/001-offset/',
    () => writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Offset, renamed live"')),
    /Offset, renamed live/,
    'article > h1',
  );
  // Where the note is listed: its tag page, and the note that links to it (backlinks show titles).
  await visit(page, '/tags/pagination/');
  await expect(page.locator('main')).toContainText('Offset, renamed live');
  expect(await (await page.request.get(`${ORIGIN}/kb-index.json`)).text()).toContain('Offset, renamed live');
});

test('an added note gets its page and a deleted one goes', async ({ page }) => {
  const file = join(kb, 'decisions/003-live.md');
  await seeAfterSave(
    page,
    '/tags/api/',
    () => writeFileSync(file, '---\ntitle: "ADR 003: Written live"\ntags: [api]\n---\n\nBody.\n'),
    /ADR 003: Written live/,
  );
  expect((await visit(page, '/notes/decisions/003-live/'))?.status()).toBe(200);
  // Leave the page before deleting its note: the dev server reloads the open page, which would then be a 404.
  await visit(page, '/tags/api/');
  await seeAfterSave(page, '/tags/api/', () => unlinkSync(file), /^(?![\s\S]*ADR 003: Written live)/);
});

test('aliases.md edits reach alias pages and the query island', async ({ page }) => {
  await seeAfterSave(page, '/tags/', () => writeFileSync(join(kb, 'aliases.md'), '# Aliases\n\n- `pager` → `pagination`\n'), /pager/);
  await visit(page, '/query/?q=pager');
  await expect(page.locator('main')).toContainText('Resolved `pager`');
});

test('a saved edit shows on the open page by itself, with no reload by hand', async ({ page }) => {
  const file = join(kb, 'decisions/002-cursor.md');
  await visit(page, '/notes/decisions/002-cursor/');
  await expect(page.locator('article')).not.toContainText('Seen without reloading');
  // The page listens for the server's signal before the edit is saved (it connects as the page loads).
  await expect(page.locator('html[data-kb-dev="live"]')).toHaveCount(1);
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nSeen without reloading.\n`);
  await expect(page.locator('article')).toContainText('Seen without reloading', { timeout: 30_000 });
});

test('the compiled site’s assets are kept by the browser (their names carry their hash); the folder’s files are not', async ({ page }) => {
  const html = await (await page.request.get(`${ORIGIN}/notes/decisions/002-cursor/`)).text();
  const asset = /href="(\/_astro\/[^"]+\.css)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const kept = await page.request.get(ORIGIN + asset!);
  expect(kept.status()).toBe(200);
  expect(kept.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const index = await page.request.get(`${ORIGIN}/kb-index.json`);
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control'] ?? '').not.toContain('immutable');
});

test('started again, it answers from the last run’s data while it indexes, unless a note changed while it was stopped', async ({ page }) => {
  test.setTimeout(240_000);
  const file = join(kb, 'decisions/002-cursor.md');
  // Every change indexed (the page shows it) before the server stops: stopping then records what its data was made from.
  await seeAfterSave(
    page,
    '/notes/decisions/002-cursor/',
    () => writeFileSync(file, `${readFileSync(file, 'utf8')}\nBefore the restart.\n`),
    /Before the restart/,
  );
  // The page leaves first: an open page's reload signal would try the stopped server again (an error in its console).
  await page.goto('about:blank');
  await stopServer();

  await startServer();
  expect(log).toContain('the folder is unchanged since kb dev last stopped');
  await visit(page, '/notes/decisions/002-cursor/');
  await expect(page.locator('article')).toContainText('Before the restart');
  await expect(page.locator('html[data-kb-dev="live"]')).toHaveCount(1);
  // The folder indexed after that first page, the same data: the page is the same, every page answers.
  await expect.poll(() => log, { timeout: 60_000 }).toMatch(/notes indexed in \d+ ms/);
  expect(log).not.toContain('changed since the last run');
  expect((await page.request.get(`${ORIGIN}/kb-index.json`)).status()).toBe(200);
  await page.goto('about:blank');
  await stopServer();

  // A note saved while no server ran: the next start indexes before it answers, so no page is ever out of date.
  writeFileSync(file, `${readFileSync(file, 'utf8')}\nWritten while stopped.\n`);
  await startServer();
  expect(log).not.toContain('unchanged since kb dev last stopped');
  expect(await (await page.request.get(`${ORIGIN}/notes/decisions/002-cursor/`)).text()).toContain('Written while stopped');
});
