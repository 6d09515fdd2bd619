import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/** How many notes carry each tag (every note, as tag pages list them). */
export function countTags(notes: readonly NoteEntry[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const n of notes) for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
}

/** Every tag a page exists for: known and other tags, plus tags only team-shared notes carry. */
export function allTags(index: KbIndex): string[] {
  const tags = new Set<string>([...index.knownTags.map((k) => k.tag), ...index.otherTags]);
  for (const n of index.notes) for (const t of n.tags) tags.add(t);
  return [...tags].sort(compareStrings);
}

/** Categories in use, sorted, with their notes (sorted by path). */
export function notesByCategory(notes: readonly NoteEntry[]): Map<string, NoteEntry[]> {
  const map = new Map<string, NoteEntry[]>();
  for (const n of notes) {
    if (!n.category) continue;
    const list = map.get(n.category);
    if (list) list.push(n);
    else map.set(n.category, [n]);
  }
  return new Map([...map.entries()].sort(([a], [b]) => compareStrings(a, b)));
}
