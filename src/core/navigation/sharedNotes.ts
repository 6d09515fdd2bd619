import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

/**
 * Team-shared notes by owner, only for projects enabled for sharing (`cross` listed apart, last).
 * Notes of a project whose sharing is off never appear, even if an older index still holds them.
 */
export function sharedNotesByProject(index: KbIndex): { project: string; name: string; notes: NoteEntry[] }[] {
  if (!index.sharing) return [];
  const enabled = index.projects.filter((p) => p.shared);
  const groups = enabled.map((p) => ({ project: p.key, name: p.name, notes: [] as NoteEntry[] }));
  const cross = { project: 'cross', name: 'Cross-cutting', notes: [] as NoteEntry[] };
  const byKey = new Map(groups.map((g) => [g.project, g]));
  for (const n of index.notes) {
    if (n.tier !== 'team-shared') continue;
    const owner = n.project ?? 'cross';
    (owner === 'cross' ? cross : byKey.get(owner))?.notes.push(n);
  }
  for (const g of [...groups, cross]) g.notes.sort((a, b) => compareStrings(a.path, b.path));
  return [...groups, cross];
}
