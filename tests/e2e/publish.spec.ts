// The site built from tests/fixtures/obsidian-publish/ (scripts/test.mjs): what Obsidian Publish and Quartz readers
// expect, in Chromium at 1440 and 390 px, light and dark: the properties panel, permalinks and the redirects of old
// URLs (from aliases and permalinks here; git history is tested in tests/unit/redirects.test.ts), code copy
// buttons, image zoom, previous/next, folder pages, nested tags' parents, the query page's pack form, print, and an
// axe sweep over all of it. Screenshots go to test-results/screenshots/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';

const CARD = 'notes/guides/properties/';
const WRITING = 'notes/guides/writing/';
const VIEWS = [
  { name: 'desktop, light', width: 1440, scheme: 'light' },
  { name: 'desktop, dark', width: 1440, scheme: 'dark' },
  { name: 'phone, light', width: 390, scheme: 'light' },
  { name: 'phone, dark', width: 390, scheme: 'dark' },
] as const;
const shot = (v: (typeof VIEWS)[number], name: string) => `publish-${name}-${v.width}-${v.scheme}`;

for (const v of VIEWS) {
  test.describe(v.name, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width: v.width, height: 900 });
      await page.emulateMedia({ colorScheme: v.scheme });
    });

    test('the properties panel shows every property, typed, links at the notes’ permalinks, no credential', async ({ page }) => {
      await page.goto(CARD);
      const panel = page.locator('details.note-properties');
      await expect(panel).toHaveAttribute('open', '');
      const row = (key: string) =>
        panel
          .locator('.prop')
          .filter({ has: page.locator('dt', { hasText: new RegExp(`^${key}$`) }) })
          .locator('dd');
      await expect(panel.locator('dt')).toHaveText([
        'owner',
        'service',
        'reviewed',
        'due',
        'count',
        'ratio',
        'public',
        'archived',
        'languages',
        'related',
        'runbook',
        'contact',
        'limits',
        'database',
      ]);
      await expect(row('service').getByRole('link', { name: 'Payments API' })).toHaveAttribute('href', '/notes/services/payments-api/');
      await expect(row('reviewed').locator('time')).toHaveAttribute('datetime', '2026-09-01');
      await expect(row('due')).toHaveText('2026-10-20 09:30 UTC');
      await expect(row('count')).toHaveText('42');
      await expect(row('public')).toHaveText('Yes');
      await expect(row('languages').getByRole('listitem')).toHaveText(['typescript', 'rust']);
      await expect(row('related').getByRole('link', { name: 'writing' })).toHaveAttribute('href', '/notes/guides/writing/');
      await expect(row('related').locator('.link-missing')).toHaveText('no such note');
      await expect(row('runbook').getByRole('link')).toHaveAttribute('href', 'https://runbooks.example.com/payments');
      await expect(row('database')).toHaveText(/^\[redacted: /);
      // Each key beside its value, on one row of the panel.
      const tops = await panel
        .locator('.prop')
        .evaluateAll((rows) => rows.map((r) => [r.children[0]!.getBoundingClientRect().top, r.children[1]!.getBoundingClientRect().top]));
      for (const [key, value] of tops) expect(Math.abs(key! - value!)).toBeLessThan(4);
      expect(await page.content()).not.toContain('Vq7wXk2mPz9s');
      // "About this note" keeps what the panel does not show.
      await expect(page.locator('.note-meta dt')).toHaveText(['Status', 'Source', 'Tokens']);
      await panel.locator('summary').click();
      await expect(row('owner')).toBeHidden();
      await panel.locator('summary').click();
      await panel.screenshot({ path: `test-results/screenshots/${shot(v, 'properties')}.png` });
    });

    test('the copy button copies a code block, and says so', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto(WRITING);
      const block = page.locator('.code-block').first();
      const button = block.getByRole('button', { name: 'Copy code' });
      await expect(page.getByRole('button', { name: 'Copy code' })).toHaveCount(2);
      await button.click();
      await expect(button).toHaveText('Copied');
      await expect(page.getByRole('status').filter({ hasText: 'Code copied' })).toHaveCount(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('export function greet(name: string): string {\n  return `Hello, ${name}`;\n}');
      await block.scrollIntoViewIfNeeded();
      await button.focus();
      await block.screenshot({ path: `test-results/screenshots/${shot(v, 'code-copy')}.png` });
    });

    test('an image zooms by click or keyboard; Escape closes it and focus returns', async ({ page }) => {
      await page.goto(WRITING);
      const opener = page.getByRole('button', { name: 'The build pipeline' });
      const dialog = page.getByRole('dialog', { name: 'Zoomed image' });
      await opener.click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('img', { name: 'The build pipeline' })).toBeVisible();
      await screenshot(page, shot(v, 'zoom'), false);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Close' }).press('Enter');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    });

    test('previous and next follow the folders', async ({ page }) => {
      await page.goto(CARD);
      const pager = page.getByRole('navigation', { name: 'Previous and next note' });
      await expect(pager.getByRole('link', { name: /Previous.*Getting started/ })).toHaveAttribute('href', '/notes/start/');
      await pager.getByRole('link', { name: /Next.*Writing notes/ }).click();
      await expect(page).toHaveURL(/\/notes\/guides\/writing\/$/);
    });

    test('old URLs land on the note: a path-like alias, the file name’s URL of a permalink note, its Obsidian Publish URL', async ({ page }) => {
      // `start` as Obsidian Publish links it (no trailing slash: the host adds it), then the portal's older URLs.
      for (const old of ['start', 'notes/guides/first-steps/', 'notes/guides/getting-started/']) {
        await page.goto(old, { waitUntil: 'commit' });
        await page.waitForURL(/\/notes\/start\/$/);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started');
      }
      await page.goto('notes/old/payments-service/', { waitUntil: 'commit' });
      await page.waitForURL(/\/notes\/services\/payments-api\/$/);
      // A wikilink to a plain alias resolves as before.
      await page.goto('notes/reference/glossary/');
      await expect(page.locator('.note-body').getByRole('link', { name: 'the onboarding note' })).toHaveAttribute('href', '/notes/start/');
    });

    test('a folder page lists its folders and notes; breadcrumbs lead there', async ({ page }) => {
      await page.goto('notes/guides/advanced/deep-dive/');
      await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'guides' }).click();
      await expect(page).toHaveURL(/\/folders\/guides\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Folder guides');
      await expect(page.locator('.folder-list .title')).toHaveText(['advanced']);
      await expect(page.getByRole('list', { name: 'Notes in guides' }).locator('.title')).toHaveText(['Getting started', 'Service card', 'Writing notes']);
      await screenshot(page, shot(v, 'folder'));
      await page.getByRole('link', { name: 'All folders' }).click();
      await expect(page.locator('.folder-list .title')).toHaveText(['graph', 'guides', 'lang', 'reference', 'services']);
    });

    test('a nested tag’s parent lists the tags under it and their notes', async ({ page }) => {
      await page.goto('tags/lang/');
      await expect(page.getByRole('list', { name: 'Tags under lang' }).locator('.tag > span:first-child')).toHaveText(['lang/rust', 'lang/ts']);
      await expect(page.getByRole('list', { name: 'Notes tagged under lang' }).locator('.title')).toHaveText([
        'Deep dive',
        'Rust notes',
        'TypeScript notes',
        'Writing notes',
      ]);
      await page
        .getByRole('list', { name: 'Tags under lang' })
        .getByRole('link', { name: /lang\/ts/ })
        .click();
      await expect(page).toHaveURL(/\/tags\/lang~2f~ts\/$/);
    });

    test('preview image, noindex, robots.txt', async ({ page }) => {
      await page.goto(CARD);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://help.example.com/attachments/img/cover.png');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
      await page.goto(WRITING);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', 'https://help.example.com/attachments/img/diagram.png');
      expect((await page.request.get('attachments/img/cover.png')).ok()).toBe(true);
      expect(await (await page.request.get('robots.txt')).text()).toBe('User-agent: *\nDisallow: /\n');
    });
  });
}

