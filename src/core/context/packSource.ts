import { PackedReader, unpackAscending } from '../rank/packedInts.js';
import { decodePosting, KEYWORD_LEVELS, type Posting, type PostingSource } from '../rank/searchIndex.js';
import type { Analyzer } from '../text/analyzer.js';
import { createFolderText, type FolderText } from '../text/folderText.js';
import { baseLanguage } from '../text/languageTag.js';
import { noteFilingOf, type NoteFiling } from './packIndex.js';
import { noteShardOf, noteShardStarts, termShardOf, type PackData, type PackHead, type StoredNote, type TermShard } from './packParts.js';

/**
 * Thrown by a pack built on pack data that lacks parts it needs; names them all, so the loader fetches
 * them in one round and builds again. Never thrown on complete data (the CLI's).
 */
export class MissingPackParts extends Error {
  constructor(
    readonly terms: readonly number[],
    readonly notes: readonly number[],
  ) {
    super(`pack data parts not loaded: ${terms.length} term shards, ${notes.length} note shards`);
  }
}

/** Keyword terms and weights of a note. */
export interface NoteKeywords {
  terms: readonly string[];
  weights: readonly number[];
}

/**
 * Read access to (possibly partial) pack data for one pack. A read of a part that is not loaded returns
 * nothing and is remembered; `check()` then throws MissingPackParts for all of them. Pack code calls
 * `check()` after each stage, so no decision is ever taken on missing data.
 */
export class PackSource implements PostingSource {
  readonly size: number;
  readonly k1: number;
  private readonly missingTerms = new Set<number>();
  private readonly missingNotes = new Set<number>();

  constructor(readonly data: PackData) {
    this.size = data.head.noteCount;
    this.k1 = data.head.k1;
  }

  /** The folder's text analysis: its locale, its notes' languages and its compound lexicons. */
  get text(): FolderText {
    return folderTextOf(this.data.head);
  }

  /** Note `i`'s analyzer (its language's, with the folder's lexicon). */
  analyzer(i: number): Analyzer {
    return this.text.note(this.facts[i]!.lang);
  }

  /** Every note's facts (packIndex.ts), from the head. */
  get facts(): NoteFiling[] {
    return noteFilingOf(this.data.head.index, this.data.head.noteCount);
  }

  posting(term: string): Posting | undefined {
    const k = termShardOf(term, this.data.head.termShards);
    const shard = this.data.terms[k];
    if (!shard) {
      this.missingTerms.add(k);
      return undefined;
    }
    return postingOf(shard, term);
  }

  /** Ask for the notes' shards now (a stage that will read them), without reading. */
  want(notes: Iterable<number>): void {
    for (const i of notes) if (!this.data.notes[noteShardOf(this.data.head, i)]) this.missingNotes.add(noteShardOf(this.data.head, i));
  }

  note(i: number): StoredNote | undefined {
    const k = noteShardOf(this.data.head, i);
    const shard = this.data.notes[k];
    if (!shard) {
      this.missingNotes.add(k);
      return undefined;
    }
    return shard.notes[i - noteShardStarts(this.data.head)[k]!];
  }

  links(i: number): readonly number[] {
    const note = this.note(i);
    return note ? memo(LINKS, note, () => unpackAscending(note.links)) : [];
  }

  keywords(i: number): NoteKeywords {
    const note = this.note(i);
    if (!note) return { terms: [], weights: [] };
    return memo(KEYWORDS, note, () => {
      const r = new PackedReader(note.levels);
      const terms = note.keys === '' ? [] : note.keys.split(' ');
      return { terms, weights: terms.map(() => KEYWORD_LEVELS[r.small()]!) };
    });
  }

  /** Throw MissingPackParts when any read so far found its part missing. */
  check(): void {
    if (this.missingTerms.size === 0 && this.missingNotes.size === 0) return;
    throw new MissingPackParts(
      [...this.missingTerms].sort((a, b) => a - b),
      [...this.missingNotes].sort((a, b) => a - b),
    );
  }
}

const TEXTS = new WeakMap<PackHead, FolderText>();

/** A head's text analysis, made once per head. */
export function folderTextOf(head: PackHead): FolderText {
  return memo(TEXTS, head, () =>
    createFolderText(
      head.index.locale,
      noteFilingOf(head.index, head.noteCount).map((f) => f.lang),
      head.lexicons,
    ),
  );
}

/** The languages (subtags) a pack on this head may analyse in: its notes', its locale's and the request's. */
export function headLanguages(head: PackHead, requestLang?: string | undefined): string[] {
  const langs = new Set(noteFilingOf(head.index, head.noteCount).map((f) => baseLanguage(f.lang)));
  langs.add(baseLanguage(head.index.locale));
  if (requestLang !== undefined) langs.add(baseLanguage(requestLang));
  return [...langs].sort();
}

const TERM_IDS = new WeakMap<TermShard, Map<string, number>>();
const POSTINGS = new WeakMap<TermShard, (Posting | undefined)[]>();
const LINKS = new WeakMap<StoredNote, number[]>();
const KEYWORDS = new WeakMap<StoredNote, NoteKeywords>();

function memo<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) map.set(key, (v = make()));
  return v;
}

/** A term's postings in its shard, decoded once per shard. */
function postingOf(shard: TermShard, term: string): Posting | undefined {
  const ids = memo(TERM_IDS, shard, () => new Map(shard.vocab.map((t, k) => [t, k])));
  const k = ids.get(term);
  if (k === undefined) return undefined;
  const decoded = memo(POSTINGS, shard, () => new Array<Posting | undefined>(shard.vocab.length));
  return (decoded[k] ??= decodePosting(shard.postings[k]!));
}
