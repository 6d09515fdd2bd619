import { analyze, wordsOf } from '../rank/analyze.js';
import { clip } from './extractExcerpt.js';
import type { StoredNote } from './packParts.js';
import { citationOf, statusLabel } from './renderEntry.js';
import type { Candidate } from './selectEntries.js';

/** The "Further reading" tail: one line each for the next-ranked notes after the ones a pack shows. */
export interface TailOptions {
  /** Share of the budget held for the tail while sections are chosen (only as much as its lines need). Default 0.15. */
  share: number;
  /** Notes scoring under this share of the best score are not named. Default 0.08. */
  floor: number;
  /** Notes a pack names at most: its entries, the tail's lines and the near duplicates they name. Default 45. */
  maxNamed: number;
}

export const DEFAULT_TAIL: TailOptions = { share: 0.15, floor: 0.08, maxNamed: 45 };

/** A tail line: the note it cites first and the near duplicates it names with it. */
export interface TailLine {
  lead: Candidate;
  twins: Candidate[];
  text: string;
}

/** Characters of a note's description a line keeps when no word of the task matched it. */
const WHY_CHARS = 90;
/** Matched words a line names at most. */
const MATCHED_WORDS = 4;

/** What a tail reads of a candidate: its stored note and its strongest terms. */
export interface TailParts {
  stored: StoredNote;
  keys: ReadonlySet<string>;
}

/**
 * The task's words (and the agent's terms) as written, each with its analysed form, in order of first use:
 * a line names the words a note matched, not their stems.
 */
export function taskWords(task: string, terms: readonly string[]): { word: string; term: string }[] {
  const out: { word: string; term: string }[] = [];
  const seen = new Set<string>();
  for (const word of wordsOf([task, ...terms].join(' '))) {
    const term = analyze(word)[0];
    if (term === undefined || seen.has(term)) continue;
    seen.add(term);
    out.push({ word, term });
  }
  return out;
}

/**
 * One line per note, best first, near duplicates (of a line's note, or of a note the pack already shows)
 * collapsed into one line that names them all. `pool` is in rank order and holds only notes not shown.
 */
export function tailLines(
  pool: readonly Candidate[],
  shown: readonly Candidate[],
  parts: (i: number) => TailParts,
  words: readonly { word: string; term: string }[],
  isTwin: (a: ReadonlySet<string>, b: ReadonlySet<string>) => boolean,
): TailLine[] {
  const lines: { lead: Candidate; twins: Candidate[]; of?: Candidate }[] = [];
  for (const c of pool) {
    const keys = parts(c.i).keys;
    const home = lines.find((l) => isTwin(parts((l.of ?? l.lead).i).keys, keys));
    if (home) {
      home.twins.push(c);
      continue;
    }
    const of = shown.find((s) => isTwin(parts(s.i).keys, keys));
    lines.push(of ? { lead: c, twins: [], of } : { lead: c, twins: [] });
  }
  return lines.map((l) => ({ lead: l.lead, twins: l.twins, text: lineText(l, parts, words) }));
}

function lineText(l: { lead: Candidate; twins: Candidate[]; of?: Candidate }, parts: (i: number) => TailParts, words: readonly { word: string; term: string }[]): string {
  const p = parts(l.lead.i);
  const twins = l.twins.map((t) => `\`${parts(t.i).stored.path}\``);
  if (l.of) return `- Near duplicates of \`${parts(l.of.i).stored.path}\`: ${[`\`${p.stored.path}\``, ...twins].join(', ')}`;
  const title = new Set(analyze(p.stored.title));
  const matched = words.filter((w) => p.keys.has(w.term) || title.has(w.term)).slice(0, MATCHED_WORDS);
  const clause = clip(firstClause(p.stored.description), WHY_CHARS);
  const why = matched.length > 0 ? `matches ${matched.map((w) => w.word).join(', ')}` : clause === p.stored.title ? '' : clause;
  const also = twins.length > 0 ? `; near duplicates: ${twins.join(', ')}` : '';
  return `- ${citationOf(p.stored)}${statusLabel(p.stored)}${why ? ` — ${why}` : ''}${also}`;
}

/** A description up to its first sentence or clause end, on one line. */
function firstClause(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.;:!?](\s|$)/);
  return end > 0 ? flat.slice(0, end) : flat;
}
