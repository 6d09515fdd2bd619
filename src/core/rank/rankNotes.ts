import { analyze, bigrams } from './analyze.js';
import { prepareSearch, scoreTerms, type PreparedSearch, type SearchData } from './searchIndex.js';

/** The levers of issue 8; each can be switched off to measure what it buys (`npm run eval:packs -- --lever`). */
export interface RankOptions {
  /** Word pairs of the task matched against the phrase field. */
  phrases: boolean;
  /** Pseudo-relevance feedback: notes read as relevant and terms taken from them. */
  feedbackDocs: number;
  feedbackTerms: number;
  /** Weight of the strongest feedback term, relative to a task term. */
  feedbackWeight: number;
  /** Share of a strong neighbour's score a note gains through a wikilink (spreading activation). */
  linkWeight: number;
  /** How many top notes spread activation. */
  linkSources: number;
}

export const DEFAULT_RANK_OPTIONS: RankOptions = {
  phrases: true,
  feedbackDocs: 8,
  feedbackTerms: 12,
  feedbackWeight: 0.35,
  linkWeight: 0.25,
  linkSources: 12,
};

export interface RankInput {
  task: string;
  /** Extra weighted terms (aliases resolved, project tags), already analysed. */
  extraTerms?: ReadonlyMap<string, number> | undefined;
  /** Notes that may be returned (filters applied by the caller). */
  allowed: (i: number) => boolean;
  /** Multiplier per note (status penalties, hint and scope boosts). */
  factor: (i: number) => number;
  links: readonly (readonly number[])[];
  /** Leave out notes under this share of the best score (default 0: every note that scores). */
  floor?: number | undefined;
  /** Scores every note for weighted terms; default: the pack data's BM25F (`npm run eval:packs -- --ranker` swaps it). */
  score?: TermScorer | undefined;
}

/** Weighted query terms (analysed term → weight) → a score per note, in index order. */
export type TermScorer = (query: ReadonlyMap<string, number>) => Float64Array;

export interface Ranked {
  i: number;
  score: number;
  /** Score of the task's own words before any expansion: what "directly relevant" means. */
  direct: number;
}

/**
 * Rank notes for a task: BM25F on the task, feedback expansion, wikilink spreading, penalties.
 * Linear in the number of notes apart from sorting what is returned (`floor` keeps that short).
 */
export function rankNotes(data: SearchData, input: RankInput, options: RankOptions = DEFAULT_RANK_OPTIONS): Ranked[] {
  const s = prepareSearch(data);
  const allowed = new Uint8Array(s.size);
  const gate = new Float64Array(s.size);
  for (let i = 0; i < s.size; i++) if (input.allowed(i)) [allowed[i], gate[i]] = [1, input.factor(i)];
  const query = taskQuery(input.task, options);
  for (const [t, w] of input.extraTerms ?? []) query.set(t, Math.max(query.get(t) ?? 0, w));
  const score = input.score ?? ((q: ReadonlyMap<string, number>) => scoreTerms(s, q));
  const direct = score(query);
  const gated = (raw: Float64Array) => raw.map((v, i) => v * gate[i]!);
  let scores = gated(direct);

  if (options.feedbackDocs > 0 && options.feedbackTerms > 0) {
    const expansion = feedbackTerms(s, top(scores, options.feedbackDocs), scores, query, options);
    if (expansion.size > 0) scores = gated(score(new Map([...query, ...expansion])));
  }
  if (options.linkWeight > 0) scores = spread(scores, input.links, options).map((v, i) => (allowed[i] ? v : 0));

  let best = 0;
  for (const v of scores) if (v > best) best = v;
  const threshold = Math.max(Number.MIN_VALUE, best * (input.floor ?? 0));
  const order: number[] = [];
  scores.forEach((v, i) => {
    if (v >= threshold) order.push(i);
  });
  order.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return order.map((i) => ({ i, score: scores[i]!, direct: direct[i]! }));
}

/** Task words weighted by repetition (diminishing), plus its word pairs for the phrase field. */
export function taskQuery(task: string, options: Pick<RankOptions, 'phrases'>): Map<string, number> {
  const terms = analyze(task);
  const query = new Map<string, number>();
  for (const t of terms) query.set(t, query.has(t) ? Math.min(2, query.get(t)! + 0.5) : 1);
  if (options.phrases) for (const p of bigrams(terms)) query.set(p, 1);
  return query;
}

/** The `n` best notes with a positive score, best first (ties: index order); one pass, `n` is small. */
function top(scores: Float64Array, n: number): number[] {
  const best: number[] = [];
  scores.forEach((v, i) => {
    if (v <= 0 || (best.length === n && v <= scores[best[n - 1]!]!)) return;
    let k = best.length < n ? best.length : n - 1;
    while (k > 0 && scores[best[k - 1]!]! < v) k--;
    best.splice(k, 0, i);
    if (best.length > n) best.pop();
  });
  return best;
}

/** RM3-style: terms that weigh most in the top notes (by their score share), not already asked for. */
function feedbackTerms(s: PreparedSearch, docs: number[], scores: Float64Array, query: Map<string, number>, o: RankOptions): Map<string, number> {
  if (docs.length === 0) return new Map();
  const best = scores[docs[0]!]!;
  const weight = new Map<number, number>();
  for (const d of docs) {
    const share = scores[d]! / best;
    const terms = s.docTerms[d]!;
    const tfs = s.docTf[d]!;
    for (let j = 0; j < terms.length; j++) {
      const t = terms[j]!;
      const tf = tfs[j]!;
      if (s.postings[t]!.docs.length < 2) continue; // a word only this note uses says nothing about others
      weight.set(t, (weight.get(t) ?? 0) + share * (tf / (s.k1 + tf)) * s.idf[t]!);
    }
  }
  const picked = [...weight]
    .filter(([t]) => !query.has(s.vocab[t]!))
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, o.feedbackTerms);
  const max = picked[0]?.[1] ?? 1;
  return new Map(picked.map(([t, w]) => [s.vocab[t]!, (o.feedbackWeight * w) / max]));
}

/** Spreading activation one step: a note linked to a strong note gains a share of it, damped by fan-out. */
function spread(scores: Float64Array, links: RankInput['links'], o: RankOptions): Float64Array {
  const out = Float64Array.from(scores);
  for (const src of top(scores, o.linkSources)) {
    const fan = links[src]?.length ?? 0;
    if (fan === 0) continue;
    const give = (o.linkWeight * scores[src]!) / Math.sqrt(fan);
    for (const dst of links[src]!) out[dst] = out[dst]! + give;
  }
  return out;
}
