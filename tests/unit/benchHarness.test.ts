// The benchmark's pure parts: reading build logs, converting notes for Hugo, order statistics, the query
// set and the target verdicts. Inputs are fixed numbers; nothing here is timed.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { astroPhases } from '../../scripts/bench/buildSite.ts';
import type { BenchResult, BuildMeasure, SizeRun } from '../../scripts/bench/benchTypes.ts';
import { chunkClosure, fileKind, isNotePage } from '../../scripts/bench/emittedSize.ts';
import { pagefindPages, toHugoPage } from '../../scripts/bench/hugoSite.ts';
import { parseBuildSteps } from '../../scripts/bench/measureProcess.ts';
import { buildQuerySet } from '../../scripts/bench/querySet.ts';
import { devTargets } from '../../scripts/bench/devLatency.ts';
import { evaluateTargets, measurementTable, withSearch } from '../../scripts/bench/report.ts';
import { percentile, summarise } from '../../scripts/bench/stats.ts';

describe('parseBuildSteps reads scripts/build.mjs progress lines', () => {
  it.each([
    [
      'two steps',
      'build: astro build done in 12.5s\nbuild: pagefind done in 3.0s\n',
      [
        { step: 'astro build', seconds: 12.5 },
        { step: 'pagefind', seconds: 3 },
      ],
    ],
    ['other lines ignored', 'warning: x\nbuild: kb index done in 1s\nbuild: wrote /tmp/dist\n', [{ step: 'kb index', seconds: 1 }]],
    ['failure has no done line', 'build: astro build failed; dist was left as it was.\n', []],
  ])('%s', (_label, stderr, steps) => expect(parseBuildSteps(stderr)).toEqual(steps));
});

describe('astroPhases times phases by their marker lines', () => {
  const lines = [
    { ms: 100, text: '10:00:00 [kb-portal] kb: indexing /kb' },
    { ms: 2100, text: '10:00:02 [kb-portal] kb: indexed 12 notes (2.0s)' },
    { ms: 2500, text: '10:00:02 [build] Building static entrypoints...' },
    { ms: 6500, text: ' generating static routes ' },
    { ms: 9500, text: '10:00:09 ✓ Completed in 3.00s.' },
    { ms: 9700, text: '10:00:09 [kb-portal] kb: machine outputs written (0.2s)' },
    { ms: 10_700, text: '10:00:10 [kb-portal] kb: pagefind done (1.0s)' },
  ];
  it.each([
    ['index (integration)', 2000],
    ['vite bundle', 4000],
    ['render pages', 3000],
    ['machine outputs', 200],
    ['pagefind', 1000],
  ])('%s', (phase, ms) => expect(astroPhases(lines)[phase]).toBe(ms));
  it('leaves out phases whose markers are missing', () => expect(astroPhases(lines.slice(0, 1))).toEqual({}));
});

describe('toHugoPage writes frontmatter Hugo always accepts', () => {
  const head = (page: string) => JSON.parse(page.slice(0, page.indexOf('\n\n'))) as Record<string, unknown>;
  it.each([
    [
      'valid YAML',
      '---\ntitle: Cursor pagination\ntags: [api, Pagination]\ndate: 2024-03-01\n---\n# H\nbody\n',
      { title: 'Cursor pagination', tags: ['api', 'pagination'], date: '2024-03-01' },
    ],
    [
      'broken YAML read line by line',
      '---\ntitle: Fix: retries\ntags:\n  - api\n  - db\ndate: 2024-03-01\n---\nbody\n',
      { title: 'Fix: retries', tags: ['api', 'db'], date: '2024-03-01' },
    ],
    ['no frontmatter: title from the heading', '# Only a heading\n\ntext\n', { title: 'Only a heading', tags: [] }],
    ['no title, no heading: the file name', 'just text\n', { title: 'some-note', tags: [] }],
    ['comma-separated tags, odd date dropped', '---\ntitle: T\ntags: a, b\ndate: last week\n---\nx\n', { title: 'T', tags: ['a', 'b'] }],
  ])('%s', (_label, text, expected) => expect(head(toHugoPage(text, 'dir/some-note.md'))).toEqual(expected));

  it('keeps the body unchanged', () =>
    expect(toHugoPage('---\ntitle: T\n---\n# H\n\n[[link]] text\n', 'a.md').endsWith('\n\n# H\n\n[[link]] text\n')).toBe(true));
});

