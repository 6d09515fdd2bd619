// Isomorphic: the graph island's check of `kb-graph.json`, without zod. The global graph page loads no other site
// file, and zod with the contract's schemas would add ~16 kB gzipped to it; this checks what drawing relies on
// (the version, one entry per node in each list, whole-number links and clusters). siteContract.ts's schema is the
// full one, used by the tests and any reader that has zod already.
import { GLOBAL_GRAPH_VERSION, type GlobalGraphFile } from './globalGraph.js';

const isArray = (x: unknown, each: (v: unknown) => boolean) => Array.isArray(x) && x.every(each);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isNumber = (v: unknown) => typeof v === 'number';
const isString = (v: unknown) => typeof v === 'string';
const isCluster = (c: unknown) =>
  typeof c === 'object' &&
  c !== null &&
  ['x', 'y', 'r', 'size'].every((k) => isNumber((c as Record<string, unknown>)[k])) &&
  isString((c as { label?: unknown }).label);

/** The graph file as drawn, or an error naming `file` (its URL) and the first field that is wrong. */
export function checkGlobalGraphFile(json: unknown, file: string): GlobalGraphFile {
  const g = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const fail = (what: string) => new Error(`${file} is not what this kb-portal expects (${what}); rebuild the site.`);
  if (g['version'] !== GLOBAL_GRAPH_VERSION) throw fail(`version: expected ${GLOBAL_GRAPH_VERSION}`);
  const nodes = Array.isArray(g['slug']) ? g['slug'].length : -1;
  const lists: [string, (v: unknown) => boolean][] = [
    ['slug', isString],
    ['title', isString],
    ['kind', isCount],
    ['cluster', isCount],
    ['x', isNumber],
    ['y', isNumber],
  ];
  for (const [key, each] of lists) {
    if (!isArray(g[key], each)) throw fail(`${key}: not a list of ${each === isString ? 'strings' : 'numbers'}`);
    if ((g[key] as unknown[]).length !== nodes) throw fail(`${key}: one entry per node expected`);
  }
  if (!isArray(g['edges'], isCount) || !isArray(g['bridges'], isCount)) throw fail('edges, bridges: not lists of whole numbers');
  if (!isArray(g['clusters'], isCluster)) throw fail('clusters: not a list of clusters');
  return g as unknown as GlobalGraphFile;
}
