import { readNoteDocument } from '../document/readNoteDocument.js';
import { wikilinksOutsideCode } from '../links/parseWikilink.js';
import { normaliseTag } from '../tags/normaliseTag.js';
import { backtickRuns } from '../util/backtickRuns.js';
import { firstAbove } from '../util/firstAbove.js';

/** What the note model takes from a Markdown body: first `#` heading, all headings, wikilinks, inline tags. */
export interface BodyFacts {
  firstH1?: string | undefined;
  headings: string[];
  wikilinks: string[];
  /** Obsidian inline tags (`#tag`, `#nested/tag`) outside code, normalised, sorted; used when config `inlineTags` is on. */
  tags: string[];
}

// Obsidian's inline tag: (?<!\S) at a line start or after white space · # · [\p{L}\p{N}_/-]{1,200} letters, digits, _, /, -
const INLINE_TAG = /(?<!\S)#([\p{L}\p{N}_/-]{1,200})/gu;

/**
 * A body's facts from its note document (readNoteDocument.ts): the headings outside quotes and lists (the page's
 * outline), and the wikilinks and inline tags of its text outside code, math and raw HTML, read as the renderer
 * reads them (parseWikilink.ts).
 */
export function readBody(body: string): BodyFacts {
  const doc = readNoteDocument(body);
  const headings = doc.headings.map((h) => h.text).filter((text) => text !== '');
  const firstH1 = doc.headings.find((h) => h.depth === 1 && h.text !== '')?.text;
  const links = new Set<string>();
  const tags = new Set<string>();
  for (const { text: prose } of doc.prose) {
    if (!prose.includes('[[') && !prose.includes('#')) continue;
    for (const line of prose.split('\n')) {
      for (const w of wikilinksOutsideCode(line)) if (w.link.target) links.add(w.link.target);
      const text = withoutCodeSpans(line);
      for (const m of text.matchAll(INLINE_TAG)) {
        const tag = inlineTag(m[1]!);
        if (tag) tags.add(tag);
      }
    }
  }
  return { firstH1, headings, wikilinks: [...links].sort(), tags: [...tags].sort() };
}

/** An inline tag as Obsidian reads it: slashes trimmed at the ends, not only digits (`#123` is an issue number). */
function inlineTag(raw: string): string | undefined {
  const tag = raw.replace(/^\/+|\/+$/g, '');
  return /^[\p{N}_/-]*$/u.test(tag) ? undefined : normaliseTag(tag);
}

/**
 * The line with its inline code spans removed (CommonMark: a run of n backticks opens a span that the next run
 * of exactly n closes; a run never closed is literal text). The runs are listed once and grouped by length, so a
 * line of many unmatched runs costs a binary search per run, not a rescan of the rest of the line.
 */
export function withoutCodeSpans(line: string): string {
  if (!line.includes('`')) return line;
  const { runs, byLength } = backtickRuns(line);
  let out = '';
  let from = 0; // text before this position is copied or dropped already
  for (let r = 0; r < runs.length; r++) {
    const [start, end] = runs[r]!;
    if (start < from) continue;
    const same = byLength.get(end - start)!;
    const next = same[firstAbove(same, r)];
    if (next === undefined) continue; // never closed: literal backticks
    out += line.slice(from, start);
    from = runs[next]![1];
    r = next;
  }
  return out + line.slice(from);
}
