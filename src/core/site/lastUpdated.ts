import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/**
 * Each note's "Last updated" day: the last commit that touched it when the folder has its own git history
 * (`git`, by note path), else frontmatter `updated` (or `Last updated`, `last_updated`), else `date`. A note
 * with none of these has no entry: the file's mtime is never used, since on a fresh clone it is the clone's date.
 */
export function lastUpdatedDates(notes: readonly NoteEntry[], git: ReadonlyMap<string, string> | undefined): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const note of notes) {
    const day = git?.get(note.path) ?? note.updated ?? note.date;
    if (day) dates[note.path] = day;
  }
  return dates;
}

/** The `limit` most recently updated notes, newest first (ties by path); undated notes only after every dated one. */
export function recentlyUpdated<N extends Pick<NoteEntry, 'path'>>(notes: readonly N[], updated: Readonly<Record<string, string>>, limit: number): N[] {
  return [...notes]
    .sort((a, b) => {
      const da = updated[a.path];
      const db = updated[b.path];
      if (da === undefined || db === undefined) return (da === undefined ? 1 : 0) - (db === undefined ? 1 : 0) || compareStrings(a.path, b.path);
      return compareStrings(db, da) || compareStrings(a.path, b.path);
    })
    .slice(0, limit);
}
