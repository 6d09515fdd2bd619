import type { Analyzer } from '../text/analyzer.js';
import { buildLexicon, LINKING } from '../text/decompound.js';
import { noteAnalyzer, type Lexicons } from '../text/folderText.js';
import { baseLanguage } from '../text/languageTag.js';
import { bigrams } from './analyze.js';
import { PackedReader, PackedWriter } from './packedInts.js';

/**
 * A compact BM25F index (Robertson & Zaragoza's field-weighted BM25). Field weights and length
 * normalisation are applied when the index is built, so each (note, term) pair is stored as one
 * pseudo-frequency and a query is a plain BM25 sum over postings. The pack data splits it into term
 * shards (packParts.ts) so the browser fetches only the postings a task asks for.
 */
export interface SearchIndex {
  /** Stemmed terms, and `a b` pairs for the phrase field; sorted. */
  vocab: string[];
  /**
   * Per term (aligned with `vocab`): the notes holding it, as packed text (packedInts.ts): for each note
   * in index order, the gap from the previous one (varint), then its pseudo-frequency's level (one
   * character, see `TF_LEVELS`).
   */
  postings: string[];
  /** Notes indexed. */
  size: number;
  k1: number;
  /** Per note: its strongest single terms found in two notes or more, best first (feedback, near duplicates). */
  keywords: Keywords[];
}

/** A note's strongest terms and the levels (`KEYWORD_LEVELS`) of their weights, tf/(k1 + tf) · idf. */
export interface Keywords {
  terms: string[];
  levels: number[];
}

const TF_STEP = 1.125;

/** Folders up to this size keep each note's analysis between the two passes of buildSearchIndex (see there). */
const KEEP_ANALYSED = 20_000;

/** 64 pseudo-frequency levels, 12.5% apart from 0.1 to ~168; powers by repeated multiplication, so every engine agrees. */
export const TF_LEVELS: readonly number[] = levels(0.1);
/** 64 keyword-weight levels, 12.5% apart from 0.01 to ~16.8. */
export const KEYWORD_LEVELS: readonly number[] = levels(0.01);

function levels(first: number): number[] {
  const out = [first];
  while (out.length < 64) out.push(out[out.length - 1]! * TF_STEP);
  return out;
}

/** The level nearest to `x` (in ratio) on a scale starting at `first`. */
function levelOf(x: number, first: number): number {
  return Math.min(63, Math.max(0, Math.round(Math.log(x / first) / Math.log(TF_STEP))));
}

/** The pseudo-frequency level nearest to `tf` (in ratio). */
export function tfLevel(tf: number): number {
  return levelOf(tf, TF_LEVELS[0]!);
}

/** The fields of a note the ranker reads, as plain text. */
export interface SearchFields {
  title: string;
  description: string;
  tags: string;
  hints: string;
  headings: string;
  body: string;
  /** The language the note is written in (BCP 47; default `en`): its fields are analysed in it. */
  lang?: string | undefined;
}

type FieldName = Exclude<keyof SearchFields, 'lang'> | 'phrase';

/** Weight and length normalisation (b) per field; phrase = word pairs of title, description and headings. */
export const FIELD_WEIGHTS: Record<FieldName, { w: number; b: number }> = {
  title: { w: 3, b: 0.4 },
  description: { w: 2, b: 0.5 },
  tags: { w: 2, b: 0.3 },
  hints: { w: 2, b: 0.3 },
  headings: { w: 1.5, b: 0.5 },
  body: { w: 1, b: 0.75 },
  phrase: { w: 1.5, b: 0.5 },
};

export interface BuildSearchOptions {
  /** Body-only terms kept per note, by tf'·idf (static pruning keeps the data small). */
  bodyTerms: number;
  k1: number;
  /** Keywords kept per note (feedback expansion, near duplicates). */
  keywords: number;
}

export const DEFAULT_SEARCH_OPTIONS: BuildSearchOptions = { bodyTerms: 256, k1: 1.2, keywords: 24 };

