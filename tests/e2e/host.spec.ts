// The portal inside another Astro site (tests/fixtures/host-site: its own page, kbPortal({ prefix: '/kb/' })):
// the host's page and the portal's pages, island and search all work, every portal link stays under /kb/; a host
// page reads the notes through the content collection (kbNotes() in its src/content.config.ts).
import { join } from 'node:path';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { consoleTest, test, expect } from './fixtures.ts';

// The fixture's hostile note keeps a sanitised <img src="x">, which the browser fails to load.
const hostileTest = consoleTest(/^console\.error: Failed to load resource: .*\/x\)$/);

/** The host's notes-by-tag page as the index says it must read: each tag (sorted), its notes by path, each note's portal page. */
function expectedNotesByTag() {
  const { notes } = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/site-basic')).index;
  const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const paths = createSitePaths('/kb/');
  return [...new Set(notes.flatMap((n) => n.tags))].sort(order).map((tag) => ({
    tag,
    notes: notes
      .filter((n) => n.tags.includes(tag))
      .sort((a, b) => order(a.path, b.path))
      .map((n) => ({ title: n.title, href: paths.note(n.slug) })),
  }));
}

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

hostileTest('a host page lists the notes by tag from the content collection, each linked to its portal page', async ({ page }) => {
  const expected = expectedNotesByTag();
  expect(expected.length, 'the fixture folder has tagged notes').toBeGreaterThan(1);
  await page.goto('/notes-by-tag/');
  const shown = await page.$$eval('main section', (sections) =>
    sections.map((s) => ({
      tag: s.querySelector('h2')?.textContent?.trim() ?? '',
      notes: [...s.querySelectorAll('a')].map((a) => ({ title: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
    })),
  );
  expect(shown).toEqual(expected);
  const notes = new Map(expected.flatMap((t) => t.notes).map((n) => [n.href, n.title]));
  for (const [href, title] of notes) {
    await page.goto('/notes-by-tag/');
    await page.locator(`main a[href="${href}"]`).first().click();
    await page.waitForURL((url) => url.pathname === href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});
