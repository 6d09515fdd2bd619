// The site built from tests/fixtures/obsidian-publish/ (scripts/test.mjs): the graph (a page's local graph, loaded only
// when opened, and the global graph from one file), canvas pages (cards, groups, edges, pan and zoom) and their
// embeds, bases (files and blocks, sortable tables), in Chromium at 1440 and 390 px, light and dark, with the axe
// sweep after the graph and a canvas have rendered. Screenshots land in test-results/screenshots/.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, screenshot } from './fixtures.ts';

const HOME = 'notes/graph/home/';
const CANVAS = 'notes/boards/roadmap.canvas/';
const BASE = 'notes/bases/projects.base/';

/** Opens a page's local graph and waits for the canvas the island draws. */
async function openLocalGraph(page: Page): Promise<void> {
  await page.locator('details[data-kb-graph="local"] > summary').click();
  await expect(page.locator('.local-graph .graph-canvas')).toBeVisible();
}

/** Moves the mouse over the graph until its tooltip names a page; returns the point and the name. */
async function findNode(page: Page, stage: string): Promise<{ x: number; y: number; name: string } | undefined> {
  const box = (await page.locator(`${stage} .graph-canvas`).boundingBox())!;
  for (let y = 10; y < box.height; y += 12)
    for (let x = 10; x < box.width; x += 12) {
      await page.mouse.move(box.x + x, box.y + y);
      const tip = page.locator(`${stage} .graph-tip`);
      if (await tip.isVisible()) return { x: box.x + x, y: box.y + y, name: (await tip.textContent()) ?? '' };
    }
  return undefined;
}

test('a note page ships no graph script until the reader opens its graph', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await page.goto(HOME);
  await page.waitForLoadState('networkidle');
  const before = scripts.length;
  expect(scripts.some((s) => /kbGraph/.test(s))).toBe(false);
  await openLocalGraph(page);
  expect(scripts.slice(before).some((s) => /kbGraph/.test(s))).toBe(true);
  // The list under the graph is the same pages, as links, without opening anything.
  const listed = await page.locator('.local-graph a[data-graph-node]').count();
  await expect(page.locator('.local-graph [data-graph-stage]')).toHaveAttribute('data-graph-drawn', String(listed + 1));
  await expect(page.locator('.local-graph a[data-graph-node][data-kind="canvas"]')).toHaveText('roadmap');
  await expect(page.locator('.local-graph a[data-graph-node][data-kind="canvas"]')).toHaveAttribute('href', '/notes/boards/roadmap.canvas/');
  await expect(page.locator('.local-graph a[data-graph-node][data-kind="tag"]')).toHaveAttribute('href', '/tags/hub/');
});

test('a node of the local graph is a link: clicking it opens the page', async ({ page }) => {
  await page.goto('notes/graph/people/grace/');
  await openLocalGraph(page);
  const node = await findNode(page, '.local-graph');
  expect(node).toBeDefined();
  // The list under the graph names the same page: clicking the node goes where its link goes.
  const href =
    node!.name === 'Grace'
      ? '/notes/graph/people/grace/'
      : await page.locator('.local-graph a[data-graph-node]', { hasText: node!.name }).first().getAttribute('href');
  await page.mouse.click(node!.x, node!.y);
  await page.waitForURL(`**${href}`);
});

test('the global graph fetches its one file and draws every page; the folders list them', async ({ page }) => {
  const files: string[] = [];
  page.on('request', (r) => files.push(new URL(r.url()).pathname));
  await page.goto('graph/');
  await expect(page.locator('.global-graph .graph-canvas')).toBeVisible();
  await expect(page.locator('.global-graph [data-graph-stage]')).toHaveAttribute('data-graph-drawn', '23');
  expect(files.filter((f) => f.endsWith('.json'))).toEqual(['/kb-graph.json']);
  await expect(page.locator('.graph-folders > li')).toHaveCount(11);
  await page.locator('.graph-folders summary', { hasText: 'graph (6)' }).click();
  await expect(page.locator('.graph-folders a', { hasText: 'Team home' })).toBeVisible();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await page.getByRole('button', { name: 'Show the whole graph' }).click();
  const node = await findNode(page, '.global-graph');
  expect(node).toBeDefined();
});

