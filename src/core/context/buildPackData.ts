import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { withQueryBlockText } from '../query/queryBlock.js';
import { countTokens } from '../tokens/countTokens.js';
import { packAscending, PackedWriter } from '../rank/packedInts.js';
import { buildLexicons, buildSearchIndex, DEFAULT_SEARCH_OPTIONS, type BuildSearchOptions, type Keywords, type SearchFields } from '../rank/searchIndex.js';
// Every language's stemmer and stop words: the pack data analyses every note of the folder, synchronously. Only
// Node builds pack data; the island reads it and loads just the folder's languages (packLoader.ts).
import '../text/allTextLanguages.js';
import { bucketsOf } from './bucketOf.js';
import { markdownLinkTargets } from './markdownLinkTargets.js';
import { packIndexOf } from './packIndex.js';
import { clip, extractExcerpt, type NoteExcerpt } from './extractExcerpt.js';
import { PACK_DATA_VERSION, packStarts, termShardOf, type NoteShard, type PackData, type StoredNote, type StoredUnit, type TermShard } from './packParts.js';
import { noteKind, roleOf, rolePriority, type NoteKind } from './sectionRoles.js';
import { perNote, type NoteWarn } from '../util/perNote.js';

export { PACK_DATA_VERSION, type PackData } from './packParts.js';

/** Characters of a note's sections kept in the pack data (decisive sections first); the rest is named, not stored. */
export const STORED_CHARS = 6000;
/** How the pack data is built: the ranker's index, and the size of its parts. */
export interface PackDataOptions extends BuildSearchOptions {
  /** A term shard holds postings of about this many characters (a task's terms fetch a few of them). */
  termShardChars: number;
  /** A note shard holds consecutive notes of about this many characters (a pack fetches one per note it holds; the
   * fewer the files, the better static hosts take them: ~0.2 files a note)… */
  noteShardChars: number;
  /** …and at most this many notes. */
  noteShardNotes: number;
  /** Where the warning of a note the pack data could not read goes (util/perNote.ts); default: nowhere, the note is still kept. */
  warn?: NoteWarn | undefined;
  /**
   * Blocks whose tokens earlier pack data of the same code counted (blockTokenCounts): a block's count taken from here
   * instead of counting it again (the tokenizer is a fifth of a rebuild after one edit). The output is the same.
   */
  tokenCounts?: ReadonlyMap<string, number> | undefined;
}

export const DEFAULT_PACK_DATA_OPTIONS: PackDataOptions = { ...DEFAULT_SEARCH_OPTIONS, termShardChars: 24_000, noteShardChars: 32_000, noteShardNotes: 32 };
// A sub-heading folded into its section (extractExcerpt.ts): a bold line alone.
const LABEL = /^\*\*[^\n]*\*\*$/;
/** Characters left under which a long first block is not cut to fit. */
const MIN_CLIP = 400;

/** Build the pack data for an index and its bodies (path → Markdown body). Pure and deterministic. */
export function buildPackData(index: KbIndex, noteBodies: ReadonlyMap<string, string>, options: Partial<PackDataOptions> = {}): PackData {
  // A query block reads as its answer, as the note's page shows it (queryBlock.ts).
  const bodies = withQueryBlockText(index, noteBodies);
  const o: PackDataOptions = { ...DEFAULT_PACK_DATA_OPTIONS, ...options };
  const buckets = bucketsOf(index);
  // Each note's share runs under a guard: a note it cannot read is kept by its title and description alone.
  const excerpts = index.notes.map((n) =>
    perNote(
      n.path,
      'the pack excerpt',
      () => extractExcerpt(n, bodies.get(n.path) ?? ''),
      () => bareExcerpt(n),
      o.warn,
    ),
  );
  const fields = searchFields(index, bodies, excerpts);
  const lexicons = buildLexicons(fields);
  const search = buildSearchIndex(fields, o, lexicons);
  const links = linkGraph(index.notes, markdownLinkTargets(index.notes, noteBodies, o.warn));
  const stored = index.notes.map((n, i) => {
    const kind = () =>
      noteKind(
        n,
        buckets[i]!,
        excerpts[i]!.units.map((u) => u.heading),
      );
    return perNote(
      n.path,
      'the pack data',
      () => storeNote(n, excerpts[i]!, kind(), links[i]!, search.keywords[i]!, o.tokenCounts),
      () => storeNote(n, bareExcerpt(n), 'other', [], search.keywords[i]!, o.tokenCounts),
      o.warn,
    );
  });

  const postingChars = search.postings.reduce((n, p, k) => n + p.length + search.vocab[k]!.length + 6, 0);
  const termShards = Math.max(1, Math.ceil(postingChars / o.termShardChars));
  const terms: TermShard[] = Array.from({ length: termShards }, () => ({ vocab: [], postings: [] }));
  // The vocabulary is sorted, so each shard's is too.
  search.vocab.forEach((t, k) => {
    const shard = terms[termShardOf(t, termShards)]!;
    shard.vocab.push(t);
    shard.postings.push(search.postings[k]!);
  });

  const notes: NoteShard[] = [];
  const starts: number[] = [];
  let chars = Infinity;
  stored.forEach((s, i) => {
    const size = JSON.stringify(s).length;
    if (chars + size > o.noteShardChars || notes[notes.length - 1]!.notes.length >= o.noteShardNotes) {
      notes.push({ notes: [] });
      starts.push(i);
      chars = 0;
    }
    notes[notes.length - 1]!.notes.push(s);
    chars += size;
  });
  if (starts.length === 0) {
    starts.push(0);
    notes.push({ notes: [] });
  }
  return {
    head: {
      version: PACK_DATA_VERSION,
      noteCount: index.notes.length,
      k1: search.k1,
      termShards,
      noteShards: packStarts(starts),
      index: packIndexOf(index, buckets),
      lexicons,
    },
    terms,
    notes,
  };
}