test.describe('the pack form at 1440 px', () => {
  test.beforeEach(async ({ page }) => page.setViewportSize({ width: 1440, height: 900 }));

  test('each bucket’s box is on its label’s line', async ({ page }) => {
    await page.goto('query/?q=guide');
    await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toBeVisible();
    const labels = page.locator('.pack-form fieldset label');
    expect(await labels.count()).toBeGreaterThan(2);
    const rows = await labels.evaluateAll((ls) =>
      ls.map((l) => {
        const box = l.querySelector('input')!.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(l);
        range.setStartAfter(l.querySelector('input')!);
        const text = range.getBoundingClientRect();
        return {
          name: l.textContent!.trim(),
          boxMid: box.top + box.height / 2,
          textTop: text.top,
          textBottom: text.bottom,
          lines: range.getClientRects().length,
        };
      }),
    );
    for (const r of rows) {
      expect(r.boxMid, r.name).toBeGreaterThanOrEqual(r.textTop);
      expect(r.boxMid, r.name).toBeLessThanOrEqual(r.textBottom);
      expect(r.lines, r.name).toBe(1);
    }
    await expect(page.getByText('Select all')).toBeVisible();
  });

  test('with 0 results there is nothing to select or download', async ({ page }) => {
    await page.goto('query/?q=nosuchtagatall');
    await expect(page.getByRole('status').filter({ hasText: '0 results' })).toBeVisible();
    await expect(page.getByText('Select all')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Download selected notes' })).toBeHidden();
  });
});

test('without JavaScript: plain code, plain images, no buttons', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(WRITING);
  await expect(page.locator('.note-body pre').first()).toContainText('export function greet');
  await expect(page.getByRole('button', { name: 'Copy code' })).toHaveCount(0);
  await expect(page.locator('.note-body img[alt="The build pipeline"]')).toBeVisible();
  await expect(page.locator('.zoomable')).toHaveCount(0);
  await context.close();
});