describe('order statistics (nearest rank)', () => {
  it.each([
    [[5, 1, 3], 50, 3],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 95, 19],
    [[7], 95, 7],
  ])('%j p%i = %i', (samples, p, expected) =>
    expect(
      percentile(
        [...samples].sort((a, b) => a - b),
        p,
      ),
    ).toBe(expected),
  );
  it('summarise', () => expect(summarise([4, 1, 2, 3])).toEqual({ samples: 4, medianMs: 2, p95Ms: 4, maxMs: 4 }));
});

describe('fileKind', () => {
  it.each([
    ['pagefind/pagefind.js', 'pagefind'],
    ['pagefind-7/fragment/en_1a2b.pf_fragment', 'pagefind'],
    ['pagefinder/notes.html', 'html'],
    ['notes/a/index.html', 'html'],
    ['_astro/query.B1x.js', 'js'],
    ['kb-index.json', 'json'],
    ['notes/a.md', 'md'],
    ['favicon.svg', 'other'],
  ])('%s → %s', (path, kind) => expect(fileKind(path)).toBe(kind));
});

describe('isNotePage', () => {
  it.each([
    ['notes/a/index.html', true],
    ['notes/projects/pay/x/index.html', true],
    ['notes/a.md', false],
    ['tags/api/index.html', false],
    ['index.html', false],
  ])('%s → %s', (path, expected) => expect(isNotePage(path)).toBe(expected));
});

describe('chunkClosure: a chunk and what it imports statically', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kb-chunks-'));
  writeFileSync(join(dir, 'kbGraph.a1.js'), 'import{c}from"./sitePaths.b2.js";import("./later.c3.js");');
  writeFileSync(join(dir, 'sitePaths.b2.js'), 'import{t}from"./tagSlug.d4.js";export const c=1;');
  writeFileSync(join(dir, 'tagSlug.d4.js'), 'export const t=1;');
  writeFileSync(join(dir, 'later.c3.js'), 'export {};');
  it('follows static imports, not dynamic ones', () =>
    expect(chunkClosure(dir, 'kbGraph.a1.js').map((f) => f.slice(dir.length + 1))).toEqual(['kbGraph.a1.js', 'sitePaths.b2.js', 'tagSlug.d4.js']));
});

describe('buildQuerySet', () => {
  const note = (tags: string[]) => ({ tags, title: 'Cursor: pagination for refunds', category: 'api-design' });
  const index = {
    notes: [note(['api', 'db-x']), note(['api', 'pagination']), note(['api', 'pagination', 'rare'])],
    aliases: { rn: 'react-native' },
    projects: [{ key: 'pay' }],
    packs: [{ task: 'Add cursor pagination', project: 'pay' }],
  } as unknown as Parameters<typeof buildQuerySet>[0];
  it('is deterministic and uses the most used tags, an alias, a project, AND/OR', () => {
    const set = buildQuerySet(index);
    expect(set).toEqual(buildQuerySet(index));
    expect(set.queries.slice(0, 2)).toEqual(['api', 'pagination']);
    expect(set.queries).toContain('api AND pagination');
    expect(set.queries).toContain('rn');
    expect(set.queries).toContain('pay');
    expect(set.searches[0]).toEqual(['cursor']);
    expect(set.packs).toEqual([{ task: 'Add cursor pagination', project: 'pay' }]);
  });
});

