// Each main page kind at 1440 px and 390 px, light and dark, checked for what a screenshot of it would be looked at
// for: the page's own heading and what it is about, shown (the long postmortem with its table of contents, the
// sidebar's sections, the header search's results, the search page's results, the query island's answer, the pack
// builder's pack); the colour scheme asked for (a dark page is dark, a light one light); and, on a phone, nothing
// wider than the screen. The screenshot is kept beside the test (test-results/screenshots/) for a person to look at.
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';

interface Shot {
  name: string;
  path: string;
  /** The page's h1. */
  heading: RegExp;
  /** What the page is there to show, once it has rendered (a click first where the shot needs one). */
  shows?: (page: Page, phone: boolean) => Promise<void>;
  fullPage?: boolean;
}

const POSTMORTEM = 'notes/projects/pay/lessons/2026-08-double-refunds-postmortem/';

const SHOTS: Shot[] = [
  {
    name: 'home',
    path: '',
    heading: /^Northwind Labs Knowledge Base$/,
    shows: async (page) => void (await expect(page.getByRole('main').getByRole('link').first()).toBeVisible()),
  },
  {
    name: 'note',
    path: POSTMORTEM,
    heading: /^Postmortem: duplicate Stripe webhook deliveries created double refunds/,
    shows: async (page, phone) => {
      if (phone) await page.locator('.toc-inline summary').click();
      const toc = phone ? page.locator('.toc-inline') : page.locator('.note-rail');
      await expect(toc).toBeVisible();
      await expect(toc.getByRole('link').first()).toBeVisible();
    },
    fullPage: false,
  },
  {
    name: 'note-menu',
    path: POSTMORTEM,
    heading: /^Postmortem: duplicate Stripe webhook deliveries/,
    shows: async (page, phone) => {
      if (phone) await page.getByRole('button', { name: 'Menu' }).click();
      await page.locator('details[data-id="decisions"] > summary').click();
      await expect(page.getByRole('navigation', { name: 'Notes' }).getByRole('link', { name: /^ADR 005/ })).toBeVisible();
    },
    fullPage: false,
  },
  {
    name: 'tag',
    path: 'tags/react-native/',
    heading: /^Tag\s+react-native/,
    shows: async (page) => void (await expect(page.getByRole('main').getByRole('link', { name: /./ }).first()).toBeVisible()),
  },
  {
    name: 'search-box',
    path: 'notes/decisions/005-cursor-pagination/',
    heading: /^ADR 005: Cursor pagination for all list endpoints$/,
    shows: async (page) => {
      await page.getByRole('searchbox', { name: 'Search notes' }).fill('webhook');
      await expect(page.locator('.search-hits a').first()).toBeVisible();
      await expect(page.locator('.search-hits')).toContainText(/webhook/i);
    },
    fullPage: false,
  },
  {
    name: 'search',
    path: 'search/?q=webhook',
    heading: /^Search$/,
    shows: async (page) => {
      await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
      await expect(page.locator('.pagefind-ui__result').first()).toContainText(/webhook/i);
    },
  },
  { name: 'project', path: 'projects/pay/', heading: /^Payments API/ },
  { name: 'category', path: 'categories/architecture/', heading: /^Category\s+architecture/ },
  { name: 'health', path: 'health/', heading: /^Knowledge health$/ },
  { name: 'shared', path: 'shared/pay/', heading: /^Team-shared: Payments API$/ },
  {
    name: 'query',
    path: 'query/?q=api%20AND%20pagination',
    heading: /^Query$/,
    shows: async (page) => {
      await expect(page.locator('[data-status]')).toHaveText(/\d+ results?/);
      await expect(page.locator('[data-results] a.hit-link').first()).toBeVisible();
    },
  },
  {
    name: 'pack-builder',
    path: 'query/?q=pay',
    heading: /^Query$/,
    shows: async (page) => {
      await page.locator('.summary').waitFor();
      await page.getByRole('button', { name: 'Build pack' }).click();
      await expect(page.locator('[data-pack-tokens]')).toHaveText(/^[\d,]+ \/ 6,000 tokens · confidence (low|medium|high)/);
      await expect(page.locator('[data-pack-preview]')).toContainText('Context pack');
    },
  },
];

/** The relative luminance (0 black … 1 white) of the page's background, from the first element that has one. */
function backgroundLuminance(page: Page): Promise<number> {
  return page.evaluate(() => {
    for (const el of [document.body, document.documentElement]) {
      const m = /rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/.exec(getComputedStyle(el).backgroundColor);
      if (!m || m[4] === '0') continue;
      const [r, g, b] = [m[1], m[2], m[3]].map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    }
    return 1; // no background set anywhere: the browser's, white
  });
}

for (const [width, label] of [
  [1440, 'wide'],
  [390, 'phone'],
] as const)
  for (const scheme of ['light', 'dark'] as const)
    test.describe(`${label}, ${scheme}`, () => {
      test.use({ colorScheme: scheme, viewport: { width, height: 900 }, isMobile: width < 500 });
      for (const { name, path, heading, shows, fullPage = true } of SHOTS)
        test(`${name} page`, async ({ page }) => {
          const phone = width < 500;
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
          await shows?.(page, phone);
          const luminance = await backgroundLuminance(page);
          if (scheme === 'dark') expect(luminance, 'a dark page').toBeLessThan(0.2);
          else expect(luminance, 'a light page').toBeGreaterThan(0.7);
          if (phone)
            expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth), 'nothing wider than the phone').toBeLessThanOrEqual(0);
          await screenshot(page, `${name}-${label}-${scheme}`, fullPage);
        });
    });
