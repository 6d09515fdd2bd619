// Screenshots of each main page kind, light and dark, plus the home page at phone width.
import { test, screenshot } from './fixtures.ts';

const PAGES = [
  ['home', ''],
  ['note', 'notes/decisions/005-cursor-pagination/'],
  ['tag', 'tags/pagination/'],
  ['project', 'projects/pay/'],
  ['query', 'query/?q=api%20AND%20pagination'],
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1280, height: 900 } });
    for (const [name, path] of PAGES) {
      test(`${name} page`, async ({ page }) => {
        await page.goto(path);
        if (name === 'query')
          await page
            .locator('[data-status]')
            .filter({ hasText: /\d+ results?/ })
            .waitFor();
        await screenshot(page, `${name}-${scheme}`);
      });
    }
    test('pack builder', async ({ page }) => {
      await page.goto('query/?q=pay');
      await page
        .locator('[data-status]')
        .filter({ hasText: /\d+ results?/ })
        .waitFor();
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
  test('home page at 390px', async ({ page }) => {
    await page.goto('');
    await screenshot(page, 'home-phone');
  });
});