describe('evaluateTargets', () => {
  const build = (wallMs: number, peakTreeRss = 1e9, status = 0): BuildMeasure => ({
    status,
    wallMs,
    peakTreeRss,
    peakProcessRss: peakTreeRss,
    timeMaxRss: null,
    steps: [],
    phases: {},
    phasePeakRss: {},
    contentLog: [],
  });
  const run = (over: Partial<SizeRun>): SizeRun =>
    ({
      notes: 10_000,
      seed: 42,
      corpus: {} as SizeRun['corpus'],
      index: null,
      cold: null,
      warm: null,
      emitted: null,
      island: null,
      cli: null,
      hugo: null,
      errors: [],
      ...over,
    }) as SizeRun;
  const island = (gzip: number, q: number, p: number): SizeRun['island'] => ({
    payload: { files: [], bytes: gzip * 4, gzip, html: { bytes: 0, gzip: 0 } },
    query: { samples: 20, medianMs: q / 2, p95Ms: q, maxMs: q },
    pack: { samples: 20, medianMs: p / 2, p95Ms: p, maxMs: p },
    method: 'test',
  });
  const emitted = (medianGzip: number, pages = 10): NonNullable<SizeRun['emitted']> => ({
    total: { files: 0, bytes: 0, gzip: 0 },
    byKind: {},
    notePages: { pages, medianBytes: medianGzip * 4, medianGzip, maxGzip: medianGzip * 2 },
  });
  const status = (result: Pick<BenchResult, 'heapFlag' | 'runs'>, prefix: string) => evaluateTargets(result).find((r) => r.target.startsWith(prefix))?.status;

  it.each([
    ['within 4× Hugo at 10,000 notes', run({ cold: build(40_000), hugo: { ...build(10_000), version: 'h', pages: 1 } }), 'cold build', 'PASS'],
    ['beyond 4× Hugo at 10,000 notes', run({ cold: build(41_000), hugo: { ...build(10_000), version: 'h', pages: 1 } }), 'cold build', 'FAIL'],
    ['within 6× Hugo at 1,000 notes', run({ notes: 1000, cold: build(6_000), hugo: { ...build(1_000), version: 'h', pages: 1 } }), 'cold build', 'PASS'],
    ['beyond 6× Hugo at 1,000 notes', run({ notes: 1000, cold: build(6_100), hugo: { ...build(1_000), version: 'h', pages: 1 } }), 'cold build', 'FAIL'],
    ['no Hugo: no verdict', run({ cold: build(110_000) }), 'cold build', 'n/a'],
    ['failed build fails', run({ cold: build(1000, 1e9, 1) }), 'cold build', 'FAIL'],
    ['RSS under 2.5 GB', run({ cold: build(1, 2.4e9) }), 'peak RSS', 'PASS'],
    ['RSS over 2.5 GB', run({ cold: build(1, 2.6e9) }), 'peak RSS', 'FAIL'],
    ['warm within a fifth', run({ cold: build(100_000), warm: { ...build(20_000), editedPath: 'a.md' } }), 'warm', 'PASS'],
    ['warm over a fifth', run({ cold: build(100_000), warm: { ...build(21_000), editedPath: 'a.md' } }), 'warm', 'FAIL'],
    ['payload small', run({ island: island(299_000, 5, 20) }), 'island first-query', 'PASS'],
    ['payload large', run({ island: island(301_000, 5, 20) }), 'island first-query', 'FAIL'],
    ['query fast', run({ island: island(1, 9.9, 20) }), 'island query', 'PASS'],
    ['query slow', run({ island: island(1, 10, 20) }), 'island query', 'FAIL'],
    ['pack fast', run({ island: island(1, 1, 49) }), 'pack', 'PASS'],
    ['pack slow', run({ island: island(1, 1, 51) }), 'pack', 'FAIL'],
    ['note pages small', run({ emitted: emitted(39_900) }), 'note page', 'PASS'],
    ['note pages large', run({ emitted: emitted(40_100) }), 'note page', 'FAIL'],
    ['no note pages: no verdict', run({ emitted: emitted(0, 0) }), 'note page', 'n/a'],
    ['graph script small', run({ emitted: { ...emitted(1), graphScript: { files: 2, bytes: 30_000, gzip: 59_900 } } }), 'graph script', 'PASS'],
    ['graph script large', run({ emitted: { ...emitted(1), graphScript: { files: 2, bytes: 30_000, gzip: 60_100 } } }), 'graph script', 'FAIL'],
    ['no graph: no verdict', run({ emitted: emitted(1) }), 'graph script', 'n/a'],
  ])('%s', (_label, r, prefix, expected) => expect(status({ heapFlag: null, runs: [r] }, prefix)).toBe(expected));

  it.each([
    ['default heap passes', null, 'PASS'],
    ['a raised heap fails', 'NODE_OPTIONS: --max-old-space-size=8192', 'FAIL'],
  ])('%s', (_label, heapFlag, expected) => expect(status({ heapFlag, runs: [run({ cold: build(1) })] }, 'default Node heap')).toBe(expected));

  it.each([
    ['sub-linear growth passes', 100_000, 'PASS'],
    ['linear growth fails', 1_000_000, 'FAIL'],
  ])('%s', (_label, largeGzip, expected) => {
    const runs = [run({ notes: 1000, island: island(100_000, 1, 1) }), run({ notes: 10_000, island: island(largeGzip, 1, 1) })];
    expect(status({ heapFlag: null, runs }, 'payload grows')).toBe(expected);
  });

  describe('Hugo with the search we ship (Pagefind over its note pages) is shown beside Hugo alone, never judged', () => {
    const hugo = { ...build(1_000), version: 'h', pages: 1 };
    const measured = (r: SizeRun) => evaluateTargets({ heapFlag: null, runs: [r] }).find((t) => t.target.startsWith('cold build'))!;
    it.each([
      ['both ran', { ...build(2_000), pages: 1000 }, 3_000],
      ['pagefind failed', { ...build(2_000, 1e9, 1), pages: 0 }, undefined],
      ['pagefind not run', undefined, undefined],
    ])('%s', (_label, hugoSearch, expected) => expect(withSearch({ hugo, hugoSearch })).toBe(expected));
    it('the cold target names both ratios and keeps its verdict on Hugo alone', () => {
      const row = measured(run({ notes: 1000, cold: build(12_000), hugo, hugoSearch: { ...build(2_000), pages: 1000 } }));
      expect(row.measured).toBe('12.0× (12.0 s vs 1.00 s); 4.0× Hugo + Pagefind (3.00 s)');
      expect(row.status).toBe('FAIL');
    });
    it('the measurement table has the Pagefind row and the ratio to both', () => {
      const corpus = { files: 1050, bytes: 5e6, medianChars: 3000 } as SizeRun['corpus'];
      const table = measurementTable([run({ notes: 1000, corpus, cold: build(12_000), hugo, hugoSearch: { ...build(2_000), pages: 1001 } })]);
      expect(table).toMatch(/pagefind CLI over hugo's note pages +\| 2\.00 s, 1,001 pages/);
      expect(table).toMatch(/ratio ours \/ \(hugo \+ pagefind\) +\| 4\.0×/);
    });
    it.each([
      ['Finished line', 'Indexed 1 language\n  Indexed 1001 pages\n  Indexed 40191 words\n', 1001],
      ['one page', '  Indexed 1 page\n', 1],
      ['nothing indexed', 'Error: no pages\n', 0],
    ])('pagefindPages: %s', (_label, stdout, pages) => expect(pagefindPages(stdout)).toBe(pages));
  });

  it('100,000 notes: completion is a target only at that size', () => {
    expect(status({ heapFlag: null, runs: [run({ cold: build(1) })] }, '100,000')).toBeUndefined();
    expect(status({ heapFlag: null, runs: [run({ notes: 100_000, cold: build(1) })] }, '100,000')).toBe('PASS');
  });
});

describe('devTargets: kb dev against its targets (scripts/bench/devLatency.ts)', () => {
  const latency = (medianMs: number) => ({ samples: 3, medianMs, p95Ms: medianMs, maxMs: medianMs });
  const run = (dev: SizeRun['dev']) => ({ notes: 1000, dev }) as SizeRun;
  const statuses = (dev: SizeRun['dev']) => devTargets(run(dev)).map((t) => t.status);
  const none = { firstKept: null, firstIndexed: null, savedEdit: null, savedAgain: null, savedPainted: null };
  it.each([
    [
      'all met',
      { ...none, firstKept: latency(1500), firstIndexed: latency(2000), savedEdit: latency(500), savedAgain: latency(500) },
      ['PASS', 'PASS', 'PASS'],
    ],
    ['all missed', { ...none, firstKept: latency(1501), savedEdit: latency(501), savedAgain: latency(501) }, ['FAIL', 'FAIL', 'FAIL']],
    ['saved again missed', { ...none, firstKept: latency(900), savedEdit: latency(400), savedAgain: latency(501) }, ['PASS', 'PASS', 'FAIL']],
    ['not measured', none, ['n/a', 'n/a', 'n/a']],
    ['failed', { ...none, error: 'kb dev did not start' }, ['FAIL', 'FAIL', 'FAIL']],
  ] as const)('%s', (_name, dev, expected) => expect(statuses(dev)).toEqual(expected));
  it('no row when kb dev was not measured', () => expect(devTargets(run(null))).toEqual([]));
});
