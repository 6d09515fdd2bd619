import { KB_INDEX_VERSION, type KbIndex, type NoteEntry } from '../index/kbIndexSchema.js';

/**
 * The island's first download (`kb-query-index.json`): everything `runQuery` matches on and nothing else,
 * so the first answer stays small at 10,000 notes. Tags are numbers into one table. A note's path is not
 * sent: `runQuery` only sorts by path and tests the `projects/<key>/` prefix, so each note gets a sort key
 * (its folder prefix plus its rank in path order, see `sortKeys`) that sorts and prefixes exactly as the
 * path does. Paths, slugs, titles and descriptions live in shards (`kb-notes/<n>.json`, SHARD_SIZE notes
 * each): the first answer fetches only those of the hits shown, the island fetches the rest at idle time
 * after it. Search (`--tag …`) and packs load the full `kb-index.json` instead.
 */
export const QUERY_INDEX_VERSION = 2;
export const SHARD_SIZE = 250;

const TIERS = ['cross-project', 'project', 'reviews', 'team-shared'] as const;

export interface QueryIndexFile {
  version: typeof QUERY_INDEX_VERSION;
  /** The index without its notes. */
  head: Omit<KbIndex, 'notes'>;
  tags: string[];
  /** Folder prefixes (`guides/`, `projects/pay/`) the rows point into. */
  prefixes: string[];
  /**
   * One row per note, in index (= path) order: [where, tier, tag numbers, hints?, project?, scope?];
   * `where` is a number into `prefixes`, or the whole path for a note too shallow to have a prefix.
   */
  notes: [number | string, number, number[], string[]?, string?, string?][];
}

/** One shard row: what a result line shows beyond the match. */
export type NoteCard = [path: string, slug: string, title: string, description: string];

/**
 * The prefix that stands for a path in its sort key: the top folder, or `projects/<key>/` under projects/.
 * No prefix is a prefix of another, so comparing two keys is decided inside the prefixes exactly where
 * comparing the two paths is, and within one prefix the rank orders as the paths do.
 */
function prefixOf(path: string): string | undefined {
  const parts = path.split('/');
  const depth = parts[0] === 'projects' ? 2 : 1;
  return parts.length > depth ? `${parts.slice(0, depth).join('/')}/` : undefined;
}

/** Sort keys of paths given in path order: `prefix + zero-padded rank`, or the path itself when shallow. */
export function sortKeys(where: readonly (string | undefined)[], paths: (i: number) => string): string[] {
  const width = String(where.length).length;
  return where.map((prefix, i) => (prefix === undefined ? paths(i) : `${prefix}${String(i).padStart(width, '0')}`));
}

export function toQueryIndex(index: KbIndex): QueryIndexFile {
  const { notes, ...head } = index;
  notes.forEach((n, i) => {
    if (i > 0 && !(notes[i - 1]!.path < n.path)) throw new Error('toQueryIndex needs the notes in path order (buildIndex sorts them).');
  });
  const tagIds = new Map<string, number>();
  const id = (t: string) => tagIds.get(t) ?? (tagIds.set(t, tagIds.size), tagIds.size - 1);
  const prefixIds = new Map<string, number>();
  const rows = notes.map((n): QueryIndexFile['notes'][number] => {
    const prefix = prefixOf(n.path);
    const where = prefix === undefined ? n.path : (prefixIds.get(prefix) ?? (prefixIds.set(prefix, prefixIds.size), prefixIds.size - 1));
    const row: QueryIndexFile['notes'][number] = [where, TIERS.indexOf(n.tier), n.tags.map(id)];
    // Trailing optional fields are left off rather than written as null.
    const rest: [string[] | undefined, string | undefined, string | undefined] = [n.hints.length ? n.hints : undefined, n.project, n.scope];
    let last = rest.length - 1;
    while (last >= 0 && rest[last] === undefined) last--;
    for (let i = 0; i <= last; i++) (row as unknown[]).push(rest[i] ?? (i === 0 ? [] : ''));
    return row;
  });
  return { version: QUERY_INDEX_VERSION, head, tags: [...tagIds.keys()], prefixes: [...prefixIds.keys()], notes: rows };
}

/** The shards of note cards, in index order. */
export function noteCardShards(index: KbIndex): NoteCard[][] {
  const shards: NoteCard[][] = [];
  index.notes.forEach((n, i) => (shards[Math.floor(i / SHARD_SIZE)] ??= []).push([n.path, n.slug, n.title, n.description]));
  return shards;
}

/**
 * A KbIndex runQuery can read from the compact file. Each note's `path` is its sort key (not the real path)
 * and its title and description are empty: the hits' real paths and cards come from the shards, by
 * position (`positionOf`). Nothing runQuery matches, sorts or groups on is missing.
 */
export function fromQueryIndex(file: QueryIndexFile): KbIndex {
  if (file.version !== QUERY_INDEX_VERSION || file.head.version !== KB_INDEX_VERSION)
    throw new Error('kb-query-index.json is from another version of kb-portal; rebuild the site.');
  const keys = sortKeys(
    file.notes.map(([where]) => (typeof where === 'number' ? file.prefixes[where]! : undefined)),
    (i) => file.notes[i]![0] as string,
  );
  const notes = file.notes.map(([, tier, tagIds, hints, project, scope], i): NoteEntry => {
    const note: NoteEntry = {
      path: keys[i]!,
      slug: '',
      title: '',
      description: '',
      tags: tagIds.map((t) => file.tags[t]!),
      hints: hints ?? [],
      status: 'active',
      tier: TIERS[tier]!,
      mtime: '',
      tokens: 0,
      bodyLine: 1,
      headings: [],
      wikilinks: [],
      warnings: [],
      format: 'md',
      lang: file.head.locale, // runQuery never reads a note's language
    };
    if (project) note.project = project;
    if (scope) note.scope = scope;
    return note;
  });
  return { ...file.head, notes };
}

/** Position of each note of a compact index, by the sort key runQuery reports as a hit's path. */
export function positionsOf(index: KbIndex): Map<string, number> {
  return new Map(index.notes.map((n, i) => [n.path, i]));
}

/** Shard numbers holding the given note positions. */
export function shardsFor(positions: Iterable<number>): number[] {
  return [...new Set([...positions].map((i) => Math.floor(i / SHARD_SIZE)))].sort((a, b) => a - b);
}

/** The note at a position, once its shard is loaded. */
export function cardAt(shards: ReadonlyMap<number, readonly NoteCard[]>, position: number): NoteCard | undefined {
  return shards.get(Math.floor(position / SHARD_SIZE))?.[position % SHARD_SIZE];
}
