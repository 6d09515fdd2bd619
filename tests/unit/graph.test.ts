// The link graph (docs/graph-canvas-bases.md): a note's local neighbourhood at depth 1 and 2, tags when asked,
// the limit; the global graph's clusters and layout, the same every time, and still clustered at 10,000 notes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLinkGraph, type GraphSource } from '../../src/core/graph/buildLinkGraph.js';
import { localGraph } from '../../src/core/graph/localGraph.js';
import { buildGlobalGraph, clusterKeys, MAX_CLUSTERS } from '../../src/core/graph/globalGraph.js';
import { forceLayout, seededRandom } from '../../src/core/graph/forceLayout.js';
import { graphConfigSchema } from '../../src/core/graph/graphConfigSchema.js';

const src = (path: string, links: string[], tags: string[] = [], kind: GraphSource['kind'] = 'note'): GraphSource => ({
  path,
  slug: path.replace(/\.(md|canvas)$/, ''),
  title: path
    .slice(path.lastIndexOf('/') + 1)
    .replace(/\.(md|canvas)$/, '')
    .toUpperCase(),
  kind,
  tags,
  links,
});
// a → b, a → c, d → a, b → e, e → f, b ↔ a; c and a share a tag; g stands alone; the canvas links c.
const SITE = [
  src('x/a.md', ['b', 'c', 'nowhere'], ['api']),
  src('x/b.md', ['e', 'a', 'b']),
  src('y/c.md', [], ['api', 'db']),
  src('y/d.md', ['a']),
  src('y/e.md', ['f']),
  src('z/f.md', []),
  src('z/g.md', []),
  src('boards/plan.canvas', ['y/c.md'], [], 'canvas'),
];
const resolve = (target: string) => SITE.find((s) => s.slug === target || s.slug.endsWith(`/${target}`) || s.path === target)?.slug;
const graph = buildLinkGraph(SITE, resolve);
const keys = (slug: string, depth: 1 | 2, tags = false, limit?: number) => localGraph(graph, slug, { depth, tags, limit })!.nodes.map((n) => n.key);

describe.each([
  ['depth 1: links and backlinks, the note first, then by path', 'x/a', 1, false, undefined, ['x/a', 'x/b', 'y/c', 'y/d']],
  ['depth 2: their neighbours after them', 'x/a', 2, false, undefined, ['x/a', 'x/b', 'y/c', 'y/d', 'boards/plan', 'y/e']],
  ['tags: the note’s tags as nodes', 'x/a', 1, true, undefined, ['x/a', 'x/b', 'y/c', 'y/d', '#api']],
  ['a canvas is a page of the graph', 'y/c', 1, false, undefined, ['y/c', 'boards/plan', 'x/a']],
  ['a note without links stands alone', 'z/g', 2, false, undefined, ['z/g']],
  ['the limit keeps the nearest first', 'x/a', 2, false, 2, ['x/a', 'x/b', 'y/c']],
])('local graph: %s', (_rule, slug, depth, tags, limit, expected) => {
  it(slug, () => expect(keys(slug, depth as 1 | 2, tags, limit)).toEqual(expected));
});

describe('local graph details', () => {
  const a = localGraph(graph, 'x/a', { depth: 1, tags: true })!;
  const at = (key: string) => a.nodes.findIndex((n) => n.key === key);
  it('says how each neighbour is linked', () => expect(a.nodes.map((n) => n.rel ?? '-')).toEqual(['-', 'both', 'out', 'in', '-']));
  it('edges between the nodes shown, both ways where both link', () =>
    expect(a.edges).toEqual(
      [
        [at('x/a'), at('x/b')],
        [at('x/a'), at('y/c')],
        [at('x/b'), at('x/a')],
        [at('y/d'), at('x/a')],
        [at('x/a'), at('#api')],
        [at('y/c'), at('#api')],
      ].sort((p, q) => p[0]! - q[0]! || p[1]! - q[1]!),
    ));
  it('self-links and links to nothing are not edges', () =>
    expect(graph.out[graph.bySlug.get('x/b')!]!.map((i) => graph.nodes[i]!.slug)).toEqual(['x/a', 'y/e']));
  it('counts what the limit left out', () => expect(localGraph(graph, 'x/a', { depth: 2, tags: false, limit: 2 })!.more).toBe(3));
  it('an unknown page has none', () => expect(localGraph(graph, 'nope', { depth: 1, tags: false })).toBeUndefined());
});

