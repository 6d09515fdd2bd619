import type { NoteEntry } from '../index/kbIndexSchema.js';
import { countTokens } from '../tokens/countTokens.js';
import type { Bucket } from './bucketOf.js';
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

/**
 * Greedy selection in rank order with a little diversity: each step takes the best of the next few
 * candidates after a same-folder penalty; near duplicates are skipped; entries that do not fit are
 * cut at a heading boundary, then shortened to a line, then left out (recorded as truncated).
 */
export function selectEntries(
  candidates: readonly Candidate[],
  notes: readonly NoteEntry[],
  excerpts: readonly NoteExcerpt[],
  termsOf: (i: number) => ReadonlySet<number>,
  o: SelectOptions,
): { chosen: Chosen[]; truncated: { path: string; reason: string }[]; left: Candidate[] } {
  const chosen: Chosen[] = [];
  const left: Candidate[] = [];
  const truncated: { path: string; reason: string }[] = [];
  const best = candidates[0]?.score ?? 0;
  const pool = candidates.filter((c) => c.score >= best * o.floor);
  const folderCount = new Map<string, number>();
  const folderOf = (i: number) => notes[i]!.path.replace(/[^/]*$/, '');
  let room = o.room;
  let full = 0;
  while (pool.length > 0) {
    if (room < MIN_ENTRY) {
      for (const c of pool) truncated.push({ path: notes[c.i]!.path, reason: 'over the token budget' });
      left.push(...pool);
      break;
    }
    let pick = 0;
    let pickScore = -1;
    for (let k = 0; k < Math.min(WINDOW, pool.length); k++) {
      const c = pool[k]!;
      const adjusted = c.score * o.sameFolder ** (folderCount.get(folderOf(c.i)) ?? 0);
      if (adjusted > pickScore) [pick, pickScore] = [k, adjusted];
    }
    const c = pool.splice(pick, 1)[0]!;
    const note = notes[c.i]!;
    // Near duplicates score alike, so only notes of a close score are compared (keeps this linear).
    const twin = chosen.find((x) => x.score <= c.score * TWIN_SCORE && jaccard(termsOf(x.i), termsOf(c.i)) >= o.duplicate);
    if (twin) {
      truncated.push({ path: note.path, reason: `near duplicate of ${notes[twin.i]!.path}` });
      continue;
    }
    const entry = fit(note, excerpts[c.i]!, full < o.fullSlots ? Math.min(o.fullCap, room) : 0, room);
    if (!entry) {
      truncated.push({ path: note.path, reason: 'over the token budget' });
      left.push(c);
      continue;
    }
    if (entry.form.kind === 'full') full++;
    room -= entry.tokens;
    chosen.push({ ...c, ...entry });
    folderCount.set(folderOf(c.i), (folderCount.get(folderOf(c.i)) ?? 0) + 1);
  }
  return { chosen, truncated, left };
}

/** A note as a one-line entry, for filling the last tokens of a budget. */
export function briefEntry(c: Candidate, note: NoteEntry, excerpt: NoteExcerpt): Chosen {
  const form: EntryForm = { kind: 'brief' };
  const text = renderEntry(note, excerpt, form);
  return { ...c, form, text, tokens: countTokens(text) + 1 };
}

/** The fullest form of a note that fits: all detail, fewer sections (heading boundary), a line, nothing. */
function fit(note: NoteEntry, excerpt: NoteExcerpt, fullRoom: number, room: number): { form: EntryForm; text: string; tokens: number } | undefined {
  if (fullRoom > 0) {
    for (let detail = excerpt.detail.length; detail >= 0; detail--) {
      const form: EntryForm = { kind: 'full', detail };
      const text = renderEntry(note, excerpt, form);
      const tokens = countTokens(text) + 2;
      if (tokens <= fullRoom) return { form, text, tokens };
    }
  }
  const form: EntryForm = { kind: 'brief' };
  const text = renderEntry(note, excerpt, form);
  const tokens = countTokens(text) + 1;
  return tokens <= room ? { form, text, tokens } : undefined;
}

function jaccard(a: ReadonlySet<number>, b: ReadonlySet<number>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / (a.size + b.size - both);
}