test('a canvas: cards as Markdown, a note and an image shown, a link card, groups, labelled edges with arrows', async ({ page }) => {
  await page.goto(CANVAS);
  const board = page.locator('[data-kb-canvas]');
  await expect(board.locator('.canvas-node')).toHaveCount(8);
  await expect(board.locator('.canvas-text h2', { hasText: 'Goals' })).toBeVisible();
  await expect(board.locator('.canvas-text strong', { hasText: 'Alpha' })).toBeVisible();
  await expect(board.locator('.canvas-file .embed-title a', { hasText: 'Alpha project' })).toHaveAttribute('href', '/notes/graph/alpha-project/');
  await expect(board.locator('.canvas-file .embed-title a', { hasText: 'Beta project › Waiting' })).toBeVisible();
  await expect(board.locator('.canvas-file img')).toHaveAttribute('src', '/attachments/boards/img/diagram.png');
  await expect(board.locator('.canvas-link a')).toHaveAttribute('href', 'https://jsoncanvas.org/spec/1.0/');
  await expect(board.locator('.canvas-group-label')).toHaveText('Now');
  await expect(board.locator('.canvas-text .callout')).toBeVisible();
  await expect(board.locator('.canvas-edge')).toHaveCount(4);
  await expect(board.locator('.canvas-edge[marker-end]')).toHaveCount(3);
  await expect(board.locator('.canvas-edge[marker-start]')).toHaveCount(1);
  await expect(board.locator('.canvas-edge-label')).toHaveText(['first', 'then']);
  await board.locator('.canvas-outline summary').click();
  await expect(board.locator('.canvas-outline li', { hasText: 'Goals → Alpha project: first' })).toBeVisible();
});

test('a canvas pans and zooms, by buttons, keyboard and mouse', async ({ page }) => {
  await page.goto(CANVAS);
  const board = page.locator('[data-kb-canvas]');
  const world = board.locator('[data-canvas-world]');
  await expect(board).toHaveAttribute('data-zoom', /\d/);
  const fitted = Number(await board.getAttribute('data-zoom'));
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => Number(await board.getAttribute('data-zoom'))).toBeGreaterThan(fitted);
  await board.locator('.canvas-viewport').focus();
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect.poll(async () => Number(await board.getAttribute('data-zoom'))).toBeLessThan(fitted);
  const before = await world.getAttribute('style');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => world.getAttribute('style')).not.toBe(before);
  const box = (await board.locator('.canvas-viewport').boundingBox())!;
  const moved = await world.getAttribute('style');
  await page.mouse.move(box.x + 5, box.y + box.height - 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 105, box.y + box.height - 55, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => world.getAttribute('style')).not.toBe(moved);
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(async () => Number(await board.getAttribute('data-zoom'))).toBeCloseTo(fitted, 2);
});

test('without JavaScript a canvas scrolls at full size and a base table is all there', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(CANVAS);
  await expect(page.locator('.canvas-node')).toHaveCount(8);
  await expect(page.locator('.canvas-toolbar')).toBeHidden();
  await page.goto(BASE);
  await expect(page.locator('table[aria-label="All projects"] tbody tr')).toHaveCount(3);
  await expect(page.locator('.base-sort')).toHaveCount(0);
  await context.close();
});

test('a canvas that cannot be read, or has bad entries, says so on its page', async ({ page }) => {
  await page.goto('notes/boards/broken.canvas/');
  await expect(page.locator('article')).toContainText('could not be read as a canvas');
  await expect(page.locator('.banner')).toContainText('is not valid JSON');
  await page.goto('notes/boards/partial.canvas/');
  await expect(page.locator('.canvas-node')).toHaveCount(1);
  await expect(page.locator('.banner li')).toHaveText([/node “no-size”: width: Required/, /edge “dangling” connects node “gone”/]);
});

