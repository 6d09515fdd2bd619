// Screenshots of each main page kind, light and dark, plus the home, note and query pages at phone width.
import type { Page } from '@playwright/test';
import { test, screenshot } from './fixtures.ts';

const PAGES = [
  ['home', ''],
  ['note', 'notes/decisions/005-cursor-pagination/'],
  ['tag', 'tags/pagination/'],
  ['project', 'projects/pay/'],
  ['category', 'categories/architecture/'],
  ['shared', 'shared/pay/'],
  ['query', 'query/?q=api%20AND%20pagination'],
] as const;

/** Opens a page; a query page once the island has answered. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  if (path.startsWith('query/'))
    await page
      .locator('[data-status]')
      .filter({ hasText: /\d+ results?/ })
      .waitFor();
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
    for (const [name, path] of PAGES) {
      test(`${name} page`, async ({ page }) => {
        await open(page, path);
        await screenshot(page, `${name}-${scheme}`);
      });
    }
    test('pack builder', async ({ page }) => {
      await open(page, 'query/?q=pay');
      await page.getByRole('button', { name: 'Build pack' }).click();
      await page
        .locator('[data-pack-tokens]')
        .filter({ hasText: /tokens/ })
        .waitFor();
      await screenshot(page, `pack-builder-${scheme}`);
    });
  });
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true });
  for (const [name, path] of PAGES.filter(([n]) => n === 'home' || n === 'note' || n === 'query'))
    test(`${name} page at 390px`, async ({ page }) => {
      await open(page, path);
      await screenshot(page, `${name}-phone`);
    });
});
