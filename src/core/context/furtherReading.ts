import type { Analyzer } from '../text/analyzer.js';
import { ENGLISH } from '../text/folderText.js';
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
const WHY_CHARS = 70;
/** Matched words a line names at most. */
const MATCHED_WORDS = 4;

/**
 * A word of the task as written and as the ranker analyses it: one reading per analyzer the task is read with
 * (its terms there: one stem, or a Chinese or Japanese word's character pairs).
 */
export interface TaskWord {
  word: string;
  readings: string[][];
}

/** What a tail reads of a candidate: its stored note, its strongest terms and its analyzer (default English). */
export interface TailParts {
  stored: StoredNote;
  keys: ReadonlySet<string>;
  analyzer?: Analyzer | undefined;
}

/**
 * The task's words (and the agent's terms) as written, each with its analysed forms, in order of first use:
 * a line names the words a note matched, not their stems. Words are cut by the task's own language (`text`'s
 * first analyzer) and read by each.
 */
export function taskWords(task: string, terms: readonly string[], text: readonly Analyzer[] = ENGLISH.task()): TaskWord[] {
  const [own, ...others] = text;
  const out: TaskWord[] = [];
  const seen = new Set<string>();
  for (const w of own!.words([task, ...terms].join(' '))) {
    const key = w.terms.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ word: w.text, readings: [w.terms, ...others.map((a) => a.terms(w.text)).filter((r) => r.length > 0)] });
  }
  return out;
}

/**
 * One line per note, best first, until the lines name `maxNames` notes; near duplicates (of a line's note, or of
 * a note the pack already shows) collapsed into one line that names them all. `pool` is in rank order and holds
 * only notes not shown. Near duplicates score alike, so only notes within `twinScore` of each other are compared.
 */
export function tailLines(
  pool: readonly Candidate[],
  shown: readonly Candidate[],
  parts: (i: number) => TailParts,
  words: readonly TaskWord[],
  isTwin: (a: ReadonlySet<string>, b: ReadonlySet<string>) => boolean,
  maxNames = Infinity,
  twinScore = Infinity,
): TailLine[] {
  const lines: { lead: Candidate; twins: Candidate[]; of?: Candidate }[] = [];
  let names = 0;
  for (const c of pool) {
    if (names >= maxNames) break;
    const keys = parts(c.i).keys;
    const close = (x: Candidate) => x.score <= c.score * twinScore;
    const home = lines.find((l) => close(l.of ?? l.lead) && isTwin(parts((l.of ?? l.lead).i).keys, keys));
    names++;
    if (home) {
      home.twins.push(c);
      continue;
    }
    const of = shown.find((x) => close(x) && isTwin(parts(x.i).keys, keys));
    lines.push(of ? { lead: c, twins: [], of } : { lead: c, twins: [] });
  }
  return lines.map((l) => ({ lead: l.lead, twins: l.twins, text: lineText(l, parts, words) }));
}

function lineText(l: { lead: Candidate; twins: Candidate[]; of?: Candidate }, parts: (i: number) => TailParts, words: readonly TaskWord[]): string {
  const p = parts(l.lead.i);
  const twins = l.twins.map((t) => `\`${parts(t.i).stored.path}\``);
  if (l.of) return `- Near duplicates of \`${parts(l.of.i).stored.path}\`: ${[`\`${p.stored.path}\``, ...twins].join(', ')}`;
  const also = twins.length > 0 ? `; near duplicates: ${twins.join(', ')}` : '';
  return `${noteLine(p, words)}${also}`;
}

// A note's line for one task's words: the same text every time a pack tries a tail.
const NOTE_LINES = new WeakMap<readonly TaskWord[], WeakMap<StoredNote, string>>();
const TITLE_TERMS = new WeakMap<StoredNote, ReadonlySet<string>>();

/** `- citation — matches a, b` (or the first clause of its description when no word matched). */
export function noteLine(p: TailParts, words: readonly TaskWord[]): string {
  let byNote = NOTE_LINES.get(words);
  if (!byNote) NOTE_LINES.set(words, (byNote = new WeakMap()));
  let line = byNote.get(p.stored);
  if (line !== undefined) return line;
  let title = TITLE_TERMS.get(p.stored);
  if (!title) TITLE_TERMS.set(p.stored, (title = new Set((p.analyzer ?? ENGLISH.note('en')).terms(p.stored.title))));
  const has = (t: string) => p.keys.has(t) || title.has(t);
  const matched = words.filter((w) => w.readings.some((r) => r.every(has))).slice(0, MATCHED_WORDS);
  const clause = clip(firstClause(p.stored.description), WHY_CHARS);
  const why = matched.length > 0 ? `matches ${matched.map((w) => w.word).join(', ')}` : clause === p.stored.title ? '' : clause;
  byNote.set(p.stored, (line = `- ${citationOf(p.stored)}${statusLabel(p.stored)}${why ? ` — ${why}` : ''}`));
  return line;
}

/** A description up to its first sentence or clause end, on one line. */
function firstClause(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.;:!?](\s|$)/);
  return end > 0 ? flat.slice(0, end) : flat;
}
