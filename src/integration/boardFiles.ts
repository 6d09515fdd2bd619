// The files the graph and the canvases add to the site's machine outputs (siteFiles.ts): the global graph's one
// file, and each canvas's picture, which `![[board.canvas]]` shows inside notes.
import { renderCanvasSvg } from '../core/canvas/renderCanvasSvg.js';
import { buildGlobalGraph } from '../core/graph/globalGraph.js';
import { graphSettings, siteLinkGraph } from '../core/graph/siteLinkGraph.js';
import { canvasPicturePath, type BoardPageData } from '../core/site/boardPageData.js';
import { siteFilePath } from '../core/site/siteContract.js';
import type { SiteModel } from '../core/site/siteModel.js';
import type { SiteFile } from './siteFiles.js';

export function boardFiles(model: SiteModel, boards: readonly BoardPageData[]): SiteFile[] {
  const files: SiteFile[] = [];
  if (graphSettings(model).enabled)
    files.push({ path: siteFilePath('graph'), type: 'application/json', text: () => JSON.stringify(buildGlobalGraph(siteLinkGraph(model))) });
  for (const board of boards)
    if (board.kind === 'canvas' && board.view) {
      const view = board.view;
      files.push({ path: canvasPicturePath(board.slug), type: 'image/svg+xml', text: () => renderCanvasSvg(view, board.title) });
    }
  return files;
}
