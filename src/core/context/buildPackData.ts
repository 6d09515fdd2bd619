import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { buildSearchData, DEFAULT_SEARCH_OPTIONS, type BuildSearchOptions, type SearchData, type SearchFields } from '../rank/searchIndex.js';
import { extractExcerpt, type NoteExcerpt } from './extractExcerpt.js';

/** Bump when the shape changes; buildContextPack refuses other versions. */
export const PACK_DATA_VERSION = 1;

/**
 * Everything a pack needs beyond the index, aligned with `index.notes`: the ranker's index, each note's
 * excerpt, and its wikilink neighbours. Bodies stay out; the site fetches this lazily as JSON.
 */
export interface PackData {
  version: typeof PACK_DATA_VERSION;
  /** `index.notes.length` when built, so a stale pairing is caught. */
  noteCount: number;
  search: SearchData;
  excerpts: NoteExcerpt[];
  /** Note indices each note links to or is linked from, sorted. */
  links: number[][];
}

/** Build the pack data for an index and its bodies (path → Markdown body). Pure and deterministic. */
export function buildPackData(index: KbIndex, bodies: ReadonlyMap<string, string>, options: BuildSearchOptions = DEFAULT_SEARCH_OPTIONS): PackData {
  const excerpts = index.notes.map((n) => extractExcerpt(n, bodies.get(n.path) ?? ''));
  const search = buildSearchData(searchFields(index, bodies, excerpts), options);
  return { version: PACK_DATA_VERSION, noteCount: index.notes.length, search, excerpts, links: linkGraph(index.notes) };
}

/** The text of each field the ranker reads; a note without a description is described by its excerpt's lead. */
export function searchFields(index: KbIndex, bodies: ReadonlyMap<string, string>, excerpts: readonly NoteExcerpt[]): SearchFields[] {
  return index.notes.map((n, i) => ({
    title: n.title,
    description: excerpts[i]!.kind === 'description' ? n.description : excerpts[i]!.lead,
    tags: n.tags.join(' '),
    hints: n.hints.join(' '),
    headings: n.headings.filter((h) => h !== n.title).join('\n'),
    body: bodies.get(n.path) ?? '',
  }));
}

/** Resolve `[[target]]` by file name, path or title (case-insensitive), both directions. */
function linkGraph(notes: readonly NoteEntry[]): number[][] {
  const byName = new Map<string, number>();
  notes.forEach((n, i) => {
    const noExt = n.path.replace(/\.mdx?$/i, '').toLowerCase();
    for (const key of [n.title.toLowerCase(), noExt.split('/').pop()!, noExt]) if (!byName.has(key)) byName.set(key, i);
  });
  const sets = notes.map(() => new Set<number>());
  notes.forEach((n, i) => {
    for (const target of n.wikilinks) {
      const j = byName.get(target.toLowerCase()) ?? byName.get(target.toLowerCase().replace(/\.mdx?$/, ''));
      if (j === undefined || j === i) continue;
      sets[i]!.add(j);
      sets[j]!.add(i);
    }
  });
  return sets.map((s) => [...s].sort((a, b) => a - b));
}
