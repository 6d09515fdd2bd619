// Screenshots of each main page kind at 1440 px and 390 px, light and dark (test-results/screenshots/), each taken
// once what it shows has rendered: the long postmortem with its sidebar, breadcrumbs and table of contents, the
// header search's results, the search page's results, the query island's answer, the pack builder.
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';

type Shot = [name: string, path: string, ready?: (page: Page, phone: boolean) => Promise<void>, fullPage?: boolean];

const SHOTS: Shot[] = [
  ['home', ''],
  [
    'note',
    'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/',
    async (page, phone) => {
      if (phone) await page.locator('.toc-inline summary').click();
      else await expect(page.locator('.note-rail')).toBeVisible();
    },
    false,
  ],
  [
    'note-menu',
    'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/',
    async (page, phone) => {
      if (phone) await page.getByRole('button', { name: 'Menu' }).click();
      await page.locator('details[data-id="decisions"] > summary').click();
      await expect(page.getByRole('navigation', { name: 'Notes' }).getByRole('link', { name: /^ADR 005/ })).toBeVisible();
    },
    false,
  ],
  ['tag', 'tags/react-native/'],
  [
    'search-box',
    'notes/decisions/005-cursor-pagination/',
    async (page) => {
      await page.getByRole('searchbox', { name: 'Search notes' }).fill('webhook');
      await expect(page.locator('.search-hits a').first()).toBeVisible();
    },
    false,
  ],
  ['search', 'search/?q=webhook', async (page) => void (await expect(page.locator('.pagefind-ui__result').first()).toBeVisible())],
  ['project', 'projects/pay/'],
  ['category', 'categories/architecture/'],
  ['health', 'health/'],
  ['shared', 'shared/pay/'],
  [
    'query',
    'query/?q=api%20AND%20pagination',
    async (page) =>
      void (await page
        .locator('[data-status]')
        .filter({ hasText: /\d+ results?/ })
        .waitFor()),
  ],
  [
    'pack-builder',
    'query/?q=pay',
    async (page) => {
      await page.locator('.summary').waitFor();
      await page.getByRole('button', { name: 'Build pack' }).click();
      await page
        .locator('[data-pack-tokens]')
        .filter({ hasText: /tokens/ })
        .waitFor();
    },
  ],
];

for (const [width, label] of [
  [1440, 'wide'],
  [390, 'phone'],
] as const)
  for (const scheme of ['light', 'dark'] as const)
    test.describe(`${label}, ${scheme}`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 900 }, isMobile: width < 500 });
      for (const [name, path, ready, fullPage = true] of SHOTS)
        test(`${name} page`, async ({ page }) => {
          await page.goto(path);
          await ready?.(page, width < 500);
          await screenshot(page, `${name}-${label}-${scheme}`, fullPage);
        });
    });
