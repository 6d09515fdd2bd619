import type { NoteEntry } from '../index/kbIndexSchema.js';
import { prepareSearch } from '../rank/searchIndex.js';
import type { Bucket } from './bucketOf.js';
import { excerptOf, type PackData } from './buildPackData.js';
import type { NoteExcerpt } from './extractExcerpt.js';
import { renderEntry, type EntryForm } from './renderEntry.js';

export interface Candidate {
  i: number;
  score: number;
  direct: number;
  bucket: Bucket;
}

export interface Chosen extends Candidate {
  form: EntryForm;
  text: string;
  tokens: number;
}

export interface SelectOptions {
  /** Tokens the entries may use together. */
  room: number;
  /** How many of the best notes get a full entry (lead and sections); the rest get one line. */
  fullSlots: number;
  /** Tokens one full entry may use; longer notes are cut at a heading boundary. */
  fullCap: number;
  /** Candidates under this share of the best score are not relevant enough to list. */
  floor: number;
  /** Jaccard overlap of two notes' terms at which the lower-ranked one is a near duplicate. */
  duplicate: number;
  /** Rank multiplier per note already chosen from the same folder (diversity across folders). */
  sameFolder: number;
}

export const DEFAULT_SELECT: Omit<SelectOptions, 'room' | 'fullSlots' | 'fullCap'> = { floor: 0.12, duplicate: 0.8, sameFolder: 0.97 };
/** How far ahead diversity may reach for a candidate from a folder not yet covered. */
const WINDOW = 12;
/** A near duplicate scores within this factor of its twin. */
const TWIN_SCORE = 1.25;
/** No entry is shorter than this (a path and a few words): below it the budget is full. */
const MIN_ENTRY = 12;
/** After this many notes in a row that do not fit, the budget counts as full (a 10,000-note folder has thousands left). */
const MISSES = 40;
/** Notes left out once the budget is full that `truncated` still names, best first. */
export const LISTED_LEFT_OUT = 20;

/**
 * Greedy selection in rank order with a little diversity: each step takes the best of the next few
 * candidates after a same-folder penalty; near duplicates are skipped; entries that do not fit are
 * cut at a heading boundary, then shortened to a line, then left out (recorded as truncated; once
 * the budget is full, only the best LISTED_LEFT_OUT of the rest are named).
 */
export function selectEntries(
  candidates: readonly Candidate[],
  notes: readonly NoteEntry[],
  data: Pick<PackData, 'excerpts' | 'entryTokens' | 'search'>,
  o: SelectOptions,
): { chosen: Chosen[]; truncated: { path: string; reason: string }[]; left: Candidate[] } {
  const chosen: Chosen[] = [];
  const left: Candidate[] = [];
  const truncated: { path: string; reason: string }[] = [];
  const best = candidates[0]?.score ?? 0;
  // The next WINDOW candidates in rank order; `next` is the first candidate not yet in it.
  const pool = candidates.slice(0, WINDOW).filter((c) => c.score >= best * o.floor);
  let next = pool.length;
  const refill = () => {
    while (pool.length < WINDOW && next < candidates.length && candidates[next]!.score >= best * o.floor) pool.push(candidates[next++]!);
  };
  const terms = prepareSearch(data.search).docTerms;
  const folderCount = new Map<string, number>();
  const folders = new Map<number, string>();
  const folderOf = (i: number) => folders.get(i) ?? folders.set(i, notes[i]!.path.replace(/[^/]*$/, '')).get(i)!;
  let room = o.room;
  let full = 0;
  let misses = 0;
  while (pool.length > 0) {
    if (room < MIN_ENTRY || misses >= MISSES) {
      const rest = [...pool, ...candidates.slice(next, next + LISTED_LEFT_OUT)].filter((c) => c.score >= best * o.floor).slice(0, LISTED_LEFT_OUT);
      for (const c of rest) truncated.push({ path: notes[c.i]!.path, reason: 'over the token budget' });
      left.push(...rest);
      break;
    }
    let pick = 0;
    let pickScore = -1;
    for (let k = 0; k < pool.length; k++) {
      const c = pool[k]!;
      const adjusted = c.score * o.sameFolder ** (folderCount.get(folderOf(c.i)) ?? 0);
      if (adjusted > pickScore) [pick, pickScore] = [k, adjusted];
    }
    const c = pool.splice(pick, 1)[0]!;
    refill();
    const note = notes[c.i]!;
    // Near duplicates score alike, so only notes of a close score are compared (keeps this linear).
    const twin = chosen.find((x) => x.score <= c.score * TWIN_SCORE && overlapsAtLeast(terms[x.i]!, terms[c.i]!, o.duplicate));
    if (twin) {
      truncated.push({ path: note.path, reason: `near duplicate of ${notes[twin.i]!.path}` });
      continue;
    }
    const entry = fit(note, excerptOf(note, data.excerpts[c.i]!), data.entryTokens[c.i]!, full < o.fullSlots ? Math.min(o.fullCap, room) : 0, room);
    if (!entry) {
      truncated.push({ path: note.path, reason: 'over the token budget' });
      left.push(c);
      misses++;
      continue;
    }
    misses = 0;
    if (entry.form.kind === 'full') full++;
    room -= entry.tokens;
    chosen.push({ ...c, ...entry });
    folderCount.set(folderOf(c.i), (folderCount.get(folderOf(c.i)) ?? 0) + 1);
  }
  return { chosen, truncated, left };
}

/** A note as a one-line entry, for filling the last tokens of a budget. */
export function briefEntry(c: Candidate, note: NoteEntry, excerpt: NoteExcerpt, tokens: readonly number[]): Chosen {
  const form: EntryForm = { kind: 'brief' };
  return { ...c, form, text: renderEntry(note, excerpt, form), tokens: tokens[0]! };
}

/**
 * The fullest form of a note that fits: all detail, fewer sections (heading boundary), a line, nothing.
 * `tokens` are the forms' counts from buildPackData: `[brief, full(0), full(1), …]`.
 */
function fit(
  note: NoteEntry,
  excerpt: NoteExcerpt,
  tokens: readonly number[],
  fullRoom: number,
  room: number,
): { form: EntryForm; text: string; tokens: number } | undefined {
  if (fullRoom > 0) {
    for (let detail = excerpt.detail.length; detail >= 0; detail--) {
      const form: EntryForm = { kind: 'full', detail };
      if (tokens[detail + 1]! <= fullRoom) return { form, text: renderEntry(note, excerpt, form), tokens: tokens[detail + 1]! };
    }
  }
  const form: EntryForm = { kind: 'brief' };
  return tokens[0]! <= room ? { form, text: renderEntry(note, excerpt, form), tokens: tokens[0]! } : undefined;
}

/** Whether two notes' term sets (ids ascending) have a Jaccard overlap of at least `t`; stops once it cannot. */
function overlapsAtLeast(a: Int32Array, b: Int32Array, t: number): boolean {
  if (a.length === 0 || b.length === 0) return false;
  // |A∩B| / |A∪B| ≥ t  ⇔  |A∩B| ≥ t(|A| + |B|) / (1 + t)
  const needed = (t * (a.length + b.length)) / (1 + t);
  let both = 0;
  for (let x = 0, y = 0; x < a.length && y < b.length;) {
    if (both + Math.min(a.length - x, b.length - y) < needed) return false;
    if (a[x] === b[y]) {
      both++;
      x++;
      y++;
    } else if (a[x]! < b[y]!) x++;
    else y++;
  }
  return both >= needed;
}
