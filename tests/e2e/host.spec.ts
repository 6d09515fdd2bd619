// The portal inside another Astro site (tests/fixtures/host-site: its own page, kbPortal({ prefix: '/kb/' })):
// the host's page and the portal's pages, island and search all work, every portal link stays under /kb/.
import { test, expect } from './fixtures.ts';

test('the host site keeps its own page and links into the portal', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our team site');
  await page.getByRole('link', { name: '/kb/' }).click();
  await expect(page).toHaveURL(/\/kb\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Site fixture');
});

test('portal pages live under /kb/ and link only there', async ({ page, request }) => {
  for (const path of ['/kb/', '/kb/tags/', '/kb/tags/api/', '/kb/notes/decisions/001-offset/', '/kb/categories/', '/kb/packs/', '/kb/query/?q=api']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const links = await page.$$eval('main a[href], header a[href], link[href]', (els) => els.map((e) => e.getAttribute('href') ?? ''));
    for (const href of links.filter((h) => h.startsWith('/') && !h.startsWith('/_astro/'))) expect(href, `${path} → ${href}`).toMatch(/^\/kb\//);
  }
  for (const file of ['/kb/kb-index.json', '/kb/llms.txt', '/kb/notes/decisions/001-offset.md', '/kb/favicon.svg'])
    expect((await request.get(file)).status(), file).toBe(200);
});

test('the query island and Pagefind search work under /kb/', async ({ page }) => {
  await page.goto('/kb/query/?q=pagination');
  await expect(page.locator('.summary')).toContainText('Found');
  await expect(page.locator('a.hit-link').first()).toHaveAttribute('href', /^\/kb\/notes\//);
  await page.goto('/kb/search/');
  await page
    .locator('kb-search')
    .getByPlaceholder(/search/i)
    .fill('offset');
  const link = page.locator('.pagefind-ui__result-link').first();
  await expect(link).toHaveAttribute('href', /^\/kb\/notes\//);
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('notes link to where they are edited (the integration’s editUrl)', async ({ page }) => {
  await page.goto('/kb/notes/decisions/001-offset/');
  await expect(page.getByRole('link', { name: 'Edit this note' })).toHaveAttribute('href', 'https://git.example.com/team/kb/edit/main/decisions/001-offset.md');
  await expect(page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/kb/');
});
