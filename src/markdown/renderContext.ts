import type { LinkResolver } from '../core/links/createLinkResolver.js';
import type { MdNode } from './markdownTree.js';
import type { MdxNoteData } from './parseMdx.js';

/** What a rendered page needs to know beside its HTML. */
export interface NoteReport {
  hasMath: boolean;
  hasMermaid: boolean;
  /** Attachments the note shows or links (paths in the folder). */
  attachments: Set<string>;
  /** Notes it transcludes, at any depth (paths). */
  embeds: Set<string>;
  /** Links of the note itself (not of what it embeds) that lead nowhere. */
  brokenLinks: { target: string; line: number; kind: 'wikilink' | 'embed' | 'link' | 'attachment' }[];
}

/** The pixel size of an image attachment, when its header could be read. */
export interface ImageSize {
  width: number;
  height: number;
}

/** Fixed for a renderer: how links resolve and where pages and files are. */
export interface RenderEnv {
  resolver: LinkResolver;
  paths: { note(slug: string): string; file(name: string): string };
  /** Parses Markdown into a tree with the renderer's syntax (GFM, math), for embedded notes. */
  parse(markdown: string): MdNode;
}

/** Per note: which note the text belongs to, how deep in embeds, and the note's own lookups. */ export interface NoteContext {
  /** The note whose text is being transformed (links resolve from its folder). */
  from: string;
  /** 0 for the page's own note, 1 for a note it embeds, … */
  depth: number;
  /** The notes embedded on the way here, outermost first: the cycle check. */
  stack: readonly string[];
  /** The Markdown of a note an embed names (by path); undefined when it is not published. */
  lookup(path: string): string | undefined;
  size(path: string): ImageSize | undefined;
  /** The HTML of a fenced block a module claims (`lang` lower-cased, the block's text, the note it is in); undefined: stays code. */
  fence?: ((lang: string, text: string, from: string) => string | undefined) | undefined;
  report: NoteReport;
  /** The page's note is an `.mdx` note whose code is data, read with this (src/markdown/parseMdx.ts). */
  mdx?: MdxNoteData | undefined;
}

export function emptyReport(): NoteReport {
  return { hasMath: false, hasMermaid: false, attachments: new Set(), embeds: new Set(), brokenLinks: [] };
}

/** Embeds nest at most this deep (the page's note is depth 0). */
export const MAX_EMBED_DEPTH = 3;