/**
 * Build the index from each note's fields, each note analysed in its language (with the folder's compound
 * `lexicons`, by language subtag). Deterministic: vocabulary sorted, postings in note order.
 */
export function buildSearchIndex(notes: readonly SearchFields[], options: BuildSearchOptions = DEFAULT_SEARCH_OPTIONS, lexicons: Lexicons = {}): SearchIndex {
  // Two passes over the notes. Pass 1: field lengths and document frequencies. Pass 2: each note's weights and
  // the terms it keeps, as ids into a growing table. Up to KEEP_ANALYSED notes, pass 1's analysis is kept for
  // pass 2; above, each note is analysed again in pass 2, so memory holds one note's tokens at a time
  // (100,000 notes' analysed bodies at once do not fit in Node's default heap).
  const names = Object.keys(FIELD_WEIGHTS) as FieldName[];
  const lengthSums = Object.fromEntries(names.map((f) => [f, 0])) as Record<FieldName, number>;
  const df = new Map<string, number>();
  const analysedNotes: (ReturnType<typeof analyseNote> | undefined)[] | undefined = notes.length <= KEEP_ANALYSED ? [] : undefined;
  const analyzer = (n: SearchFields) => noteAnalyzer(n.lang, lexicons);
  for (const note of notes) {
    const analysed = analyseNote(note, analyzer(note));
    analysedNotes?.push(analysed);
    const { fields } = analysed;
    const distinct = new Set<string>();
    for (const f of names) {
      lengthSums[f] += fields[f].length;
      for (const t of fields[f]) distinct.add(t);
    }
    for (const t of distinct) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const avg = Object.fromEntries(names.map((f) => [f, Math.max(1, lengthSums[f] / Math.max(1, notes.length))])) as Record<FieldName, number>;
  const n = notes.length;
  const termId = new Map<string, number>();
  const terms: string[] = [];
  const keptIds: Int32Array[] = [];
  const keptLevels: Uint8Array[] = [];
  const keywords: Keywords[] = [];
  for (let i = 0; i < n; i++) {
    const { fields, head } = analysedNotes?.[i] ?? analyseNote(notes[i]!, analyzer(notes[i]!));
    if (analysedNotes) analysedNotes[i] = undefined; // the note's tokens can go once its weights are taken
    const tfw = new Map<string, number>();
    for (const f of names) {
      const { w, b } = FIELD_WEIGHTS[f];
      const norm = 1 - b + (b * fields[f].length) / avg[f];
      const counts = new Map<string, number>();
      for (const t of fields[f]) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) tfw.set(t, (tfw.get(t) ?? 0) + (w * c) / norm);
    }
    const weight = (t: string) => (tfw.get(t)! / (options.k1 + tfw.get(t)!)) * idf(n, df.get(t)!);
    const byWeight = (a: { t: string; v: number }, b: { t: string; v: number }) => b.v - a.v || (a.t < b.t ? -1 : 1);
    const always = new Set([...head, ...fields.tags, ...fields.hints, ...fields.phrase]);
    const bodyOnly = [...tfw.keys()]
      .filter((t) => !always.has(t))
      .map((t) => ({ t, v: weight(t) }))
      .sort(byWeight)
      .slice(0, options.bodyTerms)
      .map((x) => x.t);
    const kept = [...always, ...bodyOnly].filter((t) => tfw.has(t));
    const strongest = kept
      .filter((t) => !t.includes(' ') && df.get(t)! >= 2)
      .map((t) => ({ t, v: weight(t) }))
      .sort(byWeight)
      .slice(0, options.keywords);
    keywords.push({ terms: strongest.map((x) => x.t), levels: strongest.map((x) => levelOf(x.v, KEYWORD_LEVELS[0]!)) });
    const ids = new Int32Array(kept.length);
    const levels = new Uint8Array(kept.length);
    kept.forEach((t, j) => {
      let id = termId.get(t);
      if (id === undefined) {
        id = terms.length;
        terms.push(t);
        termId.set(t, id);
      }
      ids[j] = id;
      levels[j] = tfLevel(tfw.get(t)!);
    });
    keptIds.push(ids);
    keptLevels.push(levels);
  }
  const order = terms.map((_, i) => i).sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
  const rank = new Int32Array(terms.length);
  order.forEach((id, r) => (rank[id] = r));
  const writers = order.map(() => ({ w: new PackedWriter(), last: -1 }));
  keptIds.forEach((ids, i) => {
    ids.forEach((id, j) => {
      const p = writers[rank[id]!]!;
      p.w.varint(i - p.last - 1).small(keptLevels[i]![j]!);
      p.last = i;
    });
  });
  return { vocab: order.map((id) => terms[id]!), postings: writers.map((p) => p.w.toString()), size: n, k1: options.k1, keywords };
}

