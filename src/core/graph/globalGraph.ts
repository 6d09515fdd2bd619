// Isomorphic: the global graph page's one file (`kb-graph.json`), laid out at build time so the browser only draws.
// Notes are clustered by folder (coarser folders when there would be more than MAX_CLUSTERS); the clusters are
// placed by a force layout over the links between them, and each cluster's notes around its most linked note
// (a force layout for small folders, a spiral in link order for large ones). Fixed seeds: the same site gives
// the same file, byte for byte. At 10,000 notes the page draws clusters when zoomed out, notes when zoomed in.
import { compareStrings } from '../util/compare.js';
import { degrees, type GraphNodeKind, type LinkGraph } from './buildLinkGraph.js';
import { forceLayout, spiral } from './forceLayout.js';

export const GLOBAL_GRAPH_VERSION = 1;
/** More folders than this are merged into their parents for clustering. */
export const MAX_CLUSTERS = 150;
/** Folders up to this many notes get a force layout inside; larger ones a spiral. */
const FORCE_LIMIT = 120;
/** Pixels between neighbouring notes at zoom 1. */
const SPACING = 16;

export interface GlobalGraphFile {
  version: typeof GLOBAL_GRAPH_VERSION;
  /** One entry per node in each list (nodes by path). */
  slug: string[];
  title: string[];
  /** 0 note, 1 canvas, 2 base. */
  kind: number[];
  /** Index into `clusters`. */
  cluster: number[];
  x: number[];
  y: number[];
  /** Links as pairs of node indexes: from, to, from, to, … */
  edges: number[];
  clusters: { label: string; x: number; y: number; r: number; size: number }[];
  /** Links between clusters as triples: cluster, cluster, how many (the first smaller). */
  bridges: number[];
}

const KINDS: readonly GraphNodeKind[] = ['note', 'canvas', 'base'];

/** The folder of a path at most `depth` folders deep (`''` at the root). */
function folderOf(path: string, depth: number): string {
  const parts = path
    .replace(/^(\.\.\/)+/, '')
    .split('/')
    .slice(0, -1);
  return parts.slice(0, depth).join('/');
}

/** Each node's cluster key: its folder, or a parent folder when there are too many folders. */
export function clusterKeys(paths: readonly string[], max = MAX_CLUSTERS): string[] {
  const deepest = Math.max(0, ...paths.map((p) => p.split('/').length - 1));
  for (let depth = deepest; depth > 0; depth--) {
    const keys = paths.map((p) => folderOf(p, depth));
    if (new Set(keys).size <= max) return keys;
  }
  return paths.map(() => '');
}

export function buildGlobalGraph(graph: LinkGraph): GlobalGraphFile {
  const n = graph.nodes.length;
  const keys = clusterKeys(graph.nodes.map((node) => node.path));
  const labels = [...new Set(keys)].sort(compareStrings);
  const clusterIndex = new Map(labels.map((l, i) => [l, i]));
  const cluster = keys.map((k) => clusterIndex.get(k)!);
  const degree = degrees(graph);
  const members = labels.map(() => [] as number[]);
  cluster.forEach((c, i) => members[c]!.push(i));

  const edges: number[] = [];
  const bridgeCount = new Map<string, number>();
  graph.out.forEach((targets, i) =>
    targets.forEach((j) => {
      edges.push(i, j);
      const [a, b] = [cluster[i]!, cluster[j]!].sort((p, q) => p - q) as [number, number];
      if (a !== b) bridgeCount.set(`${a},${b}`, (bridgeCount.get(`${a},${b}`) ?? 0) + 1);
    }),
  );
  const bridges = [...bridgeCount.entries()]
    .map(([k, count]) => [...k.split(',').map(Number), count] as [number, number, number])
    .sort((p, q) => p[0] - q[0] || p[1] - q[1]);

  // Clusters: circles sized by their notes, pulled together by the links between them, then moved apart where they overlap.
  const strongest = Math.max(1, ...bridges.map((b) => b[2]));
  const radius = members.map((m) => SPACING * Math.sqrt(m.length) * 0.9 + SPACING);
  const meanRadius = radius.reduce((s, r) => s + r, 0) / Math.max(1, radius.length);
  const centres = forceLayout(
    labels.length,
    bridges.map(([a, b]) => [a, b] as const),
    {
      distance: meanRadius * 2.5,
      radius: (c) => radius[c]! + SPACING,
      weight: (e) => 0.1 + 0.4 * (Math.log1p(bridges[e]![2]) / Math.log1p(strongest)),
      iterations: 300,
      seed: 7,
    },
  );
  separate(centres, radius, SPACING * 2);
  compact(centres, radius, SPACING * 2);

  const x = new Array<number>(n).fill(0);
  const y = new Array<number>(n).fill(0);
  members.forEach((nodes, c) => {
    const local = layoutCluster(nodes, graph, cluster, degree, radius[c]!);
    nodes.forEach((node, k) => {
      x[node] = round(centres[2 * c]! + local[2 * k]!);
      y[node] = round(centres[2 * c + 1]! + local[2 * k + 1]!);
    });
  });
  return {
    version: GLOBAL_GRAPH_VERSION,
    slug: graph.nodes.map((node) => node.slug),
    title: graph.nodes.map((node) => node.title),
    kind: graph.nodes.map((node) => KINDS.indexOf(node.kind)),
    cluster,
    x,
    y,
    edges,
    clusters: labels.map((label, c) => ({
      label: label || '/',
      x: round(centres[2 * c]!),
      y: round(centres[2 * c + 1]!),
      r: round(radius[c]!),
      size: members[c]!.length,
    })),
    bridges: bridges.flat(),
  };
}

