import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';
import { hintForm } from './matchNote.js';

/**
 * One source of query matches (cross-project or team-shared) prepared for matching: its notes in path
 * order, and where a token can meet them. A query marks the notes a token meets by tag (an inverted
 * index) or by hint (one substring test on the note's joined hint forms) and checks only those with
 * matchNote, instead of every note of the index.
 */
export interface SourceList {
  /** The source's notes in path order, as runQuery numbers them. */
  notes: NoteEntry[];
  /** Tag → ranks (positions in `notes`) of the notes declaring it, ascending. */
  byTag: Map<string, number[]>;
  /** Team-shared owner project (`cross` when none) → ranks, ascending. */
  byOwner: Map<string, number[]>;
  /** Ranks of the notes with hint phrases, ascending. */
  hinted: number[];
  /** Per rank: the hint phrases in hint form, joined by SEPARATOR (`''` for a note without hints). */
  hintText: string[];
}

/** What runQuery reads from every note, computed once per index object. */
export interface QueryLists {
  cross: SourceList;
  team: SourceList;
  /** Project-tier notes under `projects/<key>/`, in path order (computed per key on first use). */
  project(key: string): NoteEntry[];
}

// Joins a note's hint forms. A needle found in one form is found in the joined text; one spanning two forms
// is a false mark that matchNote drops (BY_HINT marks are always settled by it).
const SEPARATOR = '\n';

// An index is not changed once built (every reader treats it as a value), so its lists can be kept with it.
const LISTS = new WeakMap<KbIndex, QueryLists>();

export function queryListsOf(index: KbIndex): QueryLists {
  let lists = LISTS.get(index);
  if (!lists) {
    lists = prepare(index);
    LISTS.set(index, lists);
  }
  return lists;
}

const byPath = (a: NoteEntry, b: NoteEntry) => compareStrings(a.path, b.path);

function prepare(index: KbIndex): QueryLists {
  // Under the aria layout `projects/` paths belong to the project tier, never to cross-project: a note is listed once.
  const cross = index.notes.filter((n) => n.tier === 'cross-project' && !(index.layout === 'aria' && n.path.startsWith('projects/')));
  const team = index.notes.filter((n) => n.tier === 'team-shared');
  const projects = new Map<string, NoteEntry[]>();
  return {
    cross: sourceList(cross.sort(byPath)),
    team: sourceList(team.sort(byPath)),
    project(key) {
      let notes = projects.get(key);
      if (!notes) {
        const prefix = `projects/${key}/`;
        notes = index.notes.filter((n) => n.tier === 'project' && n.path.startsWith(prefix)).sort(byPath);
        projects.set(key, notes);
      }
      return notes;
    },
  };
}

function sourceList(notes: NoteEntry[]): SourceList {
  const byTag = new Map<string, number[]>();
  const byOwner = new Map<string, number[]>();
  const hinted: number[] = [];
  const push = (map: Map<string, number[]>, key: string, rank: number) => {
    const ranks = map.get(key);
    if (!ranks) map.set(key, [rank]);
    else if (ranks[ranks.length - 1] !== rank) ranks.push(rank);
  };
  const hintText = notes.map((note, rank) => {
    for (const tag of note.tags) push(byTag, tag, rank);
    push(byOwner, note.project ?? 'cross', rank);
    if (note.hints.length === 0) return '';
    hinted.push(rank);
    return note.hints.map(hintForm).join(SEPARATOR);
  });
  return { notes, byTag, byOwner, hinted, hintText };
}

/** A note's mark: met by no token yet, by some token's hint only, or by some token's tag (or owner project). */
export const UNMET = 0;
export const BY_HINT = 1;
export const BY_TAG = 2;

/**
 * Mark (in `marks`, one slot per rank) every note of the source `token` meets, as matchToken decides it:
 * BY_TAG for a declared tag, else BY_HINT when a hint phrase may hold it (a superset: matchNote settles these).
 */
export function markMeeting(list: SourceList, token: string, marks: Uint8Array): void {
  for (const rank of list.byTag.get(token) ?? []) marks[rank] = BY_TAG;
  const needle = hintForm(token);
  // A token of hyphens only meets no hint (matchToken).
  if (needle === '') return;
  for (const rank of list.hinted) if (marks[rank] === UNMET && list.hintText[rank]!.includes(needle)) marks[rank] = BY_HINT;
}

/** Mark the notes owned by a project: `as` BY_TAG when the owner is a query token (it counts as the note's tag). */
export function markOwner(list: SourceList, owner: string, marks: Uint8Array, as: typeof BY_HINT | typeof BY_TAG): void {
  for (const rank of list.byOwner.get(owner) ?? []) marks[rank] = Math.max(marks[rank]!, as);
}
