import { analyze, bigrams } from './analyze.js';
import { PackedReader, PackedWriter } from './packedInts.js';

/**
 * A compact BM25F index (Robertson & Zaragoza's field-weighted BM25). Field weights and length
 * normalisation are applied when the index is built, so each (note, term) pair is stored as one
 * pseudo-frequency and a query is a plain BM25 sum over postings. JSON-serialisable; the browser gets
 * the same object the CLI builds. Measured against MiniSearch in `npm run eval:packs -- --ranker`.
 */
export interface SearchData {
  /** Stemmed terms, and `a b` pairs for the phrase field; sorted. */
  vocab: string[];
  /**
   * Per term (aligned with `vocab`): the notes holding it, as packed text (packedInts.ts): for each note
   * in index order, the gap from the previous one (varint), then its pseudo-frequency's level (one
   * character, see `TF_LEVELS`).
   */
  postings: string[];
  /** Notes indexed (`index.notes.length`). */
  size: number;
  k1: number;
}

const TF_STEP = 1.125;

/** Folders up to this size keep each note's analysis between the two passes of buildSearchData (see there). */
const KEEP_ANALYSED = 20_000;

/** 64 pseudo-frequency levels, 12.5% apart from 0.1 to ~168; powers by repeated multiplication, so every engine agrees. */
export const TF_LEVELS: readonly number[] = (() => {
  const levels = [0.1];
  while (levels.length < 64) levels.push(levels[levels.length - 1]! * TF_STEP);
  return levels;
})();

/** The level nearest to `tf` (in ratio). */
export function tfLevel(tf: number): number {
  return Math.min(63, Math.max(0, Math.round(Math.log(tf / TF_LEVELS[0]!) / Math.log(TF_STEP))));
}

/** The fields of a note the ranker reads, as plain text. */
export interface SearchFields {
  title: string;
  description: string;
  tags: string;
  hints: string;
  headings: string;
  body: string;
}

type FieldName = keyof SearchFields | 'phrase';

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
}

export const DEFAULT_SEARCH_OPTIONS: BuildSearchOptions = { bodyTerms: 96, k1: 1.2 };

