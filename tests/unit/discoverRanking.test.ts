import { describe, expect, it } from 'vitest';
import { discoverInDigest, pickDiverse, zeroSignalMessage } from '../../src/core/discover/discoverInDigest.js';
import { pickEntryPoints } from '../../src/core/discover/pickEntryPoints.js';
import type { RepoDigest } from '../../src/core/discover/repoDigest.js';

type Spec = Record<string, { words?: string[]; imports?: string[]; lines?: number }>;

/** A files-mode digest; every file counts as source so the "fewer files than budget" rule stays out unless wanted. */
function digest(files: Spec, extra: Partial<RepoDigest> = {}): RepoDigest {
  return {
    alias: 'repo',
    path: 'repos/repo',
    language: 'TypeScript',
    frameworks: [],
    structure: 'src-based',
    fileCount: Object.keys(files).length,
    sourceFileCount: 100,
    mode: 'files',
    files: Object.entries(files).map(([path, f]) => ({ path, lines: f.lines ?? 10, words: f.words ?? [], imports: f.imports ?? [] })),
    entryPoints: [],
    recent: [],
    warnings: [],
    ...extra,
  };
}
const picked = (d: RepoDigest, task: string, budget = 15) => discoverInDigest(d, task, budget).selected.map((s) => s.file);

describe('scoring (seed 002 weights)', () => {
  it('entry points come first and count against the budget', () => {
    const d = digest(
      { 'src/main.ts': {}, 'src/app.ts': {}, 'src/a/refund.ts': { words: ['refund'] }, 'src/b/x.ts': { words: ['refund'] } },
      { entryPoints: ['src/main.ts', 'src/app.ts'] },
    );
    const r = discoverInDigest(d, 'refund', 3);
    expect(r.selected.map((s) => [s.file, s.reason])).toEqual([
      ['src/main.ts', 'entry point'],
      ['src/app.ts', 'entry point'],
      ['src/a/refund.ts', 'keyword match: refund; name contains "refund" (Pass 5)'],
    ]);
    expect(r.omitted).toBe(1);
  });
  it('2+ keyword matches (high) outrank 1 keyword match (medium)', () => {
    const d = digest({ 'a/one.ts': { words: ['invoice'] }, 'b/two.ts': { words: ['invoice', 'refund'] } });
    expect(picked(d, 'refund invoice', 1)).toEqual(['b/two.ts']);
  });
  it('an import of an entry point is a medium candidate', () => {
    const d = digest({ 'src/main.ts': { imports: ['src/deep/cart.ts'] }, 'src/deep/cart.ts': {}, 'src/other.ts': {} }, { entryPoints: ['src/main.ts'] });
    const r = discoverInDigest(d, 'unrelated words only', 5);
    expect(r.selected.map((s) => [s.file, s.reason])).toEqual([
      ['src/main.ts', 'entry point'],
      ['src/deep/cart.ts', 'imported by main.ts'],
    ]);
  });
  it('signals add up: keyword + naming beats keyword alone', () => {
    const d = digest({ 'a/aaa.ts': { words: ['webhook'] }, 'b/webhook.ts': { words: ['webhook'] } });
    expect(picked(d, 'webhook', 1)).toEqual(['b/webhook.ts']);
  });
});

describe('naming signal (Pass 5) excludes tests', () => {
  it.each([['src/refund.test.ts'], ['src/refund.spec.ts'], ['pkg/refund_test.go'], ['tests/test_refund.py']])('%s gets no naming signal', (test) => {
    const d = digest({ [test]: {}, 'src/refund.ts': {} });
    const r = discoverInDigest(d, 'refund', 15);
    expect(r.selected.map((s) => s.file)).toEqual(['src/refund.ts']);
    expect(r.selected[0]!.reason).toBe('name contains "refund" (Pass 5)');
  });
  it('matches the name, not the folder', () => {
    expect(picked(digest({ 'refund/handler.ts': {}, 'src/refund-policy.ts': {} }), 'refund')).toEqual(['src/refund-policy.ts']);
  });
  it('only test files matching → skipped, with the seed message', () => {
    const d = digest({ 'src/main.ts': {}, 'src/refund.test.ts': { words: ['refund'] } }, { entryPoints: ['src/main.ts'] });
    const r = discoverInDigest(d, 'refund', 15);
    expect(r.selected.map((s) => s.file)).toEqual(['src/main.ts']);
    expect(r.message).toMatch(/^No production code found matching the task in repos\/repo/);
  });
});

