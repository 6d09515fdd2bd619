import type { NoteEntry } from '../index/kbIndexSchema.js';
import { packAscending, unpackAscending } from '../rank/packedInts.js';
import type { PackIndex } from './packIndex.js';
import type { NoteKind } from './sectionRoles.js';

/** Bump when the shape or meaning of any part changes; buildContextPack refuses other versions. */
export const PACK_DATA_VERSION = 4;

/**
 * Pack data in parts, so a browser loads what one pack needs and no more: a small head, term shards (the
 * postings of the terms hashed to them) and note shards (consecutive notes' stored sections, links and
 * keywords). The CLI holds every part; the island starts with the head and fetches the rest as a pack
 * asks for it (packLoader.ts). Both run the same pure code over the same parts, so packs are byte-identical.
 */
export interface PackData {
  head: PackHead;
  /** By shard number; null until loaded. */
  terms: (TermShard | null)[];
  notes: (NoteShard | null)[];
}

export interface PackHead {
  version: typeof PACK_DATA_VERSION;
  /** `index.notes.length` when built, so a stale pairing is caught. */
  noteCount: number;
  /** BM25 saturation the pseudo-frequencies were built for. */
  k1: number;
  /** How many term shards; a term's shard is `termShardOf(term, termShards)`. */
  termShards: number;
  /** The first note of each note shard, packed ascending (packedInts.ts); the first is 0. */
  noteShards: string;
  /** What a pack reads of the index (packIndex.ts): the island needs no kb-index.json. */
  index: PackIndex;
  /**
   * Per language subtag whose compounds split (German, Dutch, the Nordic languages), the parts the folder's
   * compounds split into, sorted (text/decompound.ts): a task's compounds split against the same. Empty otherwise.
   */
  lexicons: Record<string, string[]>;
}

export interface TermShard {
  /** This shard's terms, sorted. */
  vocab: string[];
  /** Per term, its postings as packed text (searchIndex.ts `decodePosting`). */
  postings: string[];
}

export interface NoteShard {
  /** The notes from the shard's first note on, in index order. */
  notes: StoredNote[];
}

/** A section of a note as the pack may quote it: its heading and its prose blocks. */
export interface StoredUnit {
  /** Heading text; absent for the text before the first heading. */
  h?: string | undefined;
  /** Blocks as a pack shows them (sub-headings as bold lines, links as plain words); empty when not stored. */
  b: string[];
  /** Per block, its o200k tokens with the blank line after it (counted once, when the data is built). */
  t: number[];
  /** 1 when blocks of this section were left out of the pack data (see STORED_CHARS). */
  more?: 1 | undefined;
}

/** What a pack can show of one note: its index facts an entry shows, its lead and its sections. */
export interface StoredNote extends Pick<NoteEntry, 'path' | 'title' | 'description' | 'status' | 'tokens'> {
  supersededBy?: string | undefined;
  /** What the note is for (sectionRoles.ts `noteKind`): decides which sections are decisive. */
  kind: NoteKind;
  /** The note's lead when it is not its description (a summary section, or the first paragraph). */
  lead?: string | undefined;
  /** The note's sections in note order (a summary taken as the lead is not repeated). */
  units: StoredUnit[];
  /** Wikilink neighbours, both directions, packed ascending. */
  links: string;
  /** Strongest terms, space-separated, best first (searchIndex.ts `keywords`). */
  keys: string;
  /** Their weight levels, one packed small integer each. */
  levels: string;
}

/** FNV-1a over UTF-16 code units: the same number in every engine. */
export function termShardOf(term: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < term.length; i++) {
    h ^= term.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % shards;
}

const STARTS = new WeakMap<PackHead, number[]>();

/** The first note of every note shard. */
export function noteShardStarts(head: PackHead): number[] {
  let starts = STARTS.get(head);
  if (!starts) STARTS.set(head, (starts = unpackAscending(head.noteShards)));
  return starts;
}

/** The note shard holding note `i`. */
export function noteShardOf(head: PackHead, i: number): number {
  const starts = noteShardStarts(head);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export function packStarts(starts: readonly number[]): string {
  return packAscending(starts);
}

/** Where each part is published, relative to the pack data's folder (the site's `kb-pack/`). */
export const PACK_FILES = {
  head: 'head.json',
  term: (k: number) => `t/${k}.json`,
  note: (k: number) => `n/${k}.json`,
};

/** Every part of complete pack data as a file: the site emits these (path relative to `kb-pack/`, JSON value). */
export function packDataFiles(data: PackData): { path: string; value: PackHead | TermShard | NoteShard }[] {
  const out: { path: string; value: PackHead | TermShard | NoteShard }[] = [{ path: PACK_FILES.head, value: data.head }];
  data.terms.forEach((t, k) => {
    if (!t) throw new Error(`term shard ${k} is not loaded; only complete pack data can be written out.`);
    out.push({ path: PACK_FILES.term(k), value: t });
  });
  data.notes.forEach((n, k) => {
    if (!n) throw new Error(`note shard ${k} is not loaded; only complete pack data can be written out.`);
    out.push({ path: PACK_FILES.note(k), value: n });
  });
  return out;
}

/** Pack data holding only its head: what the island starts from. */
export function packDataFromHead(head: PackHead): PackData {
  return { head, terms: Array.from({ length: head.termShards }, () => null), notes: noteShardStarts(head).map(() => null) };
}
