// Isomorphic: a note's local graph: the pages it links to and that link to it (depth 1), optionally theirs too
// (depth 2), optionally its tags; at most `limit` neighbours, nearest first, each depth in path order. The note
// page lists exactly these as text (the keyboard and screen-reader view) and the graph island draws them.
import { compareStrings } from '../util/compare.js';
import type { GraphNodeKind, LinkGraph } from './buildLinkGraph.js';

export interface LocalGraphNode {
  /** A page's slug, or `#<tag>` for a tag. */
  key: string;
  title: string;
  kind: GraphNodeKind | 'tag';
  /** 0 for the note itself. */
  depth: number;
  /** Depth 1: the note links to it (`out`), it links to the note (`in`), or both. */
  rel?: 'out' | 'in' | 'both' | undefined;
}

export interface LocalGraph {
  nodes: LocalGraphNode[];
  /** Pairs of indexes into `nodes`: a link from the first to the second (a tag's edges point to the tag). */
  edges: [number, number][];
  /** Neighbours within the depth left out by the limit. */
  more: number;
}

export interface LocalGraphOptions {
  depth: 1 | 2;
  tags: boolean;
  /** Neighbours shown at most (the note and its tags come on top). Default: LOCAL_GRAPH_LIMIT. */
  limit?: number | undefined;
}

export const LOCAL_GRAPH_LIMIT = 60;

export function localGraph(graph: LinkGraph, slug: string, options: LocalGraphOptions): LocalGraph | undefined {
  const center = graph.bySlug.get(slug);
  if (center === undefined) return undefined;
  const limit = options.limit ?? LOCAL_GRAPH_LIMIT;
  const neighbours = (i: number) => [...new Set([...graph.out[i]!, ...graph.in[i]!])].sort((a, b) => a - b);
  const picked: { index: number; depth: number }[] = [{ index: center, depth: 0 }];
  const seen = new Set([center]);
  let more = 0;
  let frontier = [center];
  for (let depth = 1; depth <= options.depth; depth++) {
    const next: number[] = [];
    for (const from of frontier)
      for (const j of neighbours(from)) {
        if (seen.has(j)) continue;
        seen.add(j);
        next.push(j);
      }
    next.sort((a, b) => compareStrings(graph.nodes[a]!.path, graph.nodes[b]!.path));
    for (const j of next) {
      if (picked.length - 1 < limit) picked.push({ index: j, depth });
      else more++;
    }
    frontier = next.filter((j) => picked.some((p) => p.index === j));
  }
  const at = new Map(picked.map((p, k) => [p.index, k]));
  const outOfCenter = new Set(graph.out[center]);
  const intoCenter = new Set(graph.in[center]);
  const nodes: LocalGraphNode[] = picked.map(({ index, depth }) => {
    const n = graph.nodes[index]!;
    const rel = depth !== 1 ? undefined : outOfCenter.has(index) && intoCenter.has(index) ? 'both' : outOfCenter.has(index) ? 'out' : 'in';
    return { key: n.slug, title: n.title, kind: n.kind, depth, ...(rel ? { rel } : {}) };
  });
  const edges: [number, number][] = [];
  for (const { index } of picked) for (const j of graph.out[index]!) if (at.has(j)) edges.push([at.get(index)!, at.get(j)!]);
  if (options.tags) {
    for (const tag of graph.nodes[center]!.tags) {
      const t = nodes.push({ key: `#${tag}`, title: `#${tag}`, kind: 'tag', depth: 1 }) - 1;
      picked.forEach(({ index }, k) => {
        if (graph.nodes[index]!.tags.includes(tag)) edges.push([k, t]);
      });
    }
  }
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { nodes, edges, more };
}
