// "Pack for this page" on a note, a tag and a project page: the pack the island builds is, byte for byte, the one
// `kb context` prints for the command the page shows (the real CLI, run here), and it downloads as that Markdown.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, screenshot, E2E_TODAY } from './fixtures.ts';
import { KB_DIR } from './expected.ts';

const ROOT = join(import.meta.dirname, '../..');

/** What `kb context` prints for the command shown on the page (its words after `kb context`, as a shell splits them). */
function cli(command: string): string {
  const args = [...command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)].map((m) => (m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!));
  expect(args.slice(0, 2)).toEqual(['kb', 'context']);
  return execFileSync(process.execPath, ['bin/kb.js', 'context', ...args.slice(2), '--kb', KB_DIR, '--today', E2E_TODAY], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, KB_NO_CACHE: '1' },
  });
}

const PAGES = [
  ['a note', 'notes/decisions/005-cursor-pagination/', 'kb context --note decisions/005-cursor-pagination.md'],
  ['a tag', 'tags/react-native/', 'kb context --task react-native --tags react-native'],
  ['a project', 'projects/pay/', 'kb context --task'],
] as const;

for (const [kind, path, command] of PAGES)
  test(`the pack for ${kind}’s page is the one kb context prints`, async ({ page }) => {
    await page.goto(path);
    const box = page.locator('details.page-pack');
    await box.locator('summary').click();
    const shown = (await box.locator('code').first().textContent())!;
    expect(shown.startsWith(command)).toBe(true);
    await box.getByRole('button', { name: 'Build pack' }).click();
    const expected = cli(shown);
    await expect(box.locator('[data-pack-tokens]')).toContainText(' tokens · confidence ');
    await expect(box.locator('[data-pack-preview]')).toHaveText(expected.replace(/\n$/, ''));
    const md = page.waitForEvent('download');
    await box.getByRole('button', { name: 'Download .md' }).click();
    expect(readFileSync(await (await md).path(), 'utf8')).toBe(expected);
    if (kind === 'a note') {
      await expect(box.locator('.pack-rendered h3').first()).toHaveText('ADR 005: Cursor pagination for all list endpoints');
      await box.locator('.pack-rendered').scrollIntoViewIfNeeded();
      await screenshot(page, 'page-pack-note', false);
    }
  });

test('without JavaScript the page pack shows its command only', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('notes/decisions/005-cursor-pagination/');
  await page.locator('details.page-pack summary').click();
  await expect(page.locator('details.page-pack code')).toHaveText('kb context --note decisions/005-cursor-pagination.md');
  await expect(page.locator('details.page-pack').getByRole('button', { name: 'Build pack' })).toBeHidden();
  await context.close();
});
