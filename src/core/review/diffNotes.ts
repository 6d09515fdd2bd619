import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

type Note = Pick<NoteEntry, 'path' | 'title'>;

export interface NotesDiff {
  added: Note[];
  removed: Note[];
  /** A note gone from one path and one come at another with the same title (only that title on each side): moved. */
  renamed: { from: string; to: string; title: string }[];
}

/** Notes added, removed and renamed (moved to another path, its title kept), each by path. */
export function diffNotes(before: readonly Note[], after: readonly Note[]): NotesDiff {
  const had = new Set(before.map((n) => n.path));
  const has = new Set(after.map((n) => n.path));
  const added = after.filter((n) => !had.has(n.path)).map(({ path, title }) => ({ path, title }));
  const removed = before.filter((n) => !has.has(n.path)).map(({ path, title }) => ({ path, title }));
  const once = (notes: readonly Note[]) => {
    const byTitle = new Map<string, Note[]>();
    for (const n of notes) byTitle.set(n.title, [...(byTitle.get(n.title) ?? []), n]);
    return new Map([...byTitle].filter(([, list]) => list.length === 1).map(([title, [n]]) => [title, n!]));
  };
  const gone = once(removed);
  const come = once(added);
  const renamed = [...gone]
    .filter(([title]) => come.has(title))
    .map(([title, n]) => ({ from: n.path, to: come.get(title)!.path, title }))
    .sort((a, b) => compareStrings(a.from, b.from));
  const moved = new Set(renamed.flatMap((r) => [r.from, r.to]));
  const byPath = (a: Note, b: Note) => compareStrings(a.path, b.path);
  return { added: added.filter((n) => !moved.has(n.path)).sort(byPath), removed: removed.filter((n) => !moved.has(n.path)).sort(byPath), renamed };
}
