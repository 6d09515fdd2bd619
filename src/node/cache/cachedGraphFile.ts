import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildGlobalGraph } from '../../core/graph/globalGraph.js';
import type { LinkGraph } from '../../core/graph/buildLinkGraph.js';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { graphLayoutCodeHash } from './cacheCode.js';

/**
 * The global graph's file (`kb-graph.json`), laid out again only when the graph or the layout's code changed: the
 * layout is the same for the same nodes and links (fixed seeds), and it costs ~0.6 s at 1,000 notes and 1.4 s at
 * 10,000, on every build, though an edit of a note's text rarely changes a link or a title. The file is kept in
 * `dir` under a hash of both; the previous one is removed when a new one is written.
 */
export function cachedGraphFile(dir: string, graph: LinkGraph, codeHash: string = graphLayoutCodeHash()): string {
  const key = graphKey(graph, codeHash);
  const file = join(dir, `${key}.json`);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const text = JSON.stringify(buildGlobalGraph(graph));
  if (existsSync(dir)) for (const old of readdirSync(dir)) rmSync(join(dir, old), { force: true });
  writeFileAtomic(file, text);
  return text;
}

/** What the layout reads of a graph (each node's path, slug, title and kind, and its links), with the code's hash. */
export function graphKey(graph: LinkGraph, codeHash: string): string {
  const hash = createHash('sha256').update(`${codeHash}\0`);
  graph.nodes.forEach((n, i) => hash.update(`${n.path}\0${n.slug}\0${n.title}\0${n.kind}\0${graph.out[i]!.join(',')}\n`));
  return hash.digest('hex').slice(0, 24);
}
