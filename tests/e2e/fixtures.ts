// Shared Playwright fixtures: every test fails if the browser console logs anything or the page throws,
// and the browser's clock is fixed so ages and staleness are the same on every run.
import { test as base, expect, type Page } from '@playwright/test';

/** The day the e2e runs pretend it is (the builds use KB_TODAY with the same value). */
export const E2E_TODAY = '2026-10-15';

/** A test whose console must stay empty, apart from messages matching `ignore` (a page that expects one). */
export function consoleTest(ignore?: RegExp) {
  return base.extend<{ consoleMessages: string[] }>({
    consoleMessages: [
      async ({ page }, use) => {
        const messages: string[] = [];
        page.on('console', (m) => messages.push(`console.${m.type()}: ${m.text()} (${m.location().url})`));
        page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
        await page.clock.setFixedTime(new Date(`${E2E_TODAY}T12:00:00`));
        await use(messages);
        expect(
          messages.filter((m) => !ignore?.test(m)),
          'the browser console stays empty',
        ).toEqual([]);
      },
      { auto: true },
    ],
  });
}

export const test = consoleTest();

export { expect };

/** Screenshots kept as test artifacts (npm test keeps test-results/). */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage });
}