describe('graph config', () => {
  it('defaults: on, depth 1, no tags', () => expect(graphConfigSchema.parse(undefined)).toEqual({ enabled: true, depth: 1, tags: false }));
  it('depth is 1 or 2', () => expect(graphConfigSchema.safeParse({ depth: 3 }).success).toBe(false));
  it('unknown keys are errors', () => expect(graphConfigSchema.safeParse({ colour: 'red' }).success).toBe(false));
});

describe('layout is deterministic', () => {
  it('the same graph gives the same positions, byte for byte', () =>
    expect(JSON.stringify(buildGlobalGraph(graph))).toBe(JSON.stringify(buildGlobalGraph(buildLinkGraph([...SITE].reverse(), resolve)))));
  it('the force layout with a fixed seed repeats itself', () => {
    const edges = [
      [0, 1],
      [1, 2],
      [2, 0],
      [2, 3],
    ] as const;
    expect([...forceLayout(4, edges, { seed: 3 })]).toEqual([...forceLayout(4, edges, { seed: 3 })]);
  });
  it('a pinned node stays at the middle', () => {
    const pos = forceLayout(
      3,
      [
        [0, 1],
        [0, 2],
      ],
      { pinned: 0 },
    );
    expect([pos[0], pos[1]]).toEqual([0, 0]);
  });
});

describe('global graph file', () => {
  const file = buildGlobalGraph(graph);
  it('one cluster per folder', () =>
    expect(file.clusters.map((c) => [c.label, c.size])).toEqual([
      ['boards', 1],
      ['x', 2],
      ['y', 3],
      ['z', 2],
    ]));
  it('every link once, as node index pairs', () => expect(file.edges.length / 2).toBe(graph.out.flat().length));
  it('links between clusters are counted', () => expect(file.bridges.length % 3).toBe(0));
  it('parallel lists', () =>
    expect(new Set([file.slug.length, file.title.length, file.kind.length, file.cluster.length, file.x.length, file.y.length])).toEqual(new Set([8])));
});

describe('clusters: coarser folders when there are too many', () => {
  it.each([
    [['a/b/c/1.md', 'a/b/d/2.md', 'a/e/3.md'], 10, ['a/b/c', 'a/b/d', 'a/e']],
    [['a/b/c/1.md', 'a/b/d/2.md', 'a/e/3.md'], 2, ['a/b', 'a/b', 'a/e']],
    [['a/1.md', 'b/2.md', 'c/3.md'], 2, ['', '', '']],
  ])('%j at most %i', (paths, max, expected) => expect(clusterKeys(paths, max)).toEqual(expected));
});

describe('at 10,000 notes', () => {
  const random = seededRandom(42);
  const notes: GraphSource[] = Array.from({ length: 10_000 }, (_, i) => {
    const folder = `area-${i % 37}/topic-${(i * 7) % 9}`;
    const links = Array.from({ length: 1 + Math.floor(random() * 4) }, () => `n${Math.floor(random() * 10_000)}`);
    return { path: `${folder}/n${i}.md`, slug: `${folder}/n${i}`, title: `Note ${i}`, kind: 'note', tags: [], links };
  });
  const bySlugEnd = new Map(notes.map((n) => [n.slug.slice(n.slug.lastIndexOf('/') + 1), n.slug]));
  const big = buildLinkGraph(notes, (t) => bySlugEnd.get(t));
  const file = buildGlobalGraph(big);
  it('clusters stay under the cap (folders merged into their parents)', () => {
    expect(file.clusters.length).toBeLessThanOrEqual(MAX_CLUSTERS);
    expect(file.clusters.length).toBe(37);
  });
  it('every note has a place, near its cluster', () => {
    for (let i = 0; i < file.x.length; i++) {
      const c = file.clusters[file.cluster[i]!]!;
      expect(Math.hypot(file.x[i]! - c.x, file.y[i]! - c.y)).toBeLessThanOrEqual(c.r + 1);
    }
  });
  it('clusters do not sit on top of each other', () => {
    let overlapping = 0;
    for (const [i, a] of file.clusters.entries())
      for (const b of file.clusters.slice(i + 1)) if (Math.hypot(a.x - b.x, a.y - b.y) < (a.r + b.r) * 0.8) overlapping++;
    expect(overlapping).toBe(0);
  });
  it('is the same on a second run', () => expect(JSON.stringify(buildGlobalGraph(buildLinkGraph(notes, (t) => bySlugEnd.get(t))))).toBe(JSON.stringify(file)));
  // Pinned when cluster separation began skipping far-apart pairs without Math.hypot: the layout must not move.
  it('lays the clusters out exactly as pinned', () =>
    expect(createHash('sha256').update(JSON.stringify(file)).digest('hex')).toBe('7e64695c69c2502d63377ed835df87dc147368bf0140df362f3c43cd194e0212'));
});