/**
 * The compound lexicon of each language of `notes` whose compounds split (decompound.ts): the parts their
 * terms, analysed without one, split into. Empty for a folder without such a language (no note is read again).
 */
export function buildLexicons(notes: readonly SearchFields[]): Record<string, string[]> {
  const byLang = new Map<string, Set<string>>();
  for (const n of notes) {
    const lang = baseLanguage(n.lang ?? 'en');
    if (!LINKING[lang]) continue;
    let terms = byLang.get(lang);
    if (!terms) byLang.set(lang, (terms = new Set()));
    const a = noteAnalyzer(lang);
    for (const text of [n.title, n.description, n.tags, n.hints, n.headings, n.body]) for (const t of a.terms(text)) terms.add(t);
  }
  const out: Record<string, string[]> = {};
  for (const lang of [...byLang.keys()].sort()) {
    const { parts } = buildLexicon(byLang.get(lang)!, lang);
    if (parts.length > 0) out[lang] = [...parts];
  }
  return out;
}

function analyseNote(n: SearchFields, a: Analyzer): { fields: Record<FieldName, string[]>; head: Set<string> } {
  const title = a.terms(n.title);
  const description = a.terms(n.description);
  const headings = a.terms(n.headings);
  const fields: Record<FieldName, string[]> = {
    title,
    description,
    tags: a.terms(n.tags),
    hints: a.terms(n.hints),
    headings,
    body: a.terms(n.body),
    phrase: [...bigrams(title), ...bigrams(description), ...bigrams(headings)],
  };
  return { fields, head: new Set([...title, ...description, ...headings]) };
}

/** Robertson–Spärck Jones idf, floored at a small positive value so common words never subtract. */
export function idf(n: number, df: number): number {
  return Math.max(0.01, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
}

/** One term's postings, unpacked: the notes holding it (ascending) and their pseudo-frequencies. */
export interface Posting {
  docs: Int32Array;
  tf: Float32Array;
}

export function decodePosting(text: string): Posting {
  const r = new PackedReader(text);
  const docs: number[] = [];
  const tf: number[] = [];
  for (let d = -1; !r.done;) {
    d += r.varint() + 1;
    docs.push(d);
    tf.push(TF_LEVELS[r.small()]!);
  }
  return { docs: Int32Array.from(docs), tf: Float32Array.from(tf) };
}

/** What scoring reads: postings by term (undefined: no note holds it) and the index's size. */
export interface PostingSource {
  size: number;
  k1: number;
  posting(term: string): Posting | undefined;
}

/** BM25 score of every note for weighted query terms (term → weight); unknown terms are ignored. */
export function scoreTerms(s: PostingSource, query: ReadonlyMap<string, number>): Float64Array {
  const scores = new Float64Array(s.size);
  const k1 = s.k1;
  for (const [term, weight] of query) {
    const p = s.posting(term);
    if (p === undefined) continue;
    const w = weight * idf(s.size, p.docs.length);
    for (let i = 0; i < p.docs.length; i++) scores[p.docs[i]!]! += (w * p.tf[i]!) / (k1 + p.tf[i]!);
  }
  return scores;
}
