// Query blocks in a note (tests/fixtures/obsidian/guides/queries.md), on the site built from the obsidian fixture:
// rendered at build as the kb query / kb search list (no script needed), run again in the page when the reader
// edits the query, with the answer the CLI gives for the edited query.
import AxeBuilder from '@axe-core/playwright';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { test, expect, screenshot, E2E_TODAY } from './fixtures.ts';

const ROOT = join(import.meta.dirname, '../..');
const KB = join(ROOT, 'tests/fixtures/obsidian');
const PAGE = 'notes/guides/queries/';

/** The paths `kb query --json` lists for a query, in its numbering. */
function cliPaths(query: string): string[] {
  const out = execFileSync(process.execPath, ['bin/kb.js', 'query', ...query.split(' '), '--kb', KB, '--today', E2E_TODAY, '--json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, KB_NO_CACHE: '1' },
  });
  return (JSON.parse(out) as { results: { n: number; path: string }[] }).results.map((r) => `${r.n}. ${r.path}`);
}

/** The rows of a block as `n. path` (the link's page names the path's note). */
async function rows(block: import('@playwright/test').Locator): Promise<string[]> {
  const items = block.locator('.query-block-results li');
  const out: string[] = [];
  for (let k = 0; k < (await items.count()); k++) {
    const li = items.nth(k);
    const href = (await li.locator('a').getAttribute('href'))!;
    out.push(`${await li.getAttribute('value')}. ${href.replace(/^\/notes\//, '').replace(/\/$/, '.md')}`);
  }
  return out;
}

test('a query block is the kb query list, titles linked; a search block the kb search list', async ({ page }) => {
  await page.goto(PAGE);
  const [query, search, unknown] = [0, 1, 2].map((k) => page.locator('.note-body .query-block').nth(k));
  expect(await rows(query!)).toEqual(cliPaths('database caching'));
  await expect(query!.locator('.summary')).toHaveText('Found 2 files matching: [database, caching] (OR)');
  await expect(search!.locator('li a')).toHaveText(['Redis for caching and rate limits']);
  await expect(unknown!.locator('.notice')).toContainText('names an unknown tag "no-such-tag"');
  await expect(page.locator('.note-body pre code.language-js')).toContainText('const answer = 42;');
});

test('editing the query runs it again in the page, as kb query answers it', async ({ page }) => {
  await page.goto(PAGE);
  const block = page.locator('.note-body .query-block').first();
  const field = block.getByRole('searchbox', { name: 'kb query' });
  await expect(field).toHaveValue('database caching');
  await field.fill('redis');
  await expect(block.locator('.summary')).toHaveText('Found 1 file matching: [redis] (OR)');
  expect(await rows(block)).toEqual(cliPaths('redis'));
  await field.fill('guide AND obsidian');
  await expect(block.locator('.summary')).toHaveText(/\(AND\)$/);
  expect(await rows(block)).toEqual(cliPaths('guide AND obsidian'));
  await field.fill('nothing-here');
  await expect(block.locator('.notice')).toContainText('names an unknown tag "nothing-here"');
  await screenshot(page, 'query-blocks', true);
  const results = await new AxeBuilder({ page }).include('.note-body').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a search block runs again in the page too', async ({ page }) => {
  await page.goto(PAGE);
  const block = page.locator('.note-body .query-block').nth(1);
  const field = block.getByRole('searchbox', { name: 'kb search' });
  await field.fill('--tag database postgres');
  await expect(block.locator('li a')).toHaveText(['Postgres for everything else']);
});

test('without JavaScript the blocks are there, as the build wrote them', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(PAGE);
  await expect(page.locator('.note-body .query-block').first().locator('code')).toHaveText('kb query database caching');
  await expect(page.locator('.note-body .query-block').first().locator('li')).toHaveCount(2);
  await context.close();
});