/** A stored block's tokens: as a pack renders it, a paragraph of its own. */
const blockTokens = (block: string) => countTokens(`${block}\n\n`);

/** Every stored block of pack data and its tokens (buildPackData's `tokenCounts` for the next pack data of the same code). */
export function blockTokenCounts(data: PackData): Map<string, number> {
  const counts = new Map<string, number>();
  for (let k = 0; k < data.notes.length; k++)
    for (const note of data.notes[k]?.notes ?? []) for (const unit of note.units) unit.b.forEach((block, j) => counts.set(block, unit.t[j]!));
  return counts;
}

/** A note's excerpt when its body could not be read: its description as the lead, no sections. */
function bareExcerpt(note: NoteEntry): NoteExcerpt {
  return { kind: note.description ? 'description' : 'none', lead: note.description ?? '', units: [] };
}

/** One note as the pack data keeps it: the lead (unless it is the description), sections within STORED_CHARS, links, keywords. */
function storeNote(
  note: NoteEntry,
  excerpt: NoteExcerpt,
  kind: NoteKind,
  links: readonly number[],
  keywords: Keywords,
  counted: ReadonlyMap<string, number> | undefined,
): StoredNote {
  const units: StoredUnit[] = excerpt.units.map((u) => ({ ...(u.heading !== undefined ? { h: u.heading } : {}), b: [], t: [] }));
  const order = excerpt.units.map((_, k) => k).sort((a, b) => priority(a) - priority(b) || a - b);
  function priority(k: number): number {
    return rolePriority(kind, roleOf(excerpt.units[k]!.heading));
  }
  let room = STORED_CHARS;
  for (const k of order) {
    const blocks = excerpt.units[k]!.blocks;
    let n = 0;
    while (n < blocks.length && blocks[n]!.length <= room) room -= blocks[n++]!.length;
    // A cut section does not end on a sub-heading whose text is left out.
    while (n > 0 && n < blocks.length && LABEL.test(blocks[n - 1]!)) room += blocks[--n]!.length;
    units[k]!.b = blocks.slice(0, n);
    // A first block over what is left is cut at a sentence rather than lost, while there is room worth keeping.
    if (n === 0 && blocks.length > 0 && room >= MIN_CLIP) {
      units[k]!.b = [clip(blocks[0]!, room)];
      room = 0;
    }
    if (n < blocks.length) {
      units[k]!.more = 1;
      room = Math.min(room, 0); // later sections are named, not stored: the note keeps its order of importance
    }
  }
  for (const u of units) u.t = u.b.map((b) => counted?.get(b) ?? blockTokens(b));
  const w = new PackedWriter();
  for (const level of keywords.levels) w.small(level);
  return {
    path: note.path,
    title: note.title,
    description: note.description,
    status: note.status,
    ...(note.supersededBy !== undefined ? { supersededBy: note.supersededBy } : {}),
    tokens: note.tokens,
    kind,
    ...(excerpt.lead !== note.description ? { lead: excerpt.lead } : {}),
    units,
    links: packAscending(links),
    keys: keywords.terms.join(' '),
    levels: w.toString(),
  };
}

/** The text of each field the ranker reads; a note without a description is described by its excerpt's lead. */
export function searchFields(
  index: KbIndex,
  bodies: ReadonlyMap<string, string>,
  excerpts: readonly NoteExcerpt[] = index.notes.map((n) => extractExcerpt(n, bodies.get(n.path) ?? '')),
): SearchFields[] {
  return index.notes.map((n, i) => ({
    title: n.title,
    description: excerpts[i]!.kind === 'description' ? n.description : excerpts[i]!.lead,
    tags: n.tags.join(' '),
    hints: n.hints.join(' '),
    headings: n.headings.filter((h) => h !== n.title).join('\n'),
    body: bodies.get(n.path) ?? '',
    lang: n.lang,
  }));
}

/**
 * Each note's neighbours, both directions: its `[[target]]`s resolved by file name, path or title (case-insensitive),
 * and the notes its Markdown links name (`markdown`, markdownLinkTargets.ts).
 */
function linkGraph(notes: readonly NoteEntry[], markdown: readonly (readonly number[])[]): number[][] {
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
    for (const j of markdown[i]!) {
      sets[i]!.add(j);
      sets[j]!.add(i);
    }
  });
  return sets.map((s) => [...s].sort((a, b) => a - b));
}