/** Positions of a cluster's nodes around its centre, most linked first; `nodes` is reordered to match. */
function layoutCluster(nodes: number[], graph: LinkGraph, cluster: readonly number[], degree: readonly number[], radius: number): Float64Array {
  const c = cluster[nodes[0]!];
  const inside = (j: number) => cluster[j] === c;
  // Link order: from the most linked note outwards, each component in turn, so linked notes sit close on the spiral.
  const byDegree = [...nodes].sort((a, b) => degree[b]! - degree[a]! || a - b);
  const order: number[] = [];
  const placed = new Set<number>();
  for (const start of byDegree) {
    if (placed.has(start)) continue;
    const queue = [start];
    placed.add(start);
    for (let q = 0; q < queue.length; q++) {
      order.push(queue[q]!);
      const next = [...new Set([...graph.out[queue[q]!]!, ...graph.in[queue[q]!]!])]
        .filter((j) => inside(j) && !placed.has(j))
        .sort((a, b) => degree[b]! - degree[a]! || a - b);
      for (const j of next) {
        placed.add(j);
        queue.push(j);
      }
    }
  }
  nodes.splice(0, nodes.length, ...order);
  const start = spiral(order.length, SPACING);
  const at = new Map(order.map((node, k) => [node, k]));
  const local: [number, number][] = [];
  order.forEach((node, k) => graph.out[node]!.forEach((j) => at.has(j) && local.push([k, at.get(j)!])));
  const pos =
    order.length > FORCE_LIMIT || order.length < 3
      ? start
      : forceLayout(order.length, local, { distance: SPACING * 1.6, initial: start, iterations: 120, seed: 11, radius: () => SPACING / 2 });
  // Inside the cluster's circle, whatever the layout did.
  let far = 0;
  for (let k = 0; k < order.length; k++) far = Math.max(far, Math.hypot(pos[2 * k]!, pos[2 * k + 1]!));
  const scale = far > radius ? radius / far : 1;
  return pos.map((v) => v * scale);
}

/**
 * Draws the clusters in towards their middle, a step at a time, each step followed by `separate`: folders with no
 * link between them (which the force layout pushes to the edges) end up beside the others, not across an empty page.
 */
function compact(centres: Float64Array, radius: readonly number[], gap: number, rounds = 16): void {
  const n = radius.length;
  if (n < 2) return;
  for (let round = 0; round < rounds; round++) {
    let [cx, cy, w] = [0, 0, 0];
    for (let c = 0; c < n; c++) {
      const m = radius[c]! * radius[c]!;
      cx += centres[2 * c]! * m;
      cy += centres[2 * c + 1]! * m;
      w += m;
    }
    [cx, cy] = [cx / w, cy / w];
    for (let c = 0; c < n; c++) {
      centres[2 * c] = cx + (centres[2 * c]! - cx) * 0.8;
      centres[2 * c + 1] = cy + (centres[2 * c + 1]! - cy) * 0.8;
    }
    separate(centres, radius, gap);
  }
}

/** Pushes overlapping circles apart along the line between their centres, pair by pair, until none overlap. */
function separate(centres: Float64Array, radius: readonly number[], gap: number, sweeps = 200): void {
  for (let sweep = 0; sweep < sweeps; sweep++) {
    let moved = false;
    for (let a = 0; a < radius.length; a++)
      for (let b = a + 1; b < radius.length; b++) {
        const dx = centres[2 * b]! - centres[2 * a]!;
        const dy = centres[2 * b + 1]! - centres[2 * a + 1]!;
        // Most pairs are far apart: the squared distance, with a margin far above rounding, says so without
        // Math.hypot (slow); a pair near touching is measured exactly as before, so the layout is unchanged.
        const reach = radius[a]! + radius[b]! + gap;
        if (dx * dx + dy * dy > reach * reach * (1 + 1e-9)) continue;
        const d = Math.hypot(dx, dy) || 1;
        const overlap = reach - d;
        if (overlap <= 0) continue;
        moved = true;
        const [ux, uy] = d === 1 && dx === 0 && dy === 0 ? [1, 0] : [dx / d, dy / d];
        centres[2 * a]! -= (ux * overlap) / 2;
        centres[2 * a + 1]! -= (uy * overlap) / 2;
        centres[2 * b]! += (ux * overlap) / 2;
        centres[2 * b + 1]! += (uy * overlap) / 2;
      }
    if (!moved) return;
  }
}

const round = (v: number) => Math.round(v * 10) / 10;
