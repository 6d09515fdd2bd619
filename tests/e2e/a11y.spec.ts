// One axe sweep over one page of each kind: no serious or critical violation, in light and dark.
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';

const PAGES = [
  ['home', ''],
  ['note', 'notes/decisions/002-offset-pagination/'],
  ['mdx note', 'notes/guides/reading-the-dashboards/'],
  ['tags', 'tags/'],
  ['tag', 'tags/pagination/'],
  ['alias', 'tags/rn/'],
  ['project', 'projects/pay/'],
  ['projects', 'projects/'],
  ['shared', 'shared/'],
  ['categories', 'categories/'],
  ['category', 'categories/architecture/'],
  ['packs', 'packs/'],
  ['pack', 'packs/project-pay/'],
  ['search', 'search/'],
  ['query', 'query/?q=pay'],
  ['404', 'no-such-page/'],
] as const;

for (const scheme of ['light', 'dark'] as const) {
  test(`axe: no serious or critical violation (${scheme})`, async ({ page, consoleMessages }) => {
    test.setTimeout(300_000); // a dozen full axe runs; slow when the machine is busy
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];
    for (const [kind, path] of PAGES) {
      await page.goto(path, { waitUntil: kind === 'alias' ? 'commit' : 'load' });
      if (kind === 'alias') await page.waitForURL('**/tags/react-native/');
      if (kind === 'query') await page.locator('.summary').waitFor();
      if (kind === 'search') await page.locator('.pagefind-ui__search-input').waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      for (const v of results.violations)
        if (v.impact === 'serious' || v.impact === 'critical')
          found.push(
            `${kind} (${path}): ${v.id} — ${v.help} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join('; ')}`,
          );
    }
    // Chromium logs the 404 status of the not-found page itself; that one is expected.
    const notFound = consoleMessages.findIndex((m) => m.includes('status of 404') && m.includes('/no-such-page/'));
    if (notFound >= 0) consoleMessages.splice(notFound, 1);
    expect(found).toEqual([]);
  });
}
