import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/** The epoch's day: what a file time of 0 reads as (archives and reproducible-build tools write it); never a date. */
const EPOCH_DAY = '1970-01-01';

/**
 * Each note's "Last updated" day: the last commit that touched it when the folder has its own git history
 * (`git`, by note path), else frontmatter `updated` (or `Last updated`, `last_updated`), else `date`, else,
 * with `mtimes` (a folder outside any git repository, where a file's modification time is a true edit date),
 * the file's modification day. Inside a repository the times are not used: on a fresh clone they are the
 * clone's. A note with none of these has no entry.
 */
export function lastUpdatedDates(
  notes: readonly NoteEntry[],
  git: ReadonlyMap<string, string> | undefined,
  options: { mtimes?: boolean } = {},
): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const note of notes) {
    const mtime = options.mtimes && note.mtime !== EPOCH_DAY ? note.mtime : undefined;
    const day = git?.get(note.path) ?? note.updated ?? note.date ?? mtime;
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
