import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { loadKbIndex, type KbIndex } from '../../src/core/index/kbIndexSchema.js';
import { parseQuery } from '../../src/core/query/parseQuery.js';
import { runQuery } from '../../src/core/query/runQuery.js';
import { renderQueryText } from '../../src/core/query/renderQueryText.js';
import { LEGACY_BACKLOG_NOTE, type QueryResult } from '../../src/core/query/queryResult.js';
import { QUERY_USAGE } from '../../src/core/query/queryOptions.js';

const KB = join(import.meta.dirname, '../fixtures/query-aria');
const TODAY = '2026-04-16';
/** Noon UTC of a day, so the recorded mtime day never depends on the machine's zone. */
const noon = (day: string) => new Date(`${day}T12:00:00Z`);

let index: KbIndex;
beforeAll(() => {
  // git keeps no mtimes: set them relative to TODAY (ss 3 days, cs 20 days: CODEMAP stale at 14, STITCH fresh at 30).
  utimesSync(join(KB, 'repos/ss/CODEMAP.md'), noon('2026-04-13'), noon('2026-04-13'));
  utimesSync(join(KB, 'repos/cs/CODEMAP.md'), noon('2026-03-27'), noon('2026-03-27'));
  utimesSync(join(KB, 'repos/cs/STITCH.md'), noon('2026-03-27'), noon('2026-03-27'));
  const folder = indexKnowledgeFolder(KB);
  expect(folder.issues).toEqual([]);
  index = folder.index;
});

const q = (query: string, today = TODAY, over: (i: KbIndex) => KbIndex = (i) => i) => runQuery(over(index), query, { today });
const paths = (r: QueryResult, category?: string) => r.results.filter((h) => !category || h.category === category).map((h) => h.path);
const text = (r: QueryResult) => renderQueryText(r);

describe.each([
  ['space-separated tokens are a union', 'api pagination', { tokens: ['api', 'pagination'], mode: 'OR' }],
  ['AND (any case) switches to intersection and is removed', 'api and pagination', { tokens: ['api', 'pagination'], mode: 'AND' }],
  ['AND anywhere, upper case', 'AND api pagination', { tokens: ['api', 'pagination'], mode: 'AND' }],
  ['tokens go through the tag normaliser, repeats dropped', '  Stripe   #stripe\twebhooks ', { tokens: ['stripe', 'webhooks'], mode: 'OR' }],
  ['nothing but spaces and AND is no token', ' AND ', { tokens: [], mode: 'AND' }],
])('grammar: %s', (_rule, input, expected) => {
  it(JSON.stringify(input), () => expect(parseQuery(input)).toEqual(expected));
});