/** Build the index from each note's fields. Deterministic: vocabulary sorted, postings in note order. */
export function buildSearchData(notes: readonly SearchFields[], options: BuildSearchOptions = DEFAULT_SEARCH_OPTIONS): SearchData {
  // Two passes over the notes. Pass 1: field lengths and document frequencies. Pass 2: each note's weights and
  // the terms it keeps, as ids into a growing table. Up to KEEP_ANALYSED notes, pass 1's analysis is kept for
  // pass 2; above, each note is analysed again in pass 2, so memory holds one note's tokens at a time
  // (100,000 notes' analysed bodies at once do not fit in Node's default heap).
  const names = Object.keys(FIELD_WEIGHTS) as FieldName[];
  const lengthSums = Object.fromEntries(names.map((f) => [f, 0])) as Record<FieldName, number>;
  const df = new Map<string, number>();
  const analysedNotes: (ReturnType<typeof analyseNote> | undefined)[] | undefined = notes.length <= KEEP_ANALYSED ? [] : undefined;
  for (const note of notes) {
    const analysed = analyseNote(note);
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
  for (let i = 0; i < n; i++) {
    const { fields, head } = analysedNotes?.[i] ?? analyseNote(notes[i]!);
    if (analysedNotes) analysedNotes[i] = undefined; // the note's tokens can go once its weights are taken
    const tfw = new Map<string, number>();
    for (const f of names) {
      const { w, b } = FIELD_WEIGHTS[f];
      const norm = 1 - b + (b * fields[f].length) / avg[f];
      const counts = new Map<string, number>();
      for (const t of fields[f]) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) tfw.set(t, (tfw.get(t) ?? 0) + (w * c) / norm);
    }
    const always = new Set([...head, ...fields.tags, ...fields.hints, ...fields.phrase]);
    const bodyOnly = [...tfw.keys()]
      .filter((t) => !always.has(t))
      .map((t) => ({ t, v: (tfw.get(t)! / (options.k1 + tfw.get(t)!)) * idf(n, df.get(t)!) }))
      .sort((a, b) => b.v - a.v || (a.t < b.t ? -1 : 1))
      .slice(0, options.bodyTerms)
      .map((x) => x.t);
    const kept = [...always, ...bodyOnly].filter((t) => tfw.has(t));
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
  return { vocab: order.map((id) => terms[id]!), postings: writers.map((p) => p.w.toString()), size: notes.length, k1: options.k1 };
}

function analyseNote(n: SearchFields): { fields: Record<FieldName, string[]>; head: Set<string> } {
  const title = analyze(n.title);
  const description = analyze(n.description);
  const headings = analyze(n.headings);
  const fields: Record<FieldName, string[]> = {
    title,
    description,
    tags: analyze(n.tags),
    hints: analyze(n.hints),
    headings,
    body: analyze(n.body),
    phrase: [...bigrams(title), ...bigrams(description), ...bigrams(headings)],
  };
  return { fields, head: new Set([...title, ...description, ...headings]) };
}

/** Robertson–Spärck Jones idf, floored at a small positive value so common words never subtract. */
export function idf(n: number, df: number): number {
  return Math.max(0.01, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
}

/** The index unpacked once per SearchData (memoised): postings for scoring, term vectors per note. */
export interface PreparedSearch {
  vocab: readonly string[];
  k1: number;
  termId: Map<string, number>;
  postings: { docs: Int32Array; tf: Float32Array }[];
  /** Per note: its term ids, ascending, and their pseudo-frequencies (feedback, near duplicates). */
  docTerms: Int32Array[];
  docTf: Float32Array[];
  idf: Float64Array;
  size: number;
}

const prepared = new WeakMap<SearchData, PreparedSearch>();

export function prepareSearch(data: SearchData): PreparedSearch {
  const cached = prepared.get(data);
  if (cached) return cached;
  const size = data.size;
  const perDoc = new Int32Array(size);
  const postings = data.postings.map((text) => {
    const r = new PackedReader(text);
    const docs: number[] = [];
    const tf: number[] = [];
    for (let d = -1; !r.done;) {
      d += r.varint() + 1;
      docs.push(d);
      tf.push(TF_LEVELS[r.small()]!);
      perDoc[d]!++;
    }
    return { docs: Int32Array.from(docs), tf: Float32Array.from(tf) };
  });
  const docTerms = Array.from(perDoc, (n) => new Int32Array(n));
  const docTf = Array.from(perDoc, (n) => new Float32Array(n));
  const fill = new Int32Array(size);
  postings.forEach((p, t) => {
    for (let k = 0; k < p.docs.length; k++) {
      const d = p.docs[k]!;
      docTerms[d]![fill[d]!] = t;
      docTf[d]![fill[d]!++] = p.tf[k]!;
    }
  });
  const result: PreparedSearch = {
    vocab: data.vocab,
    k1: data.k1,
    termId: new Map(data.vocab.map((t, i) => [t, i])),
    postings,
    docTerms,
    docTf,
    idf: Float64Array.from(postings, (p) => idf(size, p.docs.length)),
    size,
  };
  prepared.set(data, result);
  return result;
}

/** BM25 score of every note for weighted query terms (term → weight); unknown terms are ignored. */
export function scoreTerms(s: PreparedSearch, query: ReadonlyMap<string, number>): Float64Array {
  const scores = new Float64Array(s.size);
  const k1 = s.k1;
  for (const [term, weight] of query) {
    const t = s.termId.get(term);
    if (t === undefined) continue;
    const p = s.postings[t]!;
    const w = weight * s.idf[t]!;
    for (let i = 0; i < p.docs.length; i++) scores[p.docs[i]!]! += (w * p.tf[i]!) / (k1 + p.tf[i]!);
  }
  return scores;
}
