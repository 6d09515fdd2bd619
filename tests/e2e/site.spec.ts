// Each page kind of the sample portal, against the built dist/ (scripts/test.mjs builds it).
import { readFileSync } from 'node:fs';
import { serialiseIndex } from '../../src/node/writeIndexOutputs.ts';
import { renderIndexMd } from '../../src/core/render/renderIndexMd.ts';
import { packFormControls } from '../../src/core/context/packForm.ts';
import { test, expect } from './fixtures.ts';
import { expectedPack, expectedQuery, expectedSearch, sample } from './expected.ts';

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

test.describe('pages', () => {
  test('home: query box, most-used tags with aliases, projects, recent notes, artifacts', async ({ page }) => {
    await page.goto('');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sample().index.title);
    await expect(page.getByRole('searchbox', { name: 'Query the knowledge base' })).toBeVisible();
    const known = page.getByRole('list', { name: 'Most-used tags', exact: true });
    await expect(known.getByRole('link', { name: /react-native \(rn\)/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Payments API' }).first()).toHaveAttribute('href', '/projects/pay/');
    await expect(page.locator('ul[aria-label="Recently updated notes"] > li')).toHaveCount(10);
    await expect(page.getByText('repos/payments-api/CODEMAP.md')).toBeVisible();
  });

  test('note: rendered Markdown, metadata, wikilinks, backlinks, raw .md beside it', async ({ page, request }) => {
    await page.goto('notes/decisions/005-cursor-pagination/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ADR 005: Cursor pagination for all list endpoints');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'pagination' })).toHaveAttribute('href', '/tags/pagination/');
    await expect(page.getByRole('link', { name: 'performance-issues' })).toHaveAttribute('href', '/categories/performance-issues/');
    await expect(page.getByRole('heading', { name: 'Linked from' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Linked from' }).getByRole('link', { name: 'Encoding and validating pagination cursors' })).toBeVisible();
    const md = await request.get('notes/decisions/005-cursor-pagination.md');
    expect(md.status()).toBe(200);
    const text = await md.text();
    expect(text).toMatch(/^---\ntitle: "ADR 005: Cursor pagination for all list endpoints"\n/);
    expect(text).toContain('## Summary');
  });

  test('note: resolved and unresolved wikilinks', async ({ page }) => {
    await page.goto('notes/projects/mobile/pitfalls/android-background-fetch-limits/');
    await expect(page.locator('.link-missing')).toHaveText('missing-note');
    await page.goto('notes/projects/pay/patterns/cursor-encoding/');
    await expect(page.locator('a.wikilink').first()).toHaveAttribute('href', '/notes/decisions/005-cursor-pagination/');
  });

  test('note: deprecated banner and superseded link', async ({ page }) => {
    await page.goto('notes/references/v1-error-codes/');
    await expect(page.getByRole('note').filter({ hasText: 'Deprecated.' })).toBeVisible();
    await page.goto('notes/decisions/002-offset-pagination/');
    const banner = page.getByRole('note').filter({ hasText: 'Superseded' });
    await expect(banner.getByRole('link')).toHaveAttribute('href', '/notes/decisions/005-cursor-pagination/');
  });

  test('note: a note with broken YAML is published with its warning', async ({ page }) => {
    await page.goto('notes/projects/pay/pitfalls/stripe-calls-inside-atomic/');
    await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible();
  });

  test('note: MDX from an .mdx file', async ({ page }) => {
    await page.goto('notes/guides/reading-the-dashboards/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading the dashboards');
    await expect(page.getByRole('heading', { name: 'Payments API overview' })).toBeVisible();
    await expect(page.locator('.note-body')).not.toContainText('export const');
  });

  for (const tag of ['pagination', 'webhooks', 'react-native']) {
    test(`tag page /tags/${tag}/ numbers and groups like kb query ${tag}`, async ({ page }) => {
      const expected = expectedQuery(tag);
      await page.goto(`tags/${tag}/`);
      await expect(page.locator('.summary')).toHaveText(`Found ${files(expected.results.length)} matching: [${expected.tags.join(', ')}] (${expected.mode})`);
      const rows = page.locator('.query-results ol.results > li');
      await expect(rows).toHaveCount(expected.results.length + expected.artifacts.length);
      for (const hit of expected.results) await expect(page.locator(`li[value="${hit.n}"] .path`)).toHaveText(hit.path);
    });
  }

  test('tags index lists known, other tags and aliases', async ({ page }) => {
    await page.goto('tags/');
    await expect(page.getByRole('heading', { name: 'Aliases' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'kubernetes' }).first()).toHaveAttribute('href', '/tags/kubernetes/');
  });

  test('alias URL lands on the canonical tag', async ({ page }) => {
    await page.goto('tags/rn/', { waitUntil: 'commit' });
    await page.waitForURL('**/tags/react-native/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Tag react-native · \d+ notes$/);
  });

  test('alias page says what it is, with rel=canonical, without following the refresh', async ({ request }) => {
    const html = await (await request.get('tags/k8s/')).text();
    expect(html).toContain('<link rel="canonical" href="/tags/kubernetes/">');
    expect(html).toContain('http-equiv="refresh" content="0; url=/tags/kubernetes/"');
    expect(html).toMatch(/<code>k8s<\/code> is an alias of <a href="\/tags\/kubernetes\/">kubernetes<\/a>/);
  });

  test('project page: expanded query, groups, artifacts with staleness, pending ideas', async ({ page }) => {
    const expected = expectedQuery('pay');
    await page.goto('projects/pay/');
    await expect(page.getByText(`Expanded \`pay\` to include: ${expected.expanded[0]!.tags.join(', ')}`)).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Team-shared \(\d+ files?\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Project-specific \(\d+ files?\)$/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Tracked artifacts (${expected.artifacts.length})` })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Pending Ideas for pay/ })).toBeVisible();
  });

  test('empty project says so', async ({ page }) => {
    await page.goto('projects/ops/');
    await expect(page.getByText('(No files yet in projects/ops/ — folder is configured but empty.)')).toBeVisible();
  });

  test('team-shared: only projects enabled for sharing, cross apart', async ({ page }) => {
    await page.goto('shared/');
    await expect(page.getByRole('heading', { name: /^Payments API/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Cross-cutting/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Mobile App/ })).toHaveCount(0);
    await page.goto('shared/pay/');
    await expect(
      page
        .getByRole('list', { name: /Team-shared notes/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
  });

  test('categories', async ({ page }) => {
    await page.goto('categories/');
    await page.getByRole('link', { name: /^architecture/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Category architecture');
    await expect(page.getByRole('link', { name: 'ADR 002: Offset pagination for list endpoints' })).toBeVisible();
  });

  test('packs: list, page, downloads with the CLI content', async ({ page, request }) => {
    await page.goto('packs/');
    await page.getByRole('link', { name: 'Add cursor-based pagination to the refunds list endpoint' }).click();
    const slug = 'add-cursor-based-pagination-to-the-refunds-list-endpoint';
    const expected = expectedPack({ task: 'Add cursor-based pagination to the refunds list endpoint', project: 'pay' });
    await expect(page.locator('#pack-md')).toHaveText(expected.contextPackMarkdown);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: `Download ${slug}.md` }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toBe(expected.contextPackMarkdown);
    const json = await (await request.get(`packs/${slug}.json`)).json();
    expect(json).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  test('machine outputs at the root', async ({ request }) => {
    const { index } = sample();
    expect(await (await request.get('kb-index.json')).text()).toBe(serialiseIndex(index));
    expect(await (await request.get('index.md')).text()).toBe(renderIndexMd(index));
    expect(await (await request.get('kb-tags.txt')).text()).toContain('pagination\n');
    const llms = await (await request.get('llms.txt')).text();
    expect(llms).toMatch(/^# .+\n\n> .+\n/);
    expect(llms).toMatch(/^## Decisions$/m);
    expect(llms).toMatch(/^- \[ADR 005: Cursor pagination for all list endpoints\]\(\/notes\/decisions\/005-cursor-pagination\.md\): /m);
    const full = await (await request.get('llms-full.txt')).text();
    const decisions = /^- \[Decisions\]\(\/(llms-full\/[^)]+\.txt)\): 12 notes$/m.exec(full);
    expect(decisions, full).not.toBeNull();
    const part = await (await request.get(decisions![1]!)).text();
    expect(part).toContain('## Summary');
    expect(part.length).toBeLessThanOrEqual(100_000);
    const sitemap = await (await request.get('sitemap.xml')).text();
    expect(sitemap).toContain('<loc>/notes/decisions/005-cursor-pagination/</loc>');
    const missing = await request.get('no/such/page/');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('pages render; the query page points to the prerendered lists', async ({ page }) => {
    await page.goto('');
    await expect(page.getByRole('link', { name: /^pagination/ }).first()).toBeVisible();
    await page.goto('tags/pagination/');
    await expect(page.locator('.summary')).toContainText('Found');
    await page.goto('query/?q=api');
    await expect(page.getByText('The query page runs the query in your browser')).toBeVisible();
    await page.goto('search/');
    await expect(page.getByText('Search needs JavaScript')).toBeVisible();
  });
});

test.describe('query island', () => {
  test('a bookmarked query URL reproduces its results', async ({ page }) => {
    const expected = expectedQuery('api AND pagination');
    await page.goto('query/?q=api%20AND%20pagination');
    await expect(page.getByRole('main').locator('[data-status]')).toHaveText(`${expected.results.length} results`);
    await expect(page.locator('.summary')).toHaveText(`Found ${files(expected.results.length)} matching: [api, pagination] (AND)`);
    for (const hit of expected.results) await expect(page.locator(`li[value="${hit.n}"] .path`)).toHaveText(hit.path);
  });

  test('aliases resolve and projects expand as in kb query', async ({ page }) => {
    await page.goto('query/?q=rn');
    await expect(page.getByText('Resolved `rn` → `react-native`')).toBeVisible();
    const expected = expectedQuery('rn');
    await expect(page.locator('.query-results ol.results > li')).toHaveCount(expected.results.length + expected.artifacts.length);
  });

  test('search syntax runs kb search: the same notes, lines and snippets (bodies read from the llms-full text)', async ({ page }) => {
    for (const [q, request] of [
      ['--tag api cursor', { tag: 'api', keyword: 'cursor' }],
      ['idempotency', undefined],
      ['--category performance-issues', { category: 'performance-issues' }],
    ] as const) {
      await page.goto(`query/?q=${encodeURIComponent(request ? q : `--tag webhooks ${q}`)}`);
      const expected = expectedSearch(request ?? { tag: 'webhooks', keyword: q });
      expect(expected.total).toBeGreaterThan(0);
      await expect(page.locator('.summary')).toHaveText(new RegExp(`^${expected.total} notes match`));
      const rows = [...expected.titleMatches.map((m) => m.path), ...expected.contentMatches.map((m) => `line ${m.line}: ${m.snippet}`)];
      for (const row of rows) await expect(page.locator('.query-results ol.results > li', { hasText: row })).toHaveCount(1);
    }
  });

  test('an unknown tag in a search is answered with the closest known ones, each a link to the search with it', async ({ page }) => {
    await page.goto(`query/?q=${encodeURIComponent('--tag strpe webhook')}`);
    const notice = page.locator('.query-results .notice');
    // The first line is kb search's, exactly; the closest values follow on the next (a <br> between them).
    await expect.poll(() => notice.innerText()).toBe('No matches. Valid values: kb-tags.txt\n"strpe" is not a known tag; closest known values: stripe.');
    await expect(notice.getByRole('link', { name: 'kb-tags.txt', exact: true })).toHaveAttribute('href', /kb-tags\.txt$/);
    await notice.getByRole('link', { name: 'stripe', exact: true }).click();
    await expect(page).toHaveURL(/[?&]q=--tag(\+|%20)stripe(\+|%20)webhook$/);
    await expect(page.locator('.summary')).toHaveText(new RegExp(`^${expectedSearch({ tag: 'stripe', keyword: 'webhook' }).total} notes match tag stripe`));
  });

  test('the URL follows the query and Back restores the previous one', async ({ page }) => {
    await page.goto('query/?q=stripe');
    await expect(page.locator('.summary')).toContainText('[stripe]');
    await page.getByRole('searchbox', { name: 'Query', exact: true }).fill('webhooks');
    await page.getByRole('searchbox', { name: 'Query', exact: true }).press('Enter');
    await expect(page).toHaveURL(/\?q=webhooks$/);
    await expect(page.locator('.summary')).toContainText('[webhooks]');
    await page.goBack();
    await expect(page).toHaveURL(/\?q=stripe$/);
    await expect(page.getByRole('searchbox', { name: 'Query', exact: true })).toHaveValue('stripe');
    await expect(page.locator('.summary')).toContainText('[stripe]');
  });

  test('keyboard: / focuses the box, arrows move through results, Enter opens', async ({ page }) => {
    await page.goto('query/?q=pagination');
    await expect(page.locator('.summary')).toBeVisible();
    await page.locator('h1').click();
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Query', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    const first = page.locator('a.hit-link').first();
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('a.hit-link').nth(1)).toBeFocused();
    const href = await page.locator('a.hit-link').nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${href}`);
  });

  test('the pack built in the island equals the CLI pack for the same inputs', async ({ page }) => {
    await page.goto('query/?q=pay');
    await expect(page.locator('.summary')).toBeVisible();
    const task = 'Add cursor-based pagination to the refunds list endpoint';
    await page.getByLabel('Task').fill(task);
    await page.getByLabel('Project', { exact: true }).selectOption('pay');
    await page.getByLabel('Repo', { exact: true }).selectOption('payments-api');
    await page.getByLabel('Max tokens').fill('3000');
    await page.getByRole('checkbox', { name: 'pitfalls' }).check();
    await page.getByRole('button', { name: 'Build pack' }).click();
    const expected = expectedPack({ task, project: 'pay', repo: 'payments-api', maxTokens: 3000, include: ['decisions', 'lessons', 'patterns', 'pitfalls'] });
    await expect(page.locator('[data-pack-tokens]')).toContainText(`${expected.tokens.toLocaleString('en')} / 3,000 tokens`);
    expect(expected.tokens).toBeLessThanOrEqual(3000);
    await expect(page.locator('[data-pack-preview]')).toHaveText(expected.contextPackMarkdown);
    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .json' }).click();
    expect(JSON.parse(readFileSync(await (await json).path(), 'utf8'))).toEqual(JSON.parse(JSON.stringify(expected)));
    const md = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download .md' }).click();
    const mdDownload = await md;
    expect(mdDownload.suggestedFilename()).toBe('add-cursor-based-pagination-to-the-refunds-list-endpoint.md');
    expect(readFileSync(await mdDownload.path(), 'utf8')).toBe(expected.contextPackMarkdown);
  });

  test('the pack form has a control for every field a pack request takes from it, and its terms and tags reach the pack', async ({ page }) => {
    await page.goto('query/?q=pay');
    await expect(page.locator('.summary')).toBeVisible();
    const fields = packFormControls({ repos: [], projects: [] }).map((c) => c.name);
    expect(fields).toEqual(expect.arrayContaining(['task', 'include', 'maxTokens', 'terms', 'tags']));
    for (const name of fields) await expect(page.locator(`[data-pack-form] [name="${name}"]`).first()).toBeAttached();
    const task = 'Review how errors reach the team';
    await page.getByLabel('Task').fill(task);
    await page.getByLabel('Terms').fill('sentry, alerts');
    await page.getByLabel('Tags', { exact: true }).fill('observability');
    await page.getByRole('button', { name: 'Build pack' }).click();
    // The query `pay` names a project: the form starts with it (prefillPack).
    const expected = expectedPack({ task, project: 'pay', terms: ['sentry', 'alerts'], tags: ['observability'] });
    const plain = expectedPack({ task, project: 'pay' });
    expect(expected.contextPackMarkdown).not.toBe(plain.contextPackMarkdown);
    await expect(page.locator('[data-pack-preview]')).toHaveText(expected.contextPackMarkdown);
  });

  test('selected results download as one Markdown file', async ({ page }) => {
    await page.goto('query/?q=pagination');
    await page.locator('input.pick').nth(0).check();
    await page.locator('input.pick').nth(1).check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download selected notes' }).click();
    const text = readFileSync(await (await download).path(), 'utf8');
    expect(text.match(/^---\ntitle: /gm)).toHaveLength(2);
  });
});

test.describe('search (Pagefind)', () => {
  test('finds a note by a word of its body and filters by tag', async ({ page }) => {
    await page.goto('search/');
    const box = page.locator('kb-search').getByPlaceholder(/search/i);
    await box.fill('HMAC');
    await expect(page.locator('.pagefind-ui__result-link').filter({ hasText: 'ADR 005' })).toBeVisible();
    const before = await page.locator('.pagefind-ui__result').count();
    await page.locator('.pagefind-ui__filter-name', { hasText: /^tag$/i }).click();
    await page.locator('.pagefind-ui__filter-checkbox[id*="webhooks"]').check();
    await expect.poll(async () => page.locator('.pagefind-ui__result').count()).toBeLessThan(before);
    await expect(page.locator('.pagefind-ui__result-link').filter({ hasText: 'ADR 005' })).toHaveCount(0);
  });
});
