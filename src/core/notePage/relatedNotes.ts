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
 * For every note (by slug), the notes that share the most tags with it, at most `limit`: more shared tags first,
 * then active notes before deprecated or superseded ones, then by path. One pass over the notes of each tag,
 * with counters reused between notes, so 10,000 notes with popular tags stay well under a second.
 */
export function relatedNotes(notes: readonly NoteEntry[], limit = RELATED_LIMIT): Map<string, RelatedNote[]> {
  const byTag = new Map<string, number[]>();
  notes.forEach((n, i) => {
    for (const t of new Set(n.tags)) {
      const list = byTag.get(t);
      if (list) list.push(i);
      else byTag.set(t, [i]);
    }
  });
  const counts = new Int32Array(notes.length);
  const related = new Map<string, RelatedNote[]>();
  /** Whether note a ranks before note b for the note being ranked. */
  const before = (a: number, b: number) =>
    (counts[b]! - counts[a]! || inactive(notes[a]!) - inactive(notes[b]!) || compareStrings(notes[a]!.path, notes[b]!.path)) < 0;
  notes.forEach((note, i) => {
    const touched: number[] = [];
    for (const t of new Set(note.tags))
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
    related.set(
      note.slug,
      ranked.map((j) => ({ slug: notes[j]!.slug, title: notes[j]!.title, shared: counts[j]! })),
    );
    for (const j of touched) counts[j] = 0;
  });
  return related;
}

const inactive = (n: NoteEntry) => (n.status === 'active' ? 0 : 1);
