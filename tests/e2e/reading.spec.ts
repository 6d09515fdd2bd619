// Reading the wiki as a Starlight or Quartz user would: header search, theme, sidebar, breadcrumbs, table of
// contents, heading anchors, related notes, last updated, tag pages listing every tagged note, a home page in the
// folder's own words, the search page in both themes, feed and sharing tags. Runs on the sample at `/` (project
// "site") and under `/wiki/` (project "wiki"), at 1440 px and 390 px, light and dark.
import type { Page } from '@playwright/test';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { queryExamples } from '../../src/core/navigation/homeSummary.ts';
import { buildQueryView } from '../../src/core/views/queryView.ts';
import { allTags } from '../../src/core/navigation/summariseIndex.ts';
import { buildTagPages } from '../../src/core/views/tagPageView.ts';
import { tagSlug } from '../../src/core/tags/tagSlug.ts';
import { E2E_TODAY, expect, test } from './fixtures.ts';
import { sample } from './expected.ts';

const POSTMORTEM = 'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/';
const base = () => new URL(test.info().project.use.baseURL!).pathname;

/** Every tag's page as the site builds it, computed here from the same index. */
function tagPages() {
  const { index } = sample();
  const byPath = new Map(index.notes.map((n) => [n.path, n]));
  return buildTagPages(index, allTags(index), (tag) => {
    const result = runQuery(index, tag, { today: E2E_TODAY });
    return { result, view: buildQueryView(result, index, (p) => byPath.get(p), E2E_TODAY) };
  });
}

/** The page's background (on <html>; the body has none) is dark. */
const isDark = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.documentElement).backgroundColor.match(/\d+/g)!.map(Number);
    return r! + g! + b! < 150;
  });

