import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { loadKbIndex, type KbIndex } from '../../src/core/index/kbIndexSchema.js';
import { parseSearchArgs } from '../../src/core/search/parseSearchArgs.js';
import { runSearch } from '../../src/core/search/runSearch.js';
import { renderSearchText } from '../../src/core/search/renderSearchText.js';
import { closestValues } from '../../src/core/search/closestValues.js';
import type { SearchResult } from '../../src/core/search/searchResult.js';
import { SEARCH_USAGE, type SearchRequest } from '../../src/core/search/searchOptions.js';

const LEARNINGS = join(import.meta.dirname, '../fixtures/search-learnings');
const ARIA = join(import.meta.dirname, '../fixtures/query-aria');

let learnings: { index: KbIndex; bodies: Map<string, string> };
let aria: { index: KbIndex; bodies: Map<string, string> };
beforeAll(() => {
  learnings = indexKnowledgeFolder(LEARNINGS);
  aria = indexKnowledgeFolder(ARIA);
});

const search = (request: SearchRequest, kb = learnings) => runSearch(kb.index, request, kb.bodies);
const all = (r: SearchResult) => [...r.titleMatches, ...r.contentMatches].map((m) => m.path);

describe.each<[string, string[], ReturnType<typeof parseSearchArgs>]>([
  ['no arguments at all', [], { ok: false, usage: SEARCH_USAGE, problem: 'nothing to search for: give a keyword, --tag or --category', empty: true }],
  ['a repeated flag', ['--tag', 'a', '--tag', 'b'], { ok: false, usage: SEARCH_USAGE, problem: '--tag given twice' }],
  ['an unknown flag', ['--taag', 'a'], { ok: false, usage: SEARCH_USAGE, problem: 'unknown option --taag' }],
  ['a flag without a value', ['--category'], { ok: false, usage: SEARCH_USAGE, problem: '--category needs a value' }],
  ['a flag followed by another flag', ['--tag', '--category', 'x'], { ok: false, usage: SEARCH_USAGE, problem: '--tag needs a value' }],
  [
    'only CLI options, nothing to search',
    ['--json', '--kb', 'x'],
    { ok: false, usage: SEARCH_USAGE, problem: 'nothing to search for: give a keyword, --tag or --category', empty: true },
  ],
  ['a repeated --json', ['--json', '--json', 'x'], { ok: false, usage: SEARCH_USAGE, problem: '--json given twice' }],
  ['keyword only', ['webhook'], { ok: true, request: { keyword: 'webhook' }, json: false }],
  ['the remaining words are one keyword', ['cursor', 'pagination'], { ok: true, request: { keyword: 'cursor pagination' }, json: false }],
  [
    'all three, inline value, CLI options',
    ['--tag=n+1', '--category', 'Perf', 'rails', '--kb', 'dir', '--json'],
    { ok: true, request: { tag: 'n+1', category: 'Perf', keyword: 'rails' }, kb: 'dir', json: true },
  ],
  ['after --, flags are words', ['--', '--tag'], { ok: true, request: { keyword: '--tag' }, json: false }],
])('kb search arguments: %s', (_rule, args, expected) => {
  it(JSON.stringify(args), () => expect(parseSearchArgs(args)).toEqual(expected));
});