describe.each<[string, () => void]>([
  ['no tokens → usage', () => expect(q('   ')).toMatchObject({ usage: `${QUERY_USAGE}. Run kb index to see available tags.`, results: [] })],
  [
    'aliases resolve first, one line each, before any expansion line',
    () => {
      const r = q('seer');
      expect(r.resolved).toEqual([{ from: 'seer', to: 'ss' }]);
      expect(r.expanded).toEqual([{ project: 'ss', tags: ['api', 'django'] }]);
      expect(text(r).split('\n').slice(0, 2)).toEqual(['Resolved `seer` → `ss`', 'Expanded `ss` to include: api, django']);
    },
  ],
  [
    'alias to a topic tag',
    () => {
      const r = q('rn');
      expect(r.tags).toEqual(['react-native']);
      expect(paths(r)).toEqual(['guides/mobile-release.md']);
    },
  ],
  ['one-way: a canonical never turns into its aliases', () => expect(q('react-native')).toMatchObject({ resolved: [], tags: ['react-native'] })],
  ['union mode: a project key keeps itself and adds its relevant tags', () => expect(q('ss').tags).toEqual(['ss', 'api', 'django'])],
  [
    'intersection mode: a project key is a literal tag, not expanded',
    () => {
      const r = q('ss AND api');
      expect(r).toMatchObject({ mode: 'AND', tags: ['ss', 'api'], expanded: [] });
      expect(paths(r)).toEqual(['repos/ss/_project-knowledge/2026-04-28-init-foo.md', 'projects/ss/decisions/004-state-sync.md']);
    },
  ],
  ['a token matches a declared tag (no hint shown)', () => expect(q('webhooks').results).toMatchObject([{ path: 'references/stripe-webhooks.md' }])],
  [
    'a token matches a semantic hint, hyphens removed on both sides',
    () => {
      for (const token of ['ratelimit', 'rate-limit', 'RATE-LIMIT'])
        expect(q(token).results).toEqual([expect.objectContaining({ path: 'references/stripe-webhooks.md', hint: 'Rate-Limit headers on retries' })]);
      expect(q('cursorbased').results).toEqual([
        expect.objectContaining({ path: 'decisions/003-cursor-vs-offset.md', hint: 'cursor-based paging for large lists' }),
      ]);
    },
  ],
  ['union: a tag match is the reason, so no hint is shown', () => expect(q('webhooks ratelimit').results[0]).not.toHaveProperty('hint')],
  [
    'intersection: each token met by tag or hint',
    () =>
      expect(q('stripe AND paging').results).toEqual([
        expect.objectContaining({ path: 'decisions/003-cursor-vs-offset.md', hint: 'cursor-based paging for large lists' }),
      ]),
  ],
  [
    'a note matching several tokens is listed once',
    () =>
      expect(paths(q('api pagination stripe'), 'cross-project')).toEqual([
        'approaches/api-pagination.md',
        'decisions/003-cursor-vs-offset.md',
        'references/stripe-webhooks.md',
      ]),
  ],
  [
    '4a: cross-project excludes projects/, the reviews tier and archive/',
    () => expect(paths(q('api'), 'cross-project')).toEqual(['approaches/api-pagination.md', 'decisions/003-cursor-vs-offset.md']),
  ],
  [
    '4b union: every note of projects/<key>/ (README excluded)',
    () => expect(paths(q('ss'), 'project-specific')).toEqual(['projects/ss/decisions/004-state-sync.md', 'projects/ss/patterns/internal-patterns.md']),
  ],
  [
    '4b intersection: only notes whose tags hold every token',
    () => expect(paths(q('ss AND state-management'))).toEqual(['projects/ss/decisions/004-state-sync.md']),
  ],
  [
    '4b: two projects in one query',
    () =>
      expect(paths(q('ss cs'), 'project-specific')).toEqual([
        'projects/ss/decisions/004-state-sync.md',
        'projects/ss/patterns/internal-patterns.md',
        'projects/cs/lessons/offline-queue.md',
      ]),
  ],
  [
    '4b: a configured project with no files gets the empty-folder note',
    () => {
      const r = q('empty kubernetes');
      expect(r.emptyProjects).toEqual(['empty']);
      expect(text(r)).toContain('\n(No files yet in projects/empty/ — folder is configured but empty.)\n');
    },
  ],
  [
    '4c: team-shared by tag, repo and cross scope; a project not enabled is never read',
    () => {
      const r = q('api');
      expect(r.results.filter((h) => h.category === 'team-shared')).toEqual([
        expect.objectContaining({ path: 'repos/ss/_project-knowledge/2026-04-28-init-foo.md', project: 'ss', scope: 'repo' }),
        expect.objectContaining({ path: 'repos/ss/_project-knowledge/cross/2026-04-28-init-bar.md', project: 'cross', scope: 'cross' }),
      ]);
      expect(index.notes.map((n) => n.path)).not.toContain('repos/cs/_project-knowledge/checkout-secrets.md');
    },
  ],
  [
    '4c: a project-key token brings that project’s team-shared notes, and cross notes in union mode',
    () =>
      expect(paths(q('ss'), 'team-shared')).toEqual([
        'repos/ss/_project-knowledge/2026-04-28-init-foo.md',
        'repos/ss/_project-knowledge/cross/2026-04-28-init-bar.md',
        'repos/ss/_project-knowledge/graphql-gateway.md',
      ]),
  ],
  ['4c: `cross` notes match the token cross', () => expect(paths(q('cross'))).toEqual(['repos/ss/_project-knowledge/cross/2026-04-28-init-bar.md'])],
  [
    '4c: defensive filter: notes of a project since disabled do not surface; cross still does',
    () => {
      const disabled = (i: KbIndex) => ({ ...i, projects: i.projects.map((p) => (p.key === 'ss' ? { ...p, shared: false } : p)) });
      expect(paths(q('api', TODAY, disabled), 'team-shared')).toEqual(['repos/ss/_project-knowledge/cross/2026-04-28-init-bar.md']);
    },
  ],
  [
    '4c: sharing off, no team-shared notes at all',
    () =>
      expect(
        paths(
          q('api', TODAY, (i) => ({ ...i, sharing: false })),
          'team-shared',
        ),
      ).toEqual([]),
  ],
  [
    'groups in order Team-shared, Project-specific, Cross-project, one continuous numbering',
    () => {
      const r = q('ss');
      expect(r.results.map((h) => h.category)).toEqual([
        ...Array(3).fill('team-shared'),
        ...Array(2).fill('project-specific'),
        ...Array(2).fill('cross-project'),
      ]);
      expect(r.results.map((h) => h.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(text(r).match(/^## .*$/gm)).toEqual([
        '## Team-shared (3 files)',
        '## Project-specific (2 files)',
        '## Cross-project (2 files)',
        '## Tracked artifacts (1)',
        '## Pending Ideas for ss (4)',
      ]);
    },
  ],
  ['one group only: no headings', () => expect(text(q('stripe'))).not.toMatch(/^## /m)],
  [
    'line format: tags in brackets, team-shared project and scope, hint',
    () => {
      const t = text(q('api ratelimit'));
      expect(t).toContain(
        '\n1. repos/ss/_project-knowledge/2026-04-28-init-foo.md — Storefront paging contract [project: ss, scope: repo, tags: api, pagination]\n',
      );
      expect(t).toContain('. approaches/api-pagination.md — Cursor-based pagination patterns [api, pagination, stripe]\n');
      expect(t).toContain('. references/stripe-webhooks.md — Webhook signature verification [stripe, webhooks] [hint: Rate-Limit headers on retries]\n');
      expect(t).toMatch(/^Found 5 files matching: \[api, ratelimit\] \(OR\)$/m);
    },
  ],
  ['artifacts: none on a topic-only query', () => expect(q('api').artifacts).toEqual([])],
  [
    'artifacts: CODEMAP for a single repo, numbered on from the files; age in days, fresh',
    () => {
      const r = q('ss');
      expect(r.artifacts).toEqual([{ n: 8, project: 'ss', kind: 'CODEMAP', path: 'repos/ss/CODEMAP.md', exists: true, ageDays: 3, stale: false }]);
      expect(text(r)).toContain('\n8. repos/ss/CODEMAP.md — (3 days ago) — fresh [project: ss]\n');
    },
  ],
  [
    'artifacts: a group adds STITCH; CODEMAP stale after 14 days, STITCH fresh until 30',
    () => {
      const t = text(q('cs'));
      expect(t).toContain('. repos/cs/CODEMAP.md — (20 days ago) [STALE — run /codemap update] [project: cs]\n');
      expect(t).toContain('. repos/cs/STITCH.md — (20 days ago) — fresh [project: cs]\n');
    },
  ],
  [
    'artifacts: missing files say how to create them',
    () => {
      const t = text(q('empty AND aws'));
      expect(t).toContain('1. repos/empty/CODEMAP.md — (not found — run /codemap create) [project: empty]\n');
      expect(t).toContain('2. repos/empty/STITCH.md — (not found — run /stitch create empty) [project: empty]\n');
    },
  ],
  ['artifacts: (today)', () => expect(text(q('ss', '2026-04-13'))).toContain('repos/ss/CODEMAP.md — (today) — fresh')],
  ['artifacts: (yesterday)', () => expect(text(q('ss', '2026-04-14'))).toContain('repos/ss/CODEMAP.md — (yesterday) — fresh')],
  ['artifacts: a future mtime clamps to (today), never stale', () => expect(q('ss', '2026-04-01').artifacts[0]).toMatchObject({ ageDays: 0, stale: false })],
  [
    'pending ideas: newest first, frontmatter date else file-name date, future clamps, stale after 7 days',
    () => {
      const r = q('ss');
      expect(r.ideas.map((i) => [i.date, i.ageDays, i.stale])).toEqual([
        ['2026-05-30', 0, false],
        ['2026-04-15', 1, false],
        ['2026-04-09', 7, false],
        ['2026-03-22', 25, true],
      ]);
      const t = text(r);
      expect(t).toContain('\n- 2026-04-15 (yesterday) — feature — /setup diff prompts ahead vs diverged\n');
      expect(t).toContain('\n- 2026-03-22 (25 days ago) — bug — theme tokens missing from blueprint XYZ [STALE — still relevant?]\n');
    },
  ],
  [
    'pending ideas: a comma-separated project list counts for each',
    () => expect(q('cs').ideas.map((i) => i.description)).toEqual(['dated in the future, clamps to today', 'checkout only']),
  ],
  ['pending ideas: not on topic-only queries', () => expect(q('api')).toMatchObject({ ideas: [], notes: [] })],
  ['pending ideas: not numbered, never loadable', () => expect(text(q('ss'))).not.toMatch(/^\d+\. .*blueprint/m)],
  ['pending ideas: none without intake/ideas/', () => expect(q('ss', TODAY, (i) => ({ ...i, ideasFolder: false }))).toMatchObject({ ideas: [], notes: [] })],
  ['legacy ideas-backlog.md: one note line', () => expect(q('ss').notes).toEqual([LEGACY_BACKLOG_NOTE])],
  [
    'no match: tags, empty-project note, known tags with at most 2 aliases, a search to try instead',
    () => {
      const r = q('nothing-here');
      expect(r.results).toEqual([]);
      expect(text(r).split('\n').slice(0, 3)).toEqual([
        'No files match tag(s): [nothing-here]',
        'Known tags: api, aws (amazon, amz …), cs, django, empty, kubernetes (k8s, kube), pagination, react-native (rn), ss (seer), stripe, webhooks',
        'Tags are read from the notes on every call: check the spelling, or search the words instead: kb search nothing-here',
      ]);
      expect(text(q('empty AND aws'))).toMatch(
        /^No files match tag\(s\): \[empty, aws\]\n\(No files yet in projects\/empty\/ — folder is configured but empty\.\)\nKnown tags: /,
      );
    },
  ],
  [
    '--json shape',
    () => {
      const r = q('ss');
      expect(Object.keys(r).sort()).toEqual(['artifacts', 'emptyProjects', 'expanded', 'ideas', 'mode', 'notes', 'query', 'resolved', 'results', 'tags']);
      expect(q('nothing').knownTags?.[1]).toEqual({ tag: 'aws', aliases: ['amazon', 'amz', 'ec2-land'] });
    },
  ],
])('kb query: %s', (_rule, check) => {
  it('holds', check);
});

describe('the browser path: the same query on a JSON round-trip of the index', () => {
  it.each(['ss', 'api AND pagination', 'rn ratelimit', 'cs', 'nothing'])('%s', (query) => {
    const browser = loadKbIndex(JSON.parse(JSON.stringify(index)));
    expect(runQuery(browser, query, { today: TODAY })).toEqual(runQuery(index, query, { today: TODAY }));
  });
});

describe('text output (golden)', () => {
  it.each([
    ['ss', 'query-ss.txt'],
    ['seer cs', 'query-seer-cs.txt'],
    ['ss AND api', 'query-ss-and-api.txt'],
    ['empty AND aws', 'query-empty-and-aws.txt'],
  ])('%s', async (query, file) => {
    await expect(renderQueryText(q(query))).toMatchFileSnapshot(join(import.meta.dirname, '__golden__', file));
  });
});
