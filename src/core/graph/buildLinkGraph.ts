// Isomorphic: the site's link graph: every published note, canvas and base, and every link between them that
// resolves (wikilinks and embeds; a canvas's file cards and text links). Built once per build from the index,
// the local graphs and the global graph file are read from it.
import { perNote, type NoteWarn } from '../util/perNote.js';
import { compareStrings } from '../util/compare.js';

export type GraphNodeKind = 'note' | 'canvas' | 'base';

/** A page of the graph, as the build hands it over. */
export interface GraphSource {
  path: string;
  slug: string;
  title: string;
  kind: GraphNodeKind;
  tags: readonly string[];
  /** Link targets as written (wikilinks, a canvas's files), resolved with `resolve`. */
  links: readonly string[];
}

export interface GraphNode {
  path: string;
  slug: string;
  title: string;
  kind: GraphNodeKind;
  tags: readonly string[];
}

export interface LinkGraph {
  /** By path. */
  nodes: GraphNode[];
  /** Node index by slug. */
  bySlug: ReadonlyMap<string, number>;
  /** Links each node makes (indexes, ascending, no self-links, each once). */
  out: readonly (readonly number[])[];
  /** Links each node receives. */
  in: readonly (readonly number[])[];
}

/** `resolve(target, fromPath)` gives the slug of the page a link names, undefined when it names none. */
export function buildLinkGraph(sources: readonly GraphSource[], resolve: (target: string, from: string) => string | undefined, warn?: NoteWarn): LinkGraph {
  const sorted = [...sources].sort((a, b) => compareStrings(a.path, b.path));
  const nodes: GraphNode[] = sorted.map(({ path, slug, title, kind, tags }) => ({ path, slug, title, kind, tags }));
  const bySlug = new Map(nodes.map((n, i) => [n.slug, i]));
  const out: number[][] = nodes.map(() => []);
  const into: number[][] = nodes.map(() => []);
  sorted.forEach((s, i) => {
    // A note whose links cannot be resolved is a node without links out, with a warning (util/perNote.ts).
    out[i] = perNote(
      s.path,
      'the link graph',
      () => {
        const targets = new Set<number>();
        for (const link of s.links) {
          const slug = resolve(link, s.path);
          const j = slug === undefined ? undefined : bySlug.get(slug);
          if (j !== undefined && j !== i) targets.add(j);
        }
        return [...targets].sort((a, b) => a - b);
      },
      () => [],
      warn,
    );
    for (const j of out[i]!) into[j]!.push(i);
  });
  return { nodes, bySlug, out, in: into };
}

/** The number of distinct neighbours of each node (linked either way). */
export function degrees(graph: LinkGraph): number[] {
  return graph.nodes.map((_, i) => new Set([...graph.out[i]!, ...graph.in[i]!]).size);
}
