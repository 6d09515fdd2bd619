// Isomorphic: what a canvas or base page shows, prepared by the build (src/site/prepare/prepareBoards.ts) and read by
// its page (src/runtime/boardPages.ts) from `boards.json` beside site.json.
import type { CanvasView } from '../canvas/canvasView.js';
import type { BoardEntry } from './boardEntries.js';

export const BOARDS_FILE = 'boards.json';

/** A canvas's picture for embeds: a file at the portal's root. */
export const canvasPicturePath = (slug: string) => `kb-canvas/${slug}.svg`;

interface BoardPageBase extends Pick<BoardEntry, 'path' | 'slug' | 'title'> {
  /** Warnings about the file (what could not be read or computed), shown on its page as they are in the build log. */
  problems: string[];
}

export interface CanvasPageData extends BoardPageBase {
  kind: 'canvas';
  /** Undefined when the file could not be read as a canvas. */
  view: CanvasView | undefined;
  /** Each text or file card's HTML (the note pipeline's, sanitised), by node id. */
  cards: Record<string, string>;
  hasMath: boolean;
  hasMermaid: boolean;
}

export interface BasePageData extends BoardPageBase {
  kind: 'base';
  /** The views as HTML (src/core/bases/renderBaseHtml.ts). */
  html: string;
}

export type BoardPageData = CanvasPageData | BasePageData;
