// The global graph's layout is reused from the build cache while the graph and the layout's code are the same, and
// laid out again when a title, a link, a note or the code changes (cachedGraphFile.ts).
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLinkGraph, type GraphSource } from '../../src/core/graph/buildLinkGraph.js';
import { buildGlobalGraph } from '../../src/core/graph/globalGraph.js';
import { cachedGraphFile, graphKey } from '../../src/node/cache/cachedGraphFile.js';

const note = (path: string, links: string[], title = path.toUpperCase()): GraphSource => ({
  path,
  slug: path.replace(/\.md$/, ''),
  title,
  kind: 'note',
  tags: [],
  links,
});
const BASE = [note('a.md', ['b']), note('b.md', ['c']), note('c.md', [])];
const graphOf = (sources: GraphSource[]) => buildLinkGraph(sources, (t) => sources.find((s) => s.slug === t)?.slug);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const cache = () => {
  const d = mkdtempSync(join(tmpdir(), 'kb-graph-cache-'));
  dirs.push(d);
  return join(d, 'graph');
};

describe.each([
  ['a title changed', [note('a.md', ['b'], 'Renamed'), BASE[1]!, BASE[2]!], 'code'],
  ['a link added', [note('a.md', ['b', 'c']), BASE[1]!, BASE[2]!], 'code'],
  ['a link removed', [note('a.md', []), BASE[1]!, BASE[2]!], 'code'],
  ['a note added', [...BASE, note('d.md', [])], 'code'],
  ['the layout code changed', BASE, 'other code'],
])('laid out again when %s', (_, sources, code) => {
  it('gives the new layout, not the cached one, and keeps only it', () => {
    const dir = cache();
    cachedGraphFile(dir, graphOf(BASE), 'code');
    const text = cachedGraphFile(dir, graphOf(sources as GraphSource[]), code as string);
    expect(text).toBe(JSON.stringify(buildGlobalGraph(graphOf(sources as GraphSource[]))));
    expect(readdirSync(dir)).toEqual([`${graphKey(graphOf(sources as GraphSource[]), code as string)}.json`]);
  });
});

describe('the same graph and code', () => {
  it('lays out on the first build and writes the layout', () => {
    const dir = cache();
    expect(cachedGraphFile(dir, graphOf(BASE), 'code')).toBe(JSON.stringify(buildGlobalGraph(graphOf(BASE))));
    expect(readdirSync(dir)).toHaveLength(1);
  });
  it('reads the cached file on the next build (the same links in another order are the same graph)', () => {
    const dir = cache();
    cachedGraphFile(dir, graphOf(BASE), 'code');
    writeFileSync(join(dir, readdirSync(dir)[0]!), 'cached'); // what a second build returns is the file, not a new layout
    expect(cachedGraphFile(dir, graphOf([...BASE].reverse()), 'code')).toBe('cached');
  });
  it('ignores what the layout does not read (tags)', () => {
    expect(graphKey(graphOf(BASE), 'code')).toBe(graphKey(graphOf(BASE.map((s) => ({ ...s, tags: ['x'] }))), 'code'));
  });
});