for (const width of [1440, 390] as const)
  for (const scheme of ['light', 'dark'] as const)
    test.describe(`${width} px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 900 }, colorScheme: scheme, isMobile: width < 500 });
      const phone = width < 500;

      test('header search: results as you type, Enter opens the search page, Ctrl-K and / focus it', async ({ page }) => {
        await page.goto(POSTMORTEM);
        const box = page.getByRole('searchbox', { name: 'Search notes' });
        await page.locator('h1').click();
        await page.keyboard.press('Control+k');
        await expect(box).toBeFocused();
        await page.locator('h1').click();
        await page.keyboard.press('/');
        await expect(box).toBeFocused();
        await box.fill('idempotency');
        const hits = page.locator('.search-hits a');
        await expect(hits.first()).toBeVisible();
        await expect(hits.first()).toHaveAttribute('href', new RegExp(`^${base()}notes/`));
        await expect(page.locator('#site-search-status')).toHaveText(/\d+ results/);
        await box.press('ArrowDown');
        await expect(hits.first()).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(box).toBeFocused();
        await expect(page.locator('.search-popup')).toBeHidden();
        await box.press('Enter');
        await page.waitForURL(`**${base()}search/?q=idempotency`);
        await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
      });

      test('theme: light, dark or the OS, remembered, applied before the first paint', async ({ page }) => {
        await page.goto('');
        expect(await isDark(page)).toBe(scheme === 'dark');
        const other = scheme === 'dark' ? 'light' : 'dark';
        await page.getByLabel('Theme').selectOption(other);
        await expect(page.locator('html')).toHaveAttribute('data-theme', other);
        expect(await isDark(page)).toBe(other === 'dark');
        // On the next page the remembered theme is there when the document is parsed, before anything paints.
        await page.goto(POSTMORTEM, { waitUntil: 'domcontentloaded' });
        await expect(page.locator('html')).toHaveAttribute('data-theme', other);
        expect(await isDark(page)).toBe(other === 'dark');
        await page.getByLabel('Theme').selectOption('auto');
        await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
        expect(await isDark(page)).toBe(scheme === 'dark');
        await page.reload();
        await expect(page.getByLabel('Theme')).toHaveValue('auto');
      });

      test('sidebar: the note’s branch open and marked; a closed folder loads the whole tree once', async ({ page }) => {
        // The tree is fetched once, when the pointer first enters the sidebar (on a phone: the menu opening under
        // it) or a closed folder is opened: listen from the start.
        const fragment = page.waitForResponse((r) => r.url().endsWith(`${base()}kb-sidebar.html`));
        await page.goto(POSTMORTEM);
        const menu = page.getByRole('button', { name: 'Menu' });
        const sidebar = page.getByRole('navigation', { name: 'Notes' });
        if (phone) {
          await expect(sidebar).toBeHidden();
          await menu.click();
          await expect(menu).toHaveAttribute('aria-expanded', 'true');
        } else await expect(menu).toBeHidden();
        const current = sidebar.locator('a[aria-current="page"]');
        await expect(current).toBeVisible();
        await expect(current).toHaveAttribute('href', `${base()}${POSTMORTEM}`);
        await expect(sidebar.locator('details[data-id="projects/pay/lessons"]')).toHaveAttribute('open', '');
        await sidebar.locator('details[data-id="decisions"] > summary').click();
        expect((await fragment).status()).toBe(200);
        await expect(sidebar.getByRole('link', { name: 'ADR 005: Cursor pagination for all list endpoints' })).toBeVisible();
        await expect(sidebar.locator('a[aria-current="page"]')).toHaveCount(1);
        if (phone) {
          await page.keyboard.press('Escape');
          await expect(sidebar).toBeHidden();
          await expect(menu).toBeFocused();
        }
        // The tree came once: the next page opens folders from this visit's copy.
        await page.goto(`notes/decisions/005-cursor-pagination/`);
        if (phone) await menu.click();
        let fetched = false;
        page.on('request', (r) => (fetched ||= r.url().endsWith('kb-sidebar.html')));
        await sidebar.locator('details[data-id="approaches"] > summary').click();
        await expect(sidebar.getByRole('link', { name: 'Caching with Redis' })).toBeVisible();
        expect(fetched).toBe(false);
      });

      test('a long note: breadcrumbs, table of contents following the reader, anchors, related, last updated', async ({ page }) => {
        await page.goto(POSTMORTEM);
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
        await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Projects', 'Payments API', 'lessons', /^Postmortem: duplicate Stripe/]);
        await expect(crumbs.getByRole('link', { name: 'Payments API' })).toHaveAttribute('href', `${base()}projects/pay/`);
        // Table of contents: beside the text on wide screens, collapsed above it on phones.
        let toc = page.getByRole('navigation', { name: 'On this page' });
        if (phone) {
          await expect(toc).toBeHidden();
          await page.locator('.toc-inline summary').click();
          toc = page.locator('.toc-inline nav');
        }
        await expect(toc).toBeVisible();
        const ids = await page.locator('.note-body :is(h2, h3)[id]').evaluateAll((hs) => hs.map((h) => h.id));
        expect(new Set(ids).size).toBe(ids.length);
        expect(await toc.locator('a').count()).toBe(ids.length);
        const target = toc.getByRole('link', { name: 'Timeline', exact: true });
        await target.click();
        await expect(page).toHaveURL(/#timeline$/);
        await expect(page.locator('kb-toc a[href="#timeline"][aria-current="true"]').first()).toBeAttached();
        // Every heading links to itself; the link shows on hover and stays out of the heading's name.
        const heading = page.locator('.note-body h2#timeline');
        await expect(heading.locator('a.heading-anchor')).toHaveAttribute('href', '#timeline');
        await expect(page.getByRole('heading', { name: 'Timeline', exact: true })).toHaveCount(1);
        if (!phone) {
          await heading.hover();
          await expect(heading.locator('a.heading-anchor')).toHaveCSS('opacity', '1');
        }
        const related = page.getByRole('region', { name: 'Related' }).getByRole('link');
        expect(await related.count()).toBeGreaterThan(0);
        expect(await related.count()).toBeLessThanOrEqual(5);
        // Not a git repository of its own: the frontmatter's `updated`; no editUrl configured: no edit link.
        await expect(page.locator('.note-edit time')).toHaveText('2026-09-14');
        await expect(page.getByRole('link', { name: 'Edit this note' })).toHaveCount(0);
      });

      test('home and query pages speak the folder’s own words', async ({ page }) => {
        const { index } = sample();
        const counts = new Map([...tagPages()].map(([t, p]) => [t, p.count]));
        const examples = queryExamples(index, counts);
        await page.goto('');
        await expect(page.locator('.home-facts')).toContainText(`${index.notes.length} notes`);
        await expect(page.getByRole('searchbox', { name: 'Query the knowledge base' })).toHaveAttribute('placeholder', examples.placeholder);
        await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { name: 'Team-shared', exact: true })).toBeVisible();
        const recent = page.locator('ul[aria-label="Recently updated notes"] > li');
        await expect(recent).toHaveCount(10);
        await expect(recent.first()).toContainText('2026-');
        await page.goto('query/');
        await expect(page.getByRole('searchbox', { name: 'Query', exact: true })).toHaveAttribute('placeholder', examples.placeholder);
        // The pack builder shows with results; its buttons wait, disabled, for a pack.
        await page.getByRole('searchbox', { name: 'Query', exact: true }).fill('api');
        await page.getByRole('searchbox', { name: 'Query', exact: true }).press('Enter');
        await expect(page.getByRole('button', { name: 'Download .md' })).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Download .md' })).toHaveCSS('cursor', 'not-allowed');
      });

      test('search page: Pagefind in the site’s colours, no thumbnails, filter labels beside their boxes', async ({ page }) => {
        await page.goto('search/?q=webhook');
        await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
        await expect(page.locator('.pagefind-ui__result-thumb')).toHaveCount(0);
        const input = page.locator('.pagefind-ui__search-input');
        const [bg, fg] = await input.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
        expect(bg).not.toBe(fg);
        expect(await isDark(page)).toBe(scheme === 'dark');
        await page.locator('.pagefind-ui__filter-name', { hasText: /^tag$/i }).click();
        const open = page.locator('.pagefind-ui__filter-block[open]');
        const box = await open.locator('.pagefind-ui__filter-checkbox').first().boundingBox();
        const label = await open.locator('.pagefind-ui__filter-label').first().boundingBox();
        expect(label!.x).toBeGreaterThan(box!.x);
        expect(Math.abs(label!.y - box!.y)).toBeLessThan(12);
      });

      test('a pack shows rendered or as its Markdown', async ({ page }) => {
        await page.goto('packs/');
        await page.locator('.cards a.title').first().click();
        const rendered = page.locator('.pack-rendered');
        await expect(rendered.getByRole('heading').first()).toBeVisible();
        await page.getByRole('button', { name: 'Markdown', exact: true }).click();
        await expect(rendered).toBeHidden();
        await expect(page.locator('#pack-md')).toBeVisible();
        await expect(page.locator('#pack-md')).toContainText('## Task');
      });
    });

// Pagefind's UI lists the filters its last search returned, and a search returns only the filter chunks loaded by
// then. Here the index and fragments wait until one filter chunk has arrived, and the other filter chunks are held
// until the first search has shown its results: the opening search then knows one filter only, and the search page
// must still come to list all four (kbSearch.ts searches again once every filter is loaded; without it this fails,
// as a busy CI machine did). The held chunks are released on that signal, never after a fixed time.
for (const how of ['asked in the URL', 'typed'] as const)
  test(`search page: every filter is listed even when the filters load after the first search (${how})`, async ({ page }) => {
    let firstFilter: () => void = () => undefined;
    const oneFilterLoaded = new Promise<void>((resolve) => (firstFilter = resolve));
    let release: () => void = () => undefined;
    const firstResultsShown = new Promise<void>((resolve) => (release = resolve));
    let filters = 0;
    await page.route(/\/pagefind\/filter\/[^/]+\.pf_filter$/, async (route) => {
      const response = await route.fetch();
      if (filters++ > 0) await firstResultsShown;
      await route.fulfill({ response });
      firstFilter();
    });
    await page.route(/\/pagefind\/(index|fragment)\/[^/]+\.pf_(index|fragment)$/, async (route) => {
      const response = await route.fetch();
      await oneFilterLoaded;
      await route.fulfill({ response });
    });
    if (how === 'typed') {
      await page.goto('search/');
      await page
        .locator('kb-search')
        .getByPlaceholder(/search/i)
        .fill('webhook');
    } else await page.goto('search/?q=webhook');
    await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
    release();
    // In the order the index lists them (a merged, sharded index lists them in another).
    const names = async () => (await page.locator('.pagefind-ui__filter-name').allTextContents()).map((n) => n.toLowerCase()).sort();
    await expect.poll(names, { timeout: 30_000 }).toEqual(['category', 'project', 'status', 'tag']);
    await page.unrouteAll({ behavior: 'wait' });
  });

test('tag pages list every note carrying the tag; the heading and /tags/ show that number', async ({ page }) => {
  test.setTimeout(180_000);
  const pages = tagPages();
  await page.goto('tags/');
  for (const [tag, expected] of pages) {
    await expect(page.locator(`.tag-list a[href="${base()}tags/${tagSlug(tag)}/"] .count`).first(), `/tags/ chip of ${tag}`).toHaveText(String(expected.count));
  }
  for (const [tag, expected] of pages) {
    await page.goto(`tags/${tagSlug(tag)}/`);
    const listed = await page.locator('main .results > li .path').allTextContents();
    const tagged = sample()
      .index.notes.filter((n) => n.tags.includes(tag))
      .map((n) => n.path);
    expect(listed, tag).toEqual(expect.arrayContaining(tagged));
    expect(new Set(listed).size, tag).toBe(listed.length);
    expect(listed.length, tag).toBe(expected.count);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Tag ${tag} · ${expected.count === 1 ? '1 note' : `${expected.count} notes`}`);
  }
});

test('feed, description, Open Graph and Twitter tags on every kind of page', async ({ page, request }) => {
  const feed = await request.get('feed.xml');
  expect(feed.status()).toBe(200);
  const xml = await feed.text();
  // The feed names its language: the site's locale (English here).
  expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xml:lang="en">/);
  expect(xml.match(/<entry>/g)?.length).toBeGreaterThan(5);
  for (const path of ['', POSTMORTEM, 'tags/', 'tags/webhooks/', 'projects/pay/', 'search/', 'query/', 'packs/', 'categories/']) {
    await page.goto(path);
    await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute('href', `${base()}feed.xml`);
    for (const selector of ['meta[name="description"]', 'meta[property="og:title"]', 'meta[property="og:description"]', 'meta[name="twitter:title"]'])
      await expect(page.locator(selector), `${path}: ${selector}`).toHaveAttribute('content', /\S/);
  }
});
