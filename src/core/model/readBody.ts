import { fenceAfter } from './codeFence.js';
import { normaliseTag } from '../tags/normaliseTag.js';
import { firstAbove } from '../util/firstAbove.js';

/** What the note model takes from a Markdown body: first `#` heading, all headings, wikilinks, inline tags. */
export interface BodyFacts {
  firstH1?: string | undefined;
  headings: string[];
  wikilinks: string[];
  /** Obsidian inline tags (`#tag`, `#nested/tag`) outside code, normalised, sorted; used when config `inlineTags` is on. */
  tags: string[];
}

const HEADING = /^(#{1,6})[ \t]+(.*)$/; // ATX heading: 1-6 hashes, space, the rest (closing hashes removed below)
// [[target#section|label]]; each part is bounded so a run of `[[` without `]]` stays linear
const WIKILINK = /\[\[([^\]|#\n]{1,300})(?:#[^\]|\n]{0,300})?(?:\|[^\]\n]{0,300})?\]\]/g;
// Obsidian's inline tag: (?<!\S) at a line start or after white space · # · [\p{L}\p{N}_/-]{1,200} letters, digits, _, /, -
const INLINE_TAG = /(?<!\S)#([\p{L}\p{N}_/-]{1,200})/gu;
const INDENTED_CODE = /^( {4}|\t)/; // four spaces or a tab: an indented code line after a blank one

export function readBody(body: string): BodyFacts {
  const headings: string[] = [];
  const links = new Set<string>();
  const tags = new Set<string>();
  let firstH1: string | undefined;
  let fence: string | undefined; // the open code fence (codeFence.ts: CommonMark's rule)
  let codeMayFollow = true; // at the start, or after a blank line or an indented code line
  for (const line of body.split(/\r?\n/)) {
    const f = fenceAfter(fence, line);
    fence = f.open;
    if (f.code) continue;
    const blank = line.trim() === '';
    const indentedCode: boolean = codeMayFollow && !blank && INDENTED_CODE.test(line); // `    #include <x.h>` is code, not a tag
    codeMayFollow = blank || indentedCode;
    const h = HEADING.exec(line);
    const textOf = h ? headingText(h[2]!) : '';
    if (h && textOf !== '') {
      headings.push(textOf);
      if (h[1] === '#' && firstH1 === undefined) firstH1 = textOf;
    }
    if (!line.includes('[[') && !line.includes('#')) continue;
    const text = withoutCodeSpans(line);
    for (const m of text.matchAll(WIKILINK)) links.add(m[1]!.trim());
    if (indentedCode) continue;
    for (const m of text.matchAll(INLINE_TAG)) {
      const tag = inlineTag(m[1]!);
      if (tag) tags.add(tag);
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
  const runs: [start: number, end: number][] = [];
  for (let i = line.indexOf('`'); i >= 0; i = line.indexOf('`', i)) {
    let end = i;
    while (line[end] === '`') end++;
    runs.push([i, end]);
    i = end;
  }
  const byLength = new Map<number, number[]>(); // run length → indexes into runs, ascending
  runs.forEach(([start, end], r) => {
    const same = byLength.get(end - start);
    if (same) same.push(r);
    else byLength.set(end - start, [r]);
  });
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

/**
 * A heading's text without its optional closing hashes (`## Title ##`). Written as a scan, not a regex:
 * `(.+?)\s*#*\s*$` backtracks quadratically on a long run of spaces.
 */
function headingText(rest: string): string {
  const text = rest.trim();
  let i = text.length;
  while (i > 0 && text[i - 1] === '#') i--;
  if (i === text.length || (i > 0 && text[i - 1] !== ' ' && text[i - 1] !== '\t')) return text;
  return text.slice(0, i).trim();
}
