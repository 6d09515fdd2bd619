import { noteShardStarts, type PackData, type StoredNote } from './packParts.js';
import type { NoteFiling } from './packIndex.js';
import { MissingPackParts, type PackSource } from './packSource.js';

/**
 * The note a page pack starts from ("Pack for this page", `kb context --note`, MCP `context` with `note`):
 * the note itself, the words it is ranked by (its title and headings, after the task when one is given) and
 * the notes around it that the pack may cite: the ones it links to, the ones linking to it, and the ones
 * sharing one of its tags.
 */
export interface PageSeed {
  i: number;
  stored: StoredNote;
  /** What the pack's notes are ranked against. */
  query: string;
  /** What the pack's Task section says. */
  task: string;
  /** The notes the pack may cite beside the seed (never the seed itself); empty: any note, by the ranking alone. */
  around: ReadonlySet<number>;
}

/**
 * The seed for the note at `path` (a path as the index names it), or undefined when the folder has no such
 * note. On partial pack data (the island's) a note not in a loaded shard throws MissingPackParts for the shards
 * not loaded; the island loads the page's own shard first, so that never happens there.
 */
export function pageSeed(data: PackData, source: PackSource, facts: readonly NoteFiling[], path: string, task: string): PageSeed | undefined {
  const i = noteNumberOf(data, path);
  if (i === undefined) return undefined;
  const stored = source.note(i)!;
  const headings = stored.units.map((u) => u.h).filter((h): h is string => h !== undefined);
  const around = new Set<number>(source.links(i));
  const tags = new Set(facts[i]!.tags);
  if (tags.size > 0) facts.forEach((f, j) => f.tags.some((t) => tags.has(t)) && around.add(j));
  around.delete(i);
  const about = [stored.title, ...headings].join('. ');
  const by = task === '' ? 'its title and headings' : 'the task and its title';
  // A note with no link either way (wikilink or Markdown link to a note) and no tag: the pack ranks the whole
  // folder by the note's words instead, so it is never the note alone.
  const then =
    around.size > 0
      ? `the notes it links to, that link to it or share its tags, ranked by ${by}`
      : `the folder's notes ranked by ${by} (it has no links or tags)`;
  return {
    i,
    stored,
    query: task === '' ? about : `${task}. ${stored.title}`,
    task: `${task === '' ? '' : `${task}\n\n`}Seeded by the note “${stored.title}” (\`${stored.path}\`): the note, then ${then}.`,
    around,
  };
}

/** The number of the note stored at `path`, looking in the loaded note shards. */
function noteNumberOf(data: PackData, path: string): number | undefined {
  const starts = noteShardStarts(data.head);
  const missing: number[] = [];
  for (let k = 0; k < data.notes.length; k++) {
    const shard = data.notes[k];
    if (!shard) {
      missing.push(k);
      continue;
    }
    const at = shard.notes.findIndex((n) => n.path === path);
    if (at >= 0) return starts[k]! + at;
  }
  if (missing.length > 0) throw new MissingPackParts([], missing);
  return undefined;
}