describe('recency is a tie-breaker only (Pass 6)', () => {
  const files: Spec = { 'a/x.ts': { words: ['refund'] }, 'b/y.ts': { words: ['refund'] }, 'c/z.ts': { words: ['refund', 'invoice'] }, 'd/idle.ts': {} };
  it('without recency, equal scores fall back to path order', () => {
    expect(picked(digest(files), 'refund invoice', 2)).toEqual(['c/z.ts', 'a/x.ts']);
  });
  it('breaks the tie between equal scores', () => {
    expect(picked(digest(files, { recent: ['b/y.ts'] }), 'refund invoice', 2)).toEqual(['c/z.ts', 'b/y.ts']);
  });
  it('never lifts a lower score over a higher one', () => {
    expect(picked(digest(files, { recent: ['a/x.ts', 'b/y.ts'] }), 'refund invoice', 1)).toEqual(['c/z.ts']);
  });
  it('is not a signal on its own', () => {
    expect(picked(digest(files, { recent: ['d/idle.ts'] }), 'refund invoice', 15)).not.toContain('d/idle.ts');
  });
  it('only the top 5 recent files count', () => {
    const recent = ['r1.ts', 'r2.ts', 'r3.ts', 'r4.ts', 'r5.ts', 'b/y.ts'];
    expect(picked(digest(files, { recent }), 'refund invoice', 2)).toEqual(['c/z.ts', 'a/x.ts']);
  });
});

describe('diversity across folders', () => {
  const same = Object.fromEntries(['a1', 'a2', 'a3', 'a4', 'a5'].map((n) => [`hot/${n}.ts`, { words: ['refund', 'invoice'] }]));
  it('no folder takes more than half the slots while others have candidates', () => {
    const d = digest({ ...same, 'cold/b1.ts': { words: ['refund'] }, 'warm/c1.ts': { words: ['invoice'] } });
    expect(picked(d, 'refund invoice', 5)).toEqual(['hot/a1.ts', 'hot/a2.ts', 'hot/a3.ts', 'cold/b1.ts', 'warm/c1.ts']);
    expect(picked(d, 'refund invoice', 4)).toEqual(['hot/a1.ts', 'hot/a2.ts', 'cold/b1.ts', 'warm/c1.ts']);
  });
  it('fills from one folder when it is the only one', () => {
    expect(picked(digest(same), 'refund invoice', 4)).toEqual(['hot/a1.ts', 'hot/a2.ts', 'hot/a3.ts', 'hot/a4.ts']);
  });
  it.each([
    [0, []],
    [1, ['x/1']],
    [3, ['x/1', 'x/2', 'y/1']],
    [2, ['x/1', 'y/1']],
    [4, ['x/1', 'x/2', 'y/1', 'x/3']],
  ])('pickDiverse(n=%i)', (n, expected) => {
    expect(pickDiverse([{ path: 'x/1' }, { path: 'x/2' }, { path: 'x/3' }, { path: 'y/1' }], n)).toEqual(expected);
  });
});

describe('zero-signal guard', () => {
  it('selects nothing and says so', () => {
    const r = discoverInDigest(digest({ 'src/a.ts': { words: ['cart'] }, 'src/b.ts': {} }), 'quantum teleportation', 15);
    expect(r).toMatchObject({ zeroSignal: true, selected: [], omitted: 0, message: zeroSignalMessage('repos/repo') });
    expect(r.message).toBe(
      'No relevant files found in repos/repo for this task. Do you want to reference a different path, or should I answer based on general knowledge?',
    );
  });
  it('does not fire when an entry point exists', () => {
    const r = discoverInDigest(digest({ 'src/main.ts': {} }, { entryPoints: ['src/main.ts'] }), 'quantum teleportation', 15);
    expect(r.zeroSignal).toBeUndefined();
    expect(r.selected.map((s) => s.file)).toEqual(['src/main.ts']);
  });
});

