// The site built from tests/fixtures/obsidian/ (scripts/test.mjs): what Obsidian writers see in Chromium —
// diagrams drawn, foldable callouts, images sized and lazy, link previews, comments never shown — with an
// empty console, and no axe violation in either theme.
import AxeBuilder from '@axe-core/playwright';
import { consoleTest, test, expect, screenshot } from './fixtures.ts';

// A payload `<img src=x …>` is sanitised to a harmless `<img src="x">`, whose 404 the browser logs (as in xss.spec.ts).
const hostileTest = consoleTest(/^console\.error: Failed to load resource: .*\/x\)$/);

const WRITING = 'notes/guides/writing/';

test('a mermaid block is drawn as a diagram; the source is kept for readers without JavaScript', async ({ page }) => {
  await page.goto(WRITING);
  const diagram = page.locator('.mermaid-diagram svg');
  await expect(diagram).toBeVisible({ timeout: 20_000 });
  await expect(diagram).toContainText('Writer');
  await expect(page.locator('pre.mermaid')).toBeHidden();
  await screenshot(page, 'obsidian-writing');
});

test('without JavaScript the diagram source shows as text', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(WRITING);
  await expect(page.locator('pre.mermaid')).toContainText('A[Writer] --> B[Portal]');
  await context.close();
});

test('the diagram follows the theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(WRITING);
  await expect(page.locator('.mermaid-diagram svg')).toBeVisible({ timeout: 20_000 });
  const dark = await page.locator('.mermaid-diagram svg').evaluate((svg) => svg.outerHTML.includes('#1f2020') || svg.outerHTML.includes('dark'));
  expect(dark).toBe(true);
});

test('a foldable callout opens and closes, by mouse and keyboard', async ({ page }) => {
  await page.goto(WRITING);
  const folded = page.locator('details.callout-tip');
  await expect(folded).not.toHaveAttribute('open', '');
  await expect(folded.getByText('Hidden until opened.')).toBeHidden();
  await folded.locator('summary').first().click();
  await expect(folded.getByText('Hidden until opened.')).toBeVisible();
  await expect(page.locator('details.callout-example')).toHaveAttribute('open', '');
  await folded.locator('summary').first().focus();
  await page.keyboard.press('Enter');
  await expect(folded.getByText('Hidden until opened.')).toBeHidden();
});

test('images load from the published attachments, sized and lazy', async ({ page }) => {
  await page.goto(WRITING);
  const img = page.locator('img[alt="Architecture"]');
  await expect(img).toHaveAttribute('loading', 'lazy');
  await expect(img).toHaveAttribute('width', '640');
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(640);
  const pdf = await page.request.get(
    await page
      .locator('a.attachment')
      .getAttribute('href')
      .then((h) => h!),
  );
  expect(pdf.ok()).toBe(true);
});

test('hovering or focusing a link to a note previews it after a short delay', async ({ page }) => {
  await page.goto('notes/decisions/008-postgres/');
  const link = page.locator('.note-body a.wikilink').first();
  await link.hover();
  const pop = page.locator('#kb-link-preview');
  await expect(pop).toBeVisible();
  await expect(pop).toContainText('Redis for caching and rate limits');
  await expect(pop).toContainText('#caching');
  await expect(pop).toContainText('We cache sessions');
  await page.mouse.move(0, 0);
  await expect(pop).toBeHidden();
  await link.focus();
  await expect(pop).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(pop).toBeHidden();
});

test('comments, private and draft notes are never on the page', async ({ page }) => {
  await page.goto(WRITING);
  await expect(page.locator('body')).not.toContainText('comment the site never shows');
  await page.goto('notes/guides/broken/');
  await expect(page.locator('body')).not.toContainText('SECRET-SALARY');
  await expect(page.locator('.note-body .link-missing')).toHaveCount(5);
  expect((await page.request.get('notes/people/salaries/')).status()).toBe(404);
});

hostileTest('the hostile note runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto('notes/guides/hostile/');
  await page.waitForLoadState('networkidle');
  for (const a of await page.locator('.note-body a').all()) await a.hover();
  const handlers = await page.evaluate(() => [...document.querySelectorAll('*')].flatMap((el) => el.getAttributeNames().filter((n) => /^on/i.test(n))));
  expect(handlers).toEqual([]);
  expect(dialogs).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const)
  test(`axe: callouts, embeds, code, math and diagrams pass (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(WRITING);
    await expect(page.locator('.mermaid-diagram svg')).toBeVisible({ timeout: 20_000 });
    await page.locator('details.callout-tip summary').first().click();
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`),
    ).toEqual([]);
  });