describe.each<[string, () => void]>([
  [
    'values are literals: --tag n+1 matches the tag n+1',
    () => expect(all(search({ tag: 'n+1' }))).toEqual(['project/learnings/n-plus-one-rails.md', 'project/learnings/slow-report.md']),
  ],
  [
    'values are case-insensitive (block-form tags, mixed-case category)',
    () => {
      expect(all(search({ tag: 'EAGER-LOADING' }))).toEqual(['project/learnings/eager-loading-basics.md', 'project/learnings/n-plus-one-rails.md']);
      expect(all(search({ category: 'Performance-Issues', tag: 'eager-loading' }))).toEqual([
        'project/learnings/eager-loading-basics.md',
        'project/learnings/n-plus-one-rails.md',
      ]);
    },
  ],
  [
    'a tag outside kb-tags.txt: no matches, name the vocabulary',
    () => {
      const r = search({ tag: 'nonexistent-tag', keyword: 'cache' });
      expect(r).toMatchObject({ invalid: 'kb-tags.txt', total: 0, titleMatches: [], contentMatches: [] });
      expect(renderSearchText(r)).toBe('No matches. Valid values: kb-tags.txt\n"nonexistent-tag" is not a known tag; none is close.\n');
      expect(renderSearchText(r, { valuesPath: (f) => `knowledge-base/${f}` })).toMatch(/^No matches\. Valid values: knowledge-base\/kb-tags\.txt\n/);
    },
  ],
  [
    'a misspelt tag: the closest known values, nearest first',
    () => {
      const r = search({ tag: 'cachng' });
      expect(r).toMatchObject({ invalid: 'kb-tags.txt', suggestions: ['caching'] });
      expect(renderSearchText(r)).toBe('No matches. Valid values: kb-tags.txt\n"cachng" is not a known tag; closest known values: caching.\n');
    },
  ],
  [
    'a category outside kb-categories.txt',
    () =>
      expect(renderSearchText(search({ category: 'performance' }))).toBe(
        'No matches. Valid values: kb-categories.txt\n"performance" is not a known category; closest known values: performance-issues.\n',
      ),
  ],
  [
    'scope: project/learnings/ when the folder has it; archive/ never',
    () => {
      expect(learnings.index.searchScope).toBe('project/learnings/');
      const found = all(search({ keyword: 'cache' }));
      expect(found.some((p) => !p.startsWith('project/learnings/'))).toBe(false);
      expect(learnings.index.notes.map((n) => n.path)).not.toContain('archive/cache-archived.md');
    },
  ],
  [
    'scope: every indexed note when there is no project/learnings/',
    () => {
      expect(aria.index.searchScope).toBe('');
      expect(all(search({ keyword: 'webhook' }, aria))).toEqual(['references/stripe-webhooks.md']);
      expect(all(search({ keyword: 'q1' }, aria))).toEqual(['logs/retrospect/2026-q1.md']);
    },
  ],
  [
    'scope: a configured scope prefix',
    () =>
      expect(all(search({ keyword: 'cache' }, { ...learnings, index: { ...learnings.index, searchScope: 'other/' } }))).toEqual([
        'other/cache-outside-scope.md',
      ]),
  ],
  [
    'facet-only: one `- [Title](path)` line per note, both facets must match',
    () => {
      const r = search({ tag: 'n+1', category: 'performance-issues' });
      expect(renderSearchText(r)).toBe('## Title Matches\n\n- [N+1 queries in the orders page](project/learnings/n-plus-one-rails.md)\n');
    },
  ],
  [
    'keyword: tier 1 titles (cap 8) then tier 2 bodies (cap 12), at most 20, with the truncation line',
    () => {
      const r = search({ keyword: 'cache' });
      expect([r.titleMatches.length, r.contentMatches.length, r.shown, r.total]).toEqual([8, 12, 20, 26]);
      const t = renderSearchText(r);
      expect(t).toMatch(/^## Title Matches\n\n1\. \[Cache lesson 01\]\(project\/learnings\/cache-title-01\.md\) — title match\n/);
      expect(t).toContain(
        '\n## Content Matches\n\n9. [Body lesson 01](project/learnings/body-01.md) — content match (line 8: "We warmed the CACHE before the deploy (01).")\n',
      );
      expect(t).toMatch(/\n\nShowing top 20 of 26 matches\. Narrow the query for more specific results\.\n$/);
    },
  ],
  [
    'keyword: a title match is not listed again as a content match',
    () =>
      expect(search({ keyword: 'orders' })).toMatchObject({ titleMatches: [{ path: 'project/learnings/n-plus-one-rails.md' }], contentMatches: [], total: 1 }),
  ],
  [
    'facets + keyword: the keyword runs on the facet-filtered notes only',
    () => {
      expect(all(search({ tag: 'eager-loading', keyword: 'rails' }))).toEqual([
        'project/learnings/eager-loading-basics.md',
        'project/learnings/n-plus-one-rails.md',
      ]);
      expect(search({ category: 'misc', keyword: 'cache' })).toMatchObject({ total: 16, shown: 12 });
    },
  ],
  [
    'content match: the line number in the file (as grep -n counts, frontmatter included) and a snippet cut around the keyword',
    () =>
      expect(search({ tag: 'n+1', keyword: 'textbook' }).contentMatches).toEqual([
        {
          path: 'project/learnings/slow-report.md',
          title: 'Slow monthly report',
          line: 8,
          snippet: '…looked up its merchant in a separate query, which is the textbook n+1 shape that eager loading removes.',
        },
      ]),
  ],
  [
    'zero results: the seed 003 suggestions',
    () => {
      expect(renderSearchText(search({ keyword: 'zzzz' }))).toBe(
        'No matches for "zzzz".\n- Check spelling\n- Try broader or alternative keywords\n- Run `kb index` to ensure kb-tags.txt and kb-categories.txt are current\n',
      );
      expect(renderSearchText(search({ tag: 'n+1', keyword: 'zzzz' }))).toContain('- For --tag/--category misses, inspect kb-tags.txt or kb-categories.txt\n');
    },
  ],
  [
    '--json shape',
    () => {
      const r = search({ keyword: 'cache' });
      expect(Object.keys(r).sort()).toEqual(['contentMatches', 'request', 'shown', 'titleMatches', 'total']);
      expect(Object.keys(r.contentMatches[0]!).sort()).toEqual(['line', 'path', 'snippet', 'title']);
    },
  ],
])('kb search: %s', (_rule, check) => {
  it('holds', check);
});

describe('the browser path: the same search on a JSON round-trip of the index', () => {
  it.each<SearchRequest>([{ keyword: 'cache' }, { tag: 'n+1' }, { tag: 'eager-loading', keyword: 'rails' }, { tag: 'nope' }])('%j', (request) => {
    const browser = loadKbIndex(JSON.parse(JSON.stringify(learnings.index)));
    const bodies = new Map<string, string>(JSON.parse(JSON.stringify([...learnings.bodies])));
    expect(runSearch(browser, request, bodies)).toEqual(search(request));
  });
});

describe('closestValues: what a misspelt facet is answered with', () => {
  const known = ['stripe', 'strict-mode', 'postgres', 'payments', 'pay', 'api', 'webhooks', 'caching', 'n+1'];
  it.each<[string, string[]]>([
    ['strpe', ['stripe']],
    ['Stripe-', ['stripe']],
    ['webhook', ['webhooks']],
    ['postgresql', ['postgres']],
    ['payment', ['payments', 'pay']],
    ['zzzzzz', []],
    ['stripe', []], // a known value is not its own suggestion
  ])('%s → %j', (value, expected) => expect(closestValues(value, known)).toEqual(expected));
  it('at most 5, nearest first', () =>
    expect(closestValues('tag', ['tag1', 'tag2', 'tag3', 'tag4', 'tag5', 'tag6', 'tags'])).toEqual(['tag1', 'tag2', 'tag3', 'tag4', 'tag5']));
});