describe('budget and truncation flags', () => {
  const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`d${i % 4}/refund${String(i).padStart(2, '0')}.ts`, { words: ['refund'] }]));
  it.each([15, 7, 5])('never exceeds a budget of %i', (budget) => {
    const r = discoverInDigest(digest(many, { entryPoints: ['d0/refund00.ts'] }), 'refund', budget);
    expect(r.selected).toHaveLength(budget);
    expect(r.budget).toBe(budget);
    expect(r.omitted).toBe(19 - (budget - 1));
  });
  it('marks files over 500 lines as truncated', () => {
    const r = discoverInDigest(digest({ 'a/refund.ts': { lines: 501 }, 'b/refund.ts': { lines: 500 } }), 'refund', 15);
    expect(r.selected.map((s) => [s.file, s.truncated])).toEqual([
      ['a/refund.ts', true],
      ['b/refund.ts', false],
    ]);
  });
  it('fewer source files than the budget: every source file is read', () => {
    const d = digest({ 'src/refund.ts': {}, 'src/other.ts': {}, 'README.md': {} }, { sourceFileCount: 2 });
    expect(discoverInDigest(d, 'refund', 15).selected.map((s) => [s.file, s.reason])).toEqual([
      ['src/refund.ts', 'name contains "refund" (Pass 5)'],
      ['src/other.ts', 'small codebase: all 2 source files fit the budget'],
    ]);
  });
});

describe('map mode selection', () => {
  const d = digest(
    { 'src/main.ts': { lines: 80 }, 'src/app.ts': { lines: 20 }, 'src/index.ts': { lines: 5 } },
    {
      mode: 'map',
      fileCount: 501,
      entryPoints: ['src/main.ts', 'src/app.ts', 'src/index.ts'],
      readmePath: 'README.md',
      readmeLines: 250,
      readme: 'x',
    },
  );
  it('reads at most 3 entry points and the README (4 files)', () => {
    const r = discoverInDigest(d, 'refund', 15);
    expect(r.mode).toBe('map');
    expect(r.selected.map((s) => [s.file, s.truncated])).toEqual([
      ['src/main.ts', true],
      ['src/app.ts', false],
      ['src/index.ts', false],
      ['README.md', true],
    ]);
    expect(r.omitted).toBe(497);
    expect(r.message).toContain('specify a subdirectory');
  });
});

describe.each([
  ['main > app > index', ['src/index.ts', 'src/app.ts', 'src/main.ts', 'src/util.ts'], [], ['src/main.ts', 'src/app.ts', 'src/index.ts']],
  ['at most 3; shallower first within a rank', ['a/b/main.go', 'main.go', 'cmd/tool/main.go', 'x/app.go'], [], ['main.go', 'a/b/main.go', 'cmd/tool/main.go']],
  ['source extensions only, tests never', ['index.json', 'main.css', 'app.test.ts', 'src/index.ts'], [], ['src/index.ts']],
  ['other cmd/ files come last', ['cmd/tool/run.go', 'lib/index.js'], [], ['lib/index.js', 'cmd/tool/run.go']],
  ['Next.js extras', ['app/layout.tsx', 'pages/_app.tsx', 'src/index.ts'], ['Next.js'], ['app/layout.tsx', 'pages/_app.tsx', 'src/index.ts']],
  ['Next.js extras only for Next.js', ['app/layout.tsx', 'src/index.ts'], [], ['src/index.ts']],
  [
    'Angular app.module / app.component',
    ['src/app/app.module.ts', 'src/app/app.component.ts'],
    ['Angular'],
    ['src/app/app.component.ts', 'src/app/app.module.ts'],
  ],
  ['Rust src/main.rs and src/lib.rs', ['src/lib.rs', 'src/main.rs'], ['Rust'], ['src/main.rs', 'src/lib.rs']],
  ['names match case-insensitively (React Native App.tsx)', ['src/App.tsx', 'src/screens/Home.tsx'], [], ['src/App.tsx']],
  ['Python __main__.py', ['pkg/__main__.py', 'pkg/cli.py'], ['Python'], ['pkg/__main__.py']],
])('entry points: %s', (_rule, files, frameworks, expected) => {
  it(`→ ${expected.join(', ')}`, () => expect(pickEntryPoints(files, frameworks)).toEqual(expected));
});
