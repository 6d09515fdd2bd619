// The knowledge health page of the sample portal: every kind it checks has at least one item in the sample, each
// section lists what the CLI computes for the folder (expected.ts), and the home page's counts lead to it.
import { test, expect } from './fixtures.ts';
import { expectedHealth } from './expected.ts';
import { HEALTH_KINDS, healthPhrase, healthTitle } from '../../src/core/health/healthKinds.ts';
import { healthCounts } from '../../src/core/health/knowledgeHealth.ts';

const health = expectedHealth();
const counts = healthCounts(health);
/** What each section lists, as the `where` of its items (a note's path, a link's file:line, a pack's slug). */
const WHERE: Record<(typeof HEALTH_KINDS)[number]['key'], string[]> = {
  staleCited: health.staleCited.map((n) => n.path),
  deprecatedCited: health.deprecatedCited.map((n) => n.path),
  lowConfidencePacks: health.lowConfidencePacks.map((p) => p.slug),
  brokenLinks: health.brokenLinks.map((b) => `${b.file}:${b.line}`),
  orphans: health.orphans,
  untagged: health.untagged,
};

test.describe('knowledge health', () => {
  for (const kind of HEALTH_KINDS)
    test(`${healthTitle(kind)}: the sample has some, and the page lists them`, async ({ page }) => {
      const title = healthTitle(kind);
      expect(counts[kind.key], `the sample folder has at least one of “${title}”`).toBeGreaterThan(0);
      await page.goto('health/');
      const section = page.getByRole('region', { name: title });
      await expect(section.getByRole('heading', { level: 2 })).toHaveText(`${title} · ${counts[kind.key]}`);
      await expect(section.locator('.health-items > li > code')).toHaveText(WHERE[kind.key]);
    });

  test('the stale note shows its age and the packs that cite it, each a link', async ({ page }) => {
    const stale = health.staleCited[0]!;
    await page.goto('health/');
    const item = page.getByRole('list', { name: 'Stale notes still cited' }).getByRole('listitem').first();
    await expect(item.locator('[data-age]')).toHaveText(/^\(\d+ days ago\)$/);
    await expect(item.getByRole('link').nth(1)).toHaveAttribute('href', `/packs/${stale.packs[0]}/`);
    await item.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/notes\//);
  });

  test('the home page counts each kind and links it to its section', async ({ page }) => {
    await page.goto('');
    const line = page.locator('.home-health');
    for (const kind of HEALTH_KINDS) await expect(line.getByRole('link', { name: healthPhrase(kind, counts[kind.key]) })).toBeVisible();
    await line.getByRole('link', { name: healthPhrase(HEALTH_KINDS[3]!, counts.brokenLinks) }).click();
    await expect(page).toHaveURL(/\/health\/#broken-links$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Knowledge health');
    await expect(page.getByRole('link', { name: 'Health', exact: true }).first()).toHaveAttribute('aria-current', 'page');
  });
});
