// The files the graph and the canvases add to the site's machine outputs (siteFiles.ts): the global graph's one
// file, and each canvas's picture, which `![[board.canvas]]` shows inside notes.
import { renderCanvasSvg } from '../../core/canvas/renderCanvasSvg.js';
import { buildGlobalGraph } from '../../core/graph/globalGraph.js';
import { graphSettings, siteLinkGraph } from '../../core/site/siteLinkGraph.js';
import { canvasPicturePath, type BoardPageData } from '../../core/boards/boardPageData.js';
import { siteFilePath } from '../../core/outputs/siteContract.js';
import type { SiteModel } from '../../core/site/siteModel.js';
import type { LinkGraph } from '../../core/graph/buildLinkGraph.js';
import type { SiteFile } from './siteFile.js';

/** The global graph's file for a link graph: laid out here, or by a cache of layouts (cachedGraphFile.ts). */
export type GraphFileText = (graph: LinkGraph) => string;

const layOut: GraphFileText = (graph) => JSON.stringify(buildGlobalGraph(graph));

export function boardFiles(model: SiteModel, boards: readonly BoardPageData[], graphText: GraphFileText = layOut): SiteFile[] {
  const files: SiteFile[] = [];
  if (graphSettings(model).enabled) files.push({ path: siteFilePath('graph'), type: 'application/json', text: () => graphText(siteLinkGraph(model)) });
  for (const board of boards)
    if (board.kind === 'canvas' && board.view) {
      const view = board.view;
      files.push({ path: canvasPicturePath(board.slug), type: 'image/svg+xml', text: () => renderCanvasSvg(view, board.title) });
    }
  return files;
}
