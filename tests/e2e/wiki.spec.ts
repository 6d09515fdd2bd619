// The same sample site built under the base path /wiki/ (scripts/test.mjs): crawl every page and check
// every internal link and asset, then the parts that fetch at run time (island, Pagefind).
import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures.ts';

const BASE = '/wiki/';

test('every page under /wiki/ loads, and every internal link and asset resolves under the base', async ({ page, request }) => {
  test.setTimeout(300_000);
  const failures: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()} (loaded by ${page.url()})`);
  });
  // A fetch still in flight when the crawl moves to the next page is aborted by the browser: not a broken link
  // (a missing file shows up as a 4xx response above, and every reference is checked by status below).
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(`failed ${r.url()} (loaded by ${page.url()}): ${r.failure()?.errorText}`);
  });
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const status = new Map<string, number>();
  const toVisit = [BASE];
  const visited = new Set<string>();
  while (toVisit.length) {
    const path = toVisit.shift()!;
    if (visited.has(path)) continue;
    visited.add(path);
    const response = await page.goto(origin + path);
    expect(response?.status(), path).toBe(200);
    const refs = await page.$$eval('a[href], link[href], script[src], img[src]', (els) =>
      els.map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '').filter((u) => u && !u.startsWith('#') && !u.startsWith('mailto:')),
    );
    for (const ref of refs) {
      const url = new URL(ref, origin + path);
      if (url.origin !== origin) continue;
      if (!url.pathname.startsWith(BASE)) failures.push(`${path} links outside the base: ${ref}`);
      const key = url.pathname + url.search;
      if (!status.has(url.pathname)) status.set(url.pathname, await statusOf(request, url.pathname));
      if (status.get(url.pathname) !== 200) failures.push(`${path} → ${ref}: ${status.get(url.pathname)}`);
      // Pages (not files) are crawled too, query strings included (the island runs under the base).
      if (url.pathname.endsWith('/') && !visited.has(key)) toVisit.push(key);
    }
  }
  expect(failures).toEqual([]);
  expect(visited.size).toBeGreaterThan(100);
});

async function statusOf(request: APIRequestContext, path: string): Promise<number> {
  return (await request.get(path, { maxRedirects: 0 })).status();
}

test('the query island and packs work under /wiki/', async ({ page }) => {
  await page.goto(`${BASE}query/?q=pagination`);
  await expect(page.locator('.summary')).toContainText('Found');
  await expect(page.locator('a.hit-link').first()).toHaveAttribute('href', /^\/wiki\/notes\//);
  await page.getByRole('button', { name: 'Build pack' }).click();
  await expect(page.locator('[data-pack-tokens]')).toContainText('tokens');
});

test('Pagefind searches under /wiki/ and links results under it', async ({ page }) => {
  await page.goto(`${BASE}search/`);
  await page
    .locator('kb-search')
    .getByPlaceholder(/search/i)
    .fill('HMAC');
  const link = page.locator('.pagefind-ui__result-link').first();
  await expect(link).toHaveAttribute('href', /^\/wiki\/notes\//);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('alias pages redirect under /wiki/', async ({ page }) => {
  await page.goto(`${BASE}tags/rn/`, { waitUntil: 'commit' });
  await page.waitForURL(`**${BASE}tags/react-native/`);
});
