import { noteTokens, type Token } from './noteTokens.js';

/**
 * An ATX heading (`## Title`) of a note's body, outside any container (quote, list, callout): where sections are
 * cut. Setext headings are left to the page: in real folders a `---` straight under a paragraph is nearly always
 * a rule written without its blank line, and that paragraph is not an outline entry a pack should cut at.
 */
export interface DocumentHeading {
  depth: number;
  /** As written (inline markup kept), without the `#`s and a closing sequence. */
  text: string;
  /** Its line (0-based) and the line after it. */
  line: number;
  end: number;
}

/** One inline block's text as written (a paragraph, heading, table cell, list item's or quote's text). */
export interface ProseText {
  /** Its first line (0-based). */
  line: number;
  /** The source of its lines, without the containers' markers (`> `, list indentation). */
  text: string;
}

/**
 * What a note's body is made of, read from one parse by the note parser (noteTokens.ts), so the index, packs and
 * MCP see the same headings, code and text the page shows. Lines are 0-based, with `\r\n` and `\r` read as line
 * breaks, as the parser reads them.
 */
export interface NoteDocument {
  headings: DocumentHeading[];
  /** The text outside code, math and raw HTML, where wikilinks and inline tags are read. */
  prose: ProseText[];
  /** Fenced code and display math, kept whole when a body is cut into blocks. */
  fences: DocumentFence[];
}

/** A fenced code block or display math block. */
export interface DocumentFence {
  /** Its lines [start, end), 0-based: the opening fence to the line after the closing one (or the container's end). */
  start: number;
  end: number;
  /** The info string as written (`ts title="x"`); `$$` for display math. */
  info: string;
  /** The code, without the fences and the container's indentation, ending in a line break. */
  content: string;
  /** Whether a closing fence ends it (an unclosed fence runs to the end of its container). */
  closed: boolean;
}

export function readNoteDocument(body: string): NoteDocument {
  return documentOf(noteTokens(body, 'blocks'), documentLines(body));
}

/** The document of a token stream and the body's lines. */
function documentOf(tokens: readonly Token[], lines: readonly string[]): NoteDocument {
  const headings: DocumentHeading[] = [];
  const prose: ProseText[] = [];
  const fences: DocumentFence[] = [];
  let line = 0; // the line of the innermost block seen: a table cell's text has none of its own, its row has
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.map) line = t.map[0];
    if (t.type === 'inline') prose.push({ line, text: t.content });
    if (!t.map) continue;
    if (t.type === 'fence' || t.type === 'math_block')
      fences.push({ start: t.map[0], end: t.map[1], info: t.type === 'fence' ? t.info : '$$', content: t.content, closed: closedFence(t, lines) });
    else if (t.type === 'heading_open' && t.level === 0 && t.markup.startsWith('#')) {
      const text = tokens[i + 1]?.type === 'inline' ? tokens[i + 1]!.content : '';
      headings.push({ depth: Number(t.tag.slice(1)), text, line: t.map[0], end: t.map[1] });
    }
  }
  return { headings, prose, fences };
}

/** A body's lines as the parser numbers them. */
export function documentLines(body: string): string[] {
  return body.split(/\r\n?|\n/);
}

/** A fence is closed when its last line (after its first) is a run of its marker at least as long, and nothing else. */
function closedFence(t: Token, lines: readonly string[]): boolean {
  const [start, end] = t.map!;
  if (end - start < 2) return false;
  const last = (lines[end - 1] ?? '').replace(/^[\s>]*/, '').trimEnd();
  const marker = t.markup || '$$';
  return last.length >= marker.length && [...last].every((c) => c === marker[0]);
}
