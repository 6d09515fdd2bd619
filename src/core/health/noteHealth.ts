// What makes a note a problem for its readers and for agents, in one place: the knowledge health page and
// `kb review` judge notes by these rules and no others.
import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { staleness } from '../util/staleness.js';

/** Days after its `updated` (else `date`) day that a note is stale, when kb.config.yaml `staleness.notes` is not set. */
export const NOTE_STALE_DAYS = 365;

/** The threshold a folder's notes are judged stale by. */
export function noteStaleDays(index: Pick<KbIndex, 'staleness'>): number {
  return index.staleness.notes ?? NOTE_STALE_DAYS;
}

/**
 * A note's age when it is stale: its frontmatter `updated` (else `date`) lies more than `thresholdDays` before
 * `today`. A note without either date is never stale: its file's modification day is the day of a checkout in CI,
 * which says nothing about when the advice was last checked.
 */
export function noteStaleness(note: Pick<NoteEntry, 'updated' | 'date'>, today: string, thresholdDays: number): { day: string; ageDays: number } | undefined {
  const day = note.updated ?? note.date;
  if (day === undefined) return undefined;
  const s = staleness(day, today, thresholdDays, '');
  return s.stale ? { day, ageDays: s.ageDays } : undefined;
}

/** Deprecated or superseded: its advice no longer holds (packs include such notes only labelled). */
export function isRetired(note: Pick<NoteEntry, 'status'>): note is { status: 'deprecated' | 'superseded' } {
  return note.status === 'deprecated' || note.status === 'superseded';
}

/** No tag at all: no tag page lists it and no tag query finds it (`kb check` lists these too). */
export function isUntagged(note: Pick<NoteEntry, 'tags'>): boolean {
  return note.tags.length === 0;
}

/** Notes no other note links to and that link to no other note (wikilinks, embeds, Markdown links), by path. */
export function orphanNotes(notes: readonly Pick<NoteEntry, 'path'>[], linksOut: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const linked = new Set<string>();
  for (const [from, targets] of linksOut) {
    if (targets.size === 0) continue;
    linked.add(from);
    for (const to of targets) linked.add(to);
  }
  return notes.filter((n) => !linked.has(n.path)).map((n) => n.path);
}
