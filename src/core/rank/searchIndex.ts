import { analyze, bigrams } from './analyze.js';

/**
 * A compact BM25F index (Robertson & Zaragoza's field-weighted BM25). Field weights and length
 * normalisation are applied when the index is built, so each (note, term) pair is stored as one
 * pseudo-frequency and a query is a plain BM25 sum over postings. JSON-serialisable; the browser gets
 * the same object the CLI builds.
 */
export interface SearchData {
  /** Stemmed terms, and `a b` pairs for the phrase field. */
  vocab: string[];
  /** Per note (index order): flat `[termId, round(tf' × 100), …]`. */
  docs: number[][];
  k1: number;
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
  const analysed = notes.map((n) => {
    const head = [...analyze(n.title), ...analyze(n.description), ...analyze(n.headings)];
    const fields: Record<FieldName, string[]> = {
      title: analyze(n.title),
      description: analyze(n.description),
      tags: analyze(n.tags),
      hints: analyze(n.hints),
      headings: analyze(n.headings),
      body: analyze(n.body),
      phrase: [...bigrams(analyze(n.title)), ...bigrams(analyze(n.description)), ...bigrams(analyze(n.headings))],
    };
    return { fields, head: new Set(head) };
  });
  const names = Object.keys(FIELD_WEIGHTS) as FieldName[];
  const avg = Object.fromEntries(names.map((f) => [f, Math.max(1, analysed.reduce((s, a) => s + a.fields[f].length, 0) / Math.max(1, analysed.length))]));
  const weighted = analysed.map(({ fields }) => {
    const tfw = new Map<string, number>();
    for (const f of names) {
      const { w, b } = FIELD_WEIGHTS[f];
      const norm = 1 - b + (b * fields[f].length) / avg[f]!;
      const counts = new Map<string, number>();
      for (const t of fields[f]) counts.set(t, (counts.get(t) ?? 0) + 1);
      for (const [t, c] of counts) tfw.set(t, (tfw.get(t) ?? 0) + (w * c) / norm);
    }
    return tfw;
  });
  const df = new Map<string, number>();
  for (const tfw of weighted) for (const t of tfw.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const n = notes.length;
  const kept = weighted.map((tfw, i) => {
    const always = new Set([...analysed[i]!.head, ...analysed[i]!.fields.tags, ...analysed[i]!.fields.hints, ...analysed[i]!.fields.phrase]);
    const bodyOnly = [...tfw.keys()]
      .filter((t) => !always.has(t))
      .map((t) => ({ t, v: (tfw.get(t)! / (options.k1 + tfw.get(t)!)) * idf(n, df.get(t)!) }))
      .sort((a, b) => b.v - a.v || (a.t < b.t ? -1 : 1))
      .slice(0, options.bodyTerms)
      .map((x) => x.t);
    return [...always, ...bodyOnly].filter((t) => tfw.has(t));
  });
  const vocab = [...new Set(kept.flat())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const id = new Map(vocab.map((t, i) => [t, i]));
  const docs = kept.map((terms, i) =>
    terms
      .map((t) => [id.get(t)!, Math.max(1, Math.round(weighted[i]!.get(t)! * 100))] as const)
      .sort((a, b) => a[0] - b[0])
      .flat(),
  );
  return { vocab, docs, k1: options.k1 };
}

/** Robertson–Spärck Jones idf, floored at a small positive value so common words never subtract. */
export function idf(n: number, df: number): number {
  return Math.max(0.01, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
}

/** Postings built once per SearchData (memoised), then every query is a sum over them. */
export interface PreparedSearch {
  data: SearchData;
  termId: Map<string, number>;
  postings: { docs: Int32Array; tf: Float32Array }[];
  idf: Float64Array;
  size: number;
}

const prepared = new WeakMap<SearchData, PreparedSearch>();

export function prepareSearch(data: SearchData): PreparedSearch {
  const cached = prepared.get(data);
  if (cached) return cached;
  const counts = new Int32Array(data.vocab.length);
  for (const d of data.docs) for (let j = 0; j < d.length; j += 2) counts[d[j]!]!++;
  const postings = data.vocab.map((_, t) => ({ docs: new Int32Array(counts[t]!), tf: new Float32Array(counts[t]!) }));
  const fill = new Int32Array(data.vocab.length);
  data.docs.forEach((d, i) => {
    for (let j = 0; j < d.length; j += 2) {
      const t = d[j]!;
      const p = postings[t]!;
      p.docs[fill[t]!] = i;
      p.tf[fill[t]!++] = d[j + 1]! / 100;
    }
  });
  const size = data.docs.length;
  const result: PreparedSearch = {
    data,
    termId: new Map(data.vocab.map((t, i) => [t, i])),
    postings,
    idf: Float64Array.from(counts, (c) => idf(size, c)),
    size,
  };
  prepared.set(data, result);
  return result;
}

/** BM25 score of every note for weighted query terms (term → weight); unknown terms are ignored. */
export function scoreTerms(s: PreparedSearch, query: ReadonlyMap<string, number>): Float64Array {
  const scores = new Float64Array(s.size);
  const k1 = s.data.k1;
  for (const [term, weight] of query) {
    const t = s.termId.get(term);
    if (t === undefined) continue;
    const p = s.postings[t]!;
    const w = weight * s.idf[t]!;
    for (let i = 0; i < p.docs.length; i++) scores[p.docs[i]!]! += (w * p.tf[i]!) / (k1 + p.tf[i]!);
  }
  return scores;
}
