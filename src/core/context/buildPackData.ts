import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { buildSearchData, DEFAULT_SEARCH_OPTIONS, type BuildSearchOptions, type SearchData, type SearchFields } from '../rank/searchIndex.js';
import { countTokens } from '../tokens/countTokens.js';
import { countJoined } from './countBlocks.js';
import { packAscending, unpackAscending } from '../rank/packedInts.js';
import { extractExcerpt, type ExcerptKind, type NoteExcerpt } from './extractExcerpt.js';
import { entryBlocks, renderEntry } from './renderEntry.js';

/** Bump when the shape changes; buildContextPack refuses other versions. */
export const PACK_DATA_VERSION = 2;

/** A note's excerpt as stored: no `lead` when it is the note's `description` (the index has that already). */
export type StoredExcerpt = Omit<NoteExcerpt, 'lead'> & { lead?: string };

/**
 * Everything a pack needs beyond the index, aligned with `index.notes`: the ranker's index, each note's
 * excerpt, its wikilink neighbours and its entries' token counts. Bodies stay out; the site fetches this
 * lazily as JSON. Lists of numbers are packed as text (packedInts.ts) to keep it small.
 */
export interface PackData {
  version: typeof PACK_DATA_VERSION;
  /** `index.notes.length` when built, so a stale pairing is caught. */
  noteCount: number;
  search: SearchData;
  excerpts: StoredExcerpt[];
  /** Per note, the higher-indexed notes it links to or is linked from (packed ascending); see `linksOf`. */
  links: string[];
  /**
   * o200k tokens of each note's entry forms with the separator that follows it in a pack:
   * `[brief + "\n", full(detail 0) + "\n\n", full(detail 1) + "\n\n", …]`. Counted once here so a pack
   * never runs the tokenizer over its entries (see `countPackTokens`).
   */
  entryTokens: number[][];
}

/** Build the pack data for an index and its bodies (path → Markdown body). Pure and deterministic. */
export function buildPackData(index: KbIndex, bodies: ReadonlyMap<string, string>, options: BuildSearchOptions = DEFAULT_SEARCH_OPTIONS): PackData {
  const excerpts = index.notes.map((n) => extractExcerpt(n, bodies.get(n.path) ?? ''));
  const search = buildSearchData(searchFields(index, bodies, excerpts), options);
  const entryTokens = index.notes.map((n, i) => formTokens(n, excerpts[i]!));
  const stored = excerpts.map(({ kind: _, lead, ...rest }, i): StoredExcerpt => (lead === index.notes[i]!.description ? rest : { lead, ...rest }));
  const links = linkGraph(index.notes).map((to, i) => packAscending(to.filter((j) => j > i)));
  return { version: PACK_DATA_VERSION, noteCount: index.notes.length, search, excerpts: stored, links, entryTokens };
}

/** Note `i`'s excerpt with its lead filled in from the index. */
export function excerptOf(note: Pick<NoteEntry, 'description'>, stored: StoredExcerpt): NoteExcerpt {
  return { lead: stored.lead ?? note.description, detail: stored.detail, rest: stored.rest };
}

const LINKS = new WeakMap<PackData, number[][]>();

/** Every note's wikilink neighbours (both directions, ascending), unpacked once per pack data. */
export function linksOf(data: PackData): number[][] {
  let links = LINKS.get(data);
  if (!links) {
    links = data.links.map(() => []);
    data.links.forEach((text, i) => {
      for (const j of unpackAscending(text)) {
        links![i]!.push(j);
        links![j]!.push(i);
      }
    });
    for (const l of links) l.sort((a, b) => a - b);
    LINKS.set(data, links);
  }
  return links;
}

/** Tokens of every form of one entry: forms share blocks, and each block is counted once (see countBlocks.ts). */
function formTokens(note: NoteEntry, excerpt: NoteExcerpt): number[] {
  const seen = new Map<string, number>();
  const count = (text: string) => seen.get(text) ?? seen.set(text, countTokens(text)).get(text)!;
  const out = [countTokens(`${renderEntry(note, excerpt, { kind: 'brief' })}\n`)];
  for (let detail = 0; detail <= excerpt.detail.length; detail++)
    out.push(countJoined(entryBlocks(note, excerpt, { kind: 'full', detail }), '\n\n', '\n\n', count));
  return out;
}

/** The text of each field the ranker reads; a note without a description is described by its excerpt's lead. */
export function searchFields(
  index: KbIndex,
  bodies: ReadonlyMap<string, string>,
  excerpts: readonly (NoteExcerpt & { kind: ExcerptKind })[] = index.notes.map((n) => extractExcerpt(n, bodies.get(n.path) ?? '')),
): SearchFields[] {
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
