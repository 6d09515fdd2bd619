import { backtickRuns } from '../util/backtickRuns.js';
import { firstAbove } from '../util/firstAbove.js';

/**
 * `[[target#heading|label]]` and `![[target#^block]]` split into their parts, as Obsidian reads them:
 * the target is a path or a name (`.md` optional), `#` starts a heading (`#a#b` names the sub-heading `b`),
 * `#^id` a block, `|` the text to show. Tables escape the pipe (`[[a\|b]]`); both forms are read.
 */
export interface Wikilink {
  /** The note or file named; `''` for a link into the same note (`[[#Heading]]`). */
  target: string;
  heading?: string | undefined;
  blockId?: string | undefined;
  /** The text given after `|`, when there is one. */
  label?: string | undefined;
  /** Written `![[…]]`: the target is transcluded (a note) or shown (an image). */
  embed: boolean;
}

// [[ target? (#…)? (|label)? ]]: each part bounded so a run of `[[` without `]]` stays linear.
const INNER = /^([^\]|#\n]{0,300})((?:#[^\]|\n]{0,300})?)(?:\|([^\]\n]{0,300}))?$/;
/** The longest text between `[[` and `]]`. */
const MAX_INNER = 900;

/**
 * The parts of the text between `[[` and `]]`. As in Obsidian, an empty note name is the note the link is in
 * (`[[#Heading]]`, `[[#|text]]`, `[[#]]`), an empty heading or text is as if not written (`[[Note#|text]]`,
 * `[[Note#Heading|]]`); a link that names nothing at all (`[[ ]]`, an embed of its own note) is no link.
 */
export function parseWikilink(inner: string, embed = false): Wikilink | undefined {
  const m = INNER.exec(inner.replace(/\\\|/g, '|'));
  if (!m) return undefined;
  const target = m[1]!.trim();
  const hash = m[2]!
    .slice(1)
    .split('#')
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  const blockId = hash?.startsWith('^') ? hash.slice(1) : undefined;
  const heading = hash && !blockId ? hash : undefined;
  const label = m[3]?.trim() || undefined;
  if (!target && !heading && !blockId && (embed || (!m[2] && m[3] === undefined))) return undefined;
  return { target, heading, blockId, label, embed };
}

/**
 * Reads the wikilinks of one text at the positions a parser asks about, in linear time over the text: the next
 * `]` and line break after a position are found once and kept for every position before them, so a run of `[[`
 * with no `]]` after it costs a constant per position, not a rescan of the rest of the text.
 */
export class WikilinkReader {
  private readonly bracket = new NextOf(']');
  private readonly newline = new NextOf('\n');

  constructor(private readonly src: string) {}

  /** The wikilink written at `at` (`[[…]]`, or `![[…]]` when `at` is the `!`), with where it ends, or undefined. */
  at(at: number): { end: number; link: Wikilink } | undefined {
    const src = this.src;
    const embed = src.charCodeAt(at) === 0x21; /* ! */
    const from = (embed ? at + 1 : at) + 2;
    if (!src.startsWith('[[', from - 2)) return undefined;
    const close = this.bracket.after(src, from);
    if (close - from < 1 || close - from > MAX_INNER || src.charCodeAt(close + 1) !== 0x5d /* ] */) return undefined;
    if (this.newline.after(src, from) < close) return undefined;
    const link = parseWikilink(src.slice(from, close), embed);
    return link && { end: close + 2, link };
  }
}

/** The first index of one character at or after a position (Infinity: none), kept while the positions asked lie before it. */
class NextOf {
  private from = Infinity;
  private found = -1;
  constructor(private readonly char: string) {}
  after(src: string, from: number): number {
    if (!(this.from <= from && from <= this.found)) {
      const i = src.indexOf(this.char, from);
      this.from = from;
      this.found = i < 0 ? Infinity : i;
    }
    return this.found;
  }
}

/** A wikilink found in a text: where it starts (its `!` for an embed) and ends, and its parts. */
export interface FoundWikilink {
  start: number;
  end: number;
  link: Wikilink;
}

/** Every wikilink in a stretch of text with where it starts and ends (text positions, not lines). */
export function findWikilinks(text: string): FoundWikilink[] {
  const out: FoundWikilink[] = [];
  if (!text.includes('[[')) return out;
  const reader = new WikilinkReader(text);
  for (let i = text.indexOf('[['); i >= 0; i = text.indexOf('[[', i)) {
    const start = i > 0 && text.charCodeAt(i - 1) === 0x21 /* ! */ ? i - 1 : i;
    const found = reader.at(start);
    if (found) out.push({ start, ...found });
    i = found ? found.end : i + 1;
  }
  return out;
}

/**
 * The wikilinks of one line of inline text, as the note parser reads them (noteTokens.ts): a wikilink that
 * starts before a code span is a link, whatever it holds (`[[#`move`|move]]`, `[[Note|`code`]]`), and a code
 * span that starts before a `[[` keeps it as code. The backtick runs are listed once and grouped by length
 * (backtickRuns.ts), so many unmatched runs cost a binary search each.
 */
export function wikilinksOutsideCode(line: string): FoundWikilink[] {
  if (!line.includes('`')) return findWikilinks(line);
  const out: FoundWikilink[] = [];
  if (!line.includes('[[')) return out;
  const { runs, byLength } = backtickRuns(line);
  const reader = new WikilinkReader(line);
  let r = 0; // the first run at or after `at`
  let at = 0;
  for (let open = line.indexOf('[['); open >= 0; open = line.indexOf('[[', Math.max(at, open + 1))) {
    const start = open > at && line.charCodeAt(open - 1) === 0x21 /* ! */ ? open - 1 : open;
    // Code spans that open before this `[[` are skipped whole (a run never closed is literal backticks).
    for (; r < runs.length && runs[r]![0] < start; r++) {
      const [tick, end] = runs[r]!;
      if (tick < at) continue;
      const same = byLength.get(end - tick)!;
      const close = same[firstAbove(same, r)];
      at = close === undefined ? end : runs[close]![1];
    }
    if (start < at) continue;
    const found = reader.at(start);
    if (!found) continue;
    out.push({ start, ...found });
    at = found.end;
  }
  return out;
}