test('printed: the text without header, sidebar or search, and each link’s address after it', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(CARD);
  await page.emulateMedia({ media: 'print' });
  for (const hidden of ['.site-header', '.sidebar', '.search-box', '.note-pager', '.site-footer']) await expect(page.locator(hidden).first()).toBeHidden();
  await expect(page.locator('article h1')).toBeVisible();
  const after = await page
    .locator('.note-properties a.internal')
    .first()
    .evaluate((a) => getComputedStyle(a, '::after').content);
  expect(after).toMatch(/attr\(href\)|\(\/notes\/services\/payments-api\/\)/);
  await screenshot(page, 'publish-print');
});

const SWEEP: [kind: string, path: string, ready?: (page: Page) => Promise<void>][] = [
  ['note with properties', CARD],
  ['note with code and images', WRITING, async (page) => void (await expect(page.getByRole('button', { name: 'Copy code' }).first()).toBeVisible())],
  [
    'zoomed image',
    WRITING,
    async (page) => {
      await page.getByRole('button', { name: 'The build pipeline' }).click();
      await expect(page.getByRole('dialog', { name: 'Zoomed image' })).toBeVisible();
    },
  ],
  ['folder page', 'folders/guides/'],
  ['all folders', 'folders/'],
  ['nested tag parent', 'tags/lang/'],
  ['home', ''],
  ['query with the pack form', 'query/?q=guide', async (page) => void (await expect(page.getByText('Select all')).toBeVisible())],
];

for (const scheme of ['light', 'dark'] as const)
  for (const width of [1440, 390])
    test(`axe: no serious or critical violation (${width} px, ${scheme})`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      const found: string[] = [];
      for (const [kind, path, ready] of SWEEP) {
        await page.goto(path);
        await ready?.(page);
        const results = await new AxeBuilder({ page }).analyze();
        for (const v of results.violations)
          if (v.impact === 'serious' || v.impact === 'critical')
            found.push(
              `${kind}: ${v.id} — ${v.help} — ${v.nodes
                .map((n) => n.target.join(' '))
                .slice(0, 3)
                .join('; ')}`,
            );
      }
      expect(found).toEqual([]);
    });
