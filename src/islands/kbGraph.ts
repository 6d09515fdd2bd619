// The graph island, loaded only when a reader opens a graph (src/islands/graphLoader.ts): a page's local graph from
// the links listed under it (their places from the core's force layout, with a fixed seed, so it is the same
// every time), or the global graph from its one precomputed file.
import { checkGlobalGraphFile } from '../core/graph/checkGlobalGraphFile.ts';
import { forceLayout } from '../core/graph/forceLayout.ts';
import { createSitePaths } from '../core/site/sitePaths.ts';
import { drawGraph, type GraphPoint } from './graphCanvas.ts';
import { graph } from '../core/i18n/en/graphStrings.ts';
import { islandI18n } from './islandI18n.ts';

const i18n = islandI18n(['graph'], graph);

const KINDS = ['note', 'canvas', 'base'];

/** The local graph of the page: the page, then each listed link in its order; edges as "a-b" pairs of those indexes. */
export function mountLocal(details: HTMLElement): void {
  const stage = details.querySelector<HTMLElement>('[data-graph-stage]');
  if (!stage || stage.dataset['graphDrawn']) return;
  const links = [...details.closest('section')!.querySelectorAll<HTMLAnchorElement>('a[data-graph-node]')];
  const nodes: GraphPoint[] = [
    { x: 0, y: 0, title: details.dataset['title'] ?? '', href: location.href, kind: details.dataset['kind'] ?? 'note', depth: 0 },
    ...links.map((a) => ({
      x: 0,
      y: 0,
      title: a.textContent?.trim() ?? '',
      href: a.href,
      kind: a.dataset['kind'] ?? 'note',
      depth: Number(a.dataset['depth'] ?? 1),
    })),
  ];
  const pairs = (details.dataset['edges'] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((p) => p.split('-').map(Number) as [number, number]);
  const pos = forceLayout(nodes.length, pairs, { pinned: 0, distance: 70, iterations: 300, seed: 1 });
  nodes.forEach((n, i) => ((n.x = pos[2 * i]!), (n.y = pos[2 * i + 1]!)));
  drawGraph(stage, { nodes, edges: pairs.flat() }, { height: 320, label: i18n.t('graph.local'), i18n });
}

/** The global graph: its file, drawn at the places the build computed. */
export async function mountGlobal(host: HTMLElement): Promise<void> {
  const stage = host.querySelector<HTMLElement>('[data-graph-stage]');
  if (!stage || stage.dataset['graphDrawn']) return;
  const status = host.querySelector<HTMLElement>('[data-graph-status]');
  try {
    // The URL is siteContract.ts's `graph` (the page writes it); checked without zod (checkGlobalGraphFile.ts says why).
    const src = host.dataset['src']!;
    const response = await fetch(src);
    if (!response.ok) throw new Error(`${response.status}`);
    const file = checkGlobalGraphFile(await response.json(), src);
    const paths = createSitePaths(host.dataset['root'] ?? '/');
    const nodes: GraphPoint[] = file.slug.map((slug, i) => ({
      x: file.x[i]!,
      y: file.y[i]!,
      title: file.title[i]!,
      href: paths.note(slug),
      kind: KINDS[file.kind[i]!] ?? 'note',
      cluster: file.cluster[i]!,
    }));
    const height = Math.max(360, Math.min(window.innerHeight - 220, 900));
    drawGraph(stage, { nodes, edges: file.edges, clusters: file.clusters, bridges: file.bridges }, { height, label: i18n.t('graph.global'), i18n });
    if (status) status.textContent = i18n.t('graph.help');
  } catch (err) {
    if (status) status.textContent = i18n.t('graph.failed', { error: err instanceof Error ? err.message : String(err) });
  }
}