test('![[board.canvas]] embeds its picture; a base block and ![[file.base]] show their views', async ({ page }) => {
  await page.goto(HOME);
  const picture = page.locator('.embed img[src="/kb-canvas/boards/roadmap.canvas.svg"]');
  await expect(picture).toHaveAttribute('alt', 'Canvas “roadmap”: 7 cards, 4 connections');
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(1180);
  await expect(page.locator('table[aria-label="Active projects"] tbody tr')).toHaveCount(1);
  await expect(page.locator('.embed table[aria-label="All projects"] tbody tr')).toHaveCount(3);
});

test('a base table sorts by a column in the page', async ({ page }) => {
  await page.goto(BASE);
  const table = page.locator('table[aria-label="All projects"]');
  const names = () => table.locator('tbody tr td:first-child').allTextContents();
  expect(await names()).toEqual(['Alpha project', 'Beta project', 'Gamma project']);
  const daysLeft = table.getByRole('button', { name: 'Days left' });
  await daysLeft.click();
  await expect(table.locator('th', { hasText: 'Days left' })).toHaveAttribute('aria-sort', 'ascending');
  expect(await names()).toEqual(['Gamma project', 'Beta project', 'Alpha project']);
  await daysLeft.press('Enter');
  await expect(table.locator('th', { hasText: 'Days left' })).toHaveAttribute('aria-sort', 'descending');
  expect(await names()).toEqual(['Alpha project', 'Beta project', 'Gamma project']);
});

test('a base says what it could not compute, naming the function', async ({ page }) => {
  await page.goto('notes/bases/people.base/');
  await expect(page.locator('.base-problems').first()).toContainText('html() is not supported here');
  await expect(page.locator('.base-problems').first()).toContainText('file.size is not supported here');
  await expect(page.locator('.base-problems').nth(1)).toContainText('the map view is not drawn here; shown as a table');
  await expect(page.locator('table[aria-label="People"] tbody tr')).toHaveCount(2);
});

test('canvases and bases are in the sidebar, in backlinks and in search', async ({ page }) => {
  await page.goto('notes/graph/alpha-project/');
  await expect(page.locator('#Backlinks + ul a[href="/notes/boards/roadmap.canvas/"]')).toHaveText('roadmap');
  await page.goto(CANVAS);
  await expect(page.getByRole('navigation', { name: 'Notes' }).locator('a[aria-current="page"]')).toHaveText('roadmap');
  await page.goto('search/?q=retrospective');
  await expect(page.locator('.pagefind-ui__result-link', { hasText: 'roadmap' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const)
  for (const width of [1440, 390])
    test(`screenshots and axe after the graph and a canvas have rendered (${scheme}, ${width} px)`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      const label = `${scheme}-${width}`;
      const found: string[] = [];
      const sweep = async (kind: string) => {
        const results = await new AxeBuilder({ page }).analyze();
        for (const v of results.violations)
          if (v.impact === 'serious' || v.impact === 'critical') found.push(`${kind}: ${v.id} — ${v.nodes.map((n) => n.target.join(' ')).join('; ')}`);
      };
      await page.goto(HOME);
      await openLocalGraph(page);
      await page.locator('.local-graph').scrollIntoViewIfNeeded();
      await screenshot(page, `publish-local-graph-${label}`, false);
      await sweep('note with its local graph');
      await page.goto('graph/');
      await expect(page.locator('.global-graph [data-graph-stage]')).toHaveAttribute('data-graph-drawn', '23');
      await screenshot(page, `publish-global-graph-${label}`, false);
      await sweep('global graph');
      await page.goto(CANVAS);
      await expect(page.locator('[data-kb-canvas]')).toHaveAttribute('data-zoom', /\d/);
      await screenshot(page, `publish-canvas-${label}`, false);
      await sweep('canvas');
      await page.goto(BASE);
      await page.locator('table[aria-label="All projects"] .base-sort').first().waitFor();
      await screenshot(page, `publish-base-${label}`, true);
      await sweep('base');
      expect(found).toEqual([]);
    });
