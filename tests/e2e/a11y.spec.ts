// One axe sweep over one page of each kind: no serious or critical violation (colour contrast included), in light
// and dark. Each page is checked once what a reader sees has rendered: the query island's answer, Pagefind's
// results and filters, the header search's results, the table of contents, the sidebar opened on a phone.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { seriousViolations } from './axe.ts';

type Check = [kind: string, path: string, ready?: (page: Page) => Promise<void>, width?: number];

const POSTMORTEM = 'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/';
const PAGES: Check[] = [
  ['home', ''],
  [
    'note with its table of contents',
    POSTMORTEM,
    async (page) => {
      await expect(page.getByRole('navigation', { name: 'On this page' })).toBeVisible();
      await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Timeline', exact: true }).click();
      await expect(page.locator('.note-rail a[aria-current="true"]')).toHaveCount(1);
    },
  ],
  [
    'note on a phone, table of contents and sidebar open',
    POSTMORTEM,
    async (page) => {
      await page.locator('.toc-inline summary').click();
      await expect(page.locator('.toc-inline nav')).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Notes' }).locator('a[aria-current="page"]')).toBeVisible();
    },
    390,
  ],
  ['superseded note', 'notes/decisions/002-offset-pagination/'],
  ['mdx note', 'notes/guides/reading-the-dashboards/'],
  [
    'header search with results',
    'notes/decisions/005-cursor-pagination/',
    async (page) => {
      await page.getByRole('searchbox', { name: 'Search notes' }).fill('webhook');
      await expect(page.locator('.search-hits a').first()).toBeVisible();
      await expect(page.locator('.search-hits mark').first()).toBeVisible();
    },
  ],
  [
    'sidebar with the whole tree loaded',
    'tags/',
    async (page) => {
      await page.locator('details[data-id="decisions"] > summary').click();
      await expect(page.getByRole('navigation', { name: 'Notes' }).getByRole('link').first()).toBeVisible();
    },
  ],
  ['tags', 'tags/'],
  ['tag', 'tags/react-native/'],
  ['alias', 'tags/rn/', async (page) => void (await page.waitForURL('**/tags/react-native/'))],
  ['project', 'projects/pay/'],
  ['projects', 'projects/'],
  ['shared', 'shared/'],
  ['categories', 'categories/'],
  ['category', 'categories/architecture/'],
  ['packs', 'packs/'],
  ['health', 'health/'],
  ['pack, rendered', 'packs/project-pay/', async (page) => void (await expect(page.locator('.pack-rendered h1, .pack-rendered h2').first()).toBeVisible())],
  [
    'search with results and filters',
    'search/?q=webhook',
    async (page) => {
      await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
      await expect(page.locator('.pagefind-ui__result mark').first()).toBeVisible();
      await page.locator('.pagefind-ui__filter-name', { hasText: /^tag$/i }).click();
      await expect(page.locator('.pagefind-ui__filter-label[for^="tag-"]').first()).toBeVisible();
    },
  ],
  [
    'query with results and a pack',
    'query/?q=pay',
    async (page) => {
      await page.locator('.summary').waitFor();
      await page.getByRole('button', { name: 'Build pack' }).click();
      await expect(page.locator('.pack-rendered h1, .pack-rendered h2').first()).toBeVisible();
    },
  ],
  ['404', 'no-such-page/'],
];

// One test per page and scheme, so a busy machine slows each page, never the whole sweep past one timeout.
for (const scheme of ['light', 'dark'] as const)
  for (const [kind, path, ready, width = 1440] of PAGES)
    test(`axe: no serious or critical violation: ${kind} (${scheme})`, async ({ page, consoleMessages }) => {
      test.setTimeout(120_000); // a full axe run is slow when the machine is busy
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path, { waitUntil: kind === 'alias' ? 'commit' : 'load' });
      await ready?.(page);
      // color-contrast is one of axe's default rules; nothing is disabled.
      const found = await seriousViolations(page, `${kind} (${path})`);
      // Chromium logs the 404 status of the not-found page itself; that one is expected.
      const notFound = consoleMessages.findIndex((m) => m.includes('status of 404') && m.includes('/no-such-page/'));
      if (notFound >= 0) consoleMessages.splice(notFound, 1);
      expect(found).toEqual([]);
    });

test('the sweep checks colour contrast', async ({ page }) => {
  await page.goto('');
  const results = await new AxeBuilder({ page }).analyze();
  expect([...results.passes, ...results.violations, ...results.incomplete].some((r) => r.id === 'color-contrast')).toBe(true);
});
