// Isomorphic: "Related" on a note page: the notes sharing the most tags with it.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

export interface RelatedNote {
  slug: string;
  title: string;
  /** How many tags the two notes share. */
  shared: number;
}

/** At most this many related notes per note. */
export const RELATED_LIMIT = 5;

/**
 * The notes that share the most tags with note `i` of `notes`, at most `limit`: more shared tags first, then active
 * notes before deprecated or superseded ones, then by path. Each call walks the notes of the note's tags, with
 * counters reused between calls, so a page asks for its note's alone: at 100,000 notes whose tags hold thousands of
 * notes each, every note's at once took two minutes, all of it inside the first note page a render thread drew.
 */
export function relatedNotesOf(notes: readonly NoteEntry[], limit = RELATED_LIMIT): (i: number) => RelatedNote[] {
  const byTag = new Map<string, number[]>();
  notes.forEach((n, i) => {
    for (const t of new Set(n.tags)) {
      const list = byTag.get(t);
      if (list) list.push(i);
      else byTag.set(t, [i]);
    }
  });
  const counts = new Int32Array(notes.length);
  /** Whether note a ranks before note b for the note being ranked. */
  const before = (a: number, b: number) =>
    (counts[b]! - counts[a]! || inactive(notes[a]!) - inactive(notes[b]!) || compareStrings(notes[a]!.path, notes[b]!.path)) < 0;
  return (i) => {
    const touched: number[] = [];
    for (const t of new Set(notes[i]!.tags))
      for (const j of byTag.get(t) ?? []) {
        if (j === i) continue;
        if (counts[j] === 0) touched.push(j);
        counts[j]!++;
      }
    // Top `limit` by insertion: sorting every note that shares a tag would cost n log n per note.
    const ranked: number[] = [];
    for (const j of touched) {
      if (ranked.length === limit && before(ranked[limit - 1]!, j)) continue;
      let k = ranked.length === limit ? limit - 1 : ranked.length;
      while (k > 0 && before(j, ranked[k - 1]!)) {
        ranked[k] = ranked[k - 1]!;
        k--;
      }
      ranked[k] = j;
    }
    const related = ranked.map((j) => ({ slug: notes[j]!.slug, title: notes[j]!.title, shared: counts[j]! }));
    for (const j of touched) counts[j] = 0;
    return related;
  };
}

const inactive = (n: NoteEntry) => (n.status === 'active' ? 0 : 1);
