import type { Analyzer } from '../text/analyzer.js';
import { ENGLISH } from '../text/folderText.js';
import { bigrams } from './analyze.js';
import { feedbackDocs } from './feedbackDocs.js';
import { scoreTerms, type PostingSource } from './searchIndex.js';

/** The ranking levers (docs/pack-quality.md); each can be switched off to measure what it buys (`npm run eval:packs -- --ablate`). */
export interface RankOptions {
  /** Word pairs of the task matched against the phrase field. */
  phrases: boolean;
  /** Pseudo-relevance feedback: notes read as relevant and terms taken from them. */
  feedbackDocs: number;
  feedbackTerms: number;
  /** The best notes the feedback notes are chosen from (feedbackDocs.ts). */
  feedbackPool: number;
  /** How much a feedback note's keyword overlap with those already chosen discounts it (0: the best notes, in order). */
  feedbackDiversity: number;
  /** Weight of the strongest feedback term, relative to a task term. */
  feedbackWeight: number;
  /** Share of a strong neighbour's score a note gains through a link, wikilink or Markdown (spreading activation). */
  linkWeight: number;
  /** How many top notes spread activation. */
  linkSources: number;
}

export const DEFAULT_RANK_OPTIONS: RankOptions = {
  phrases: true,
  feedbackDocs: 8,
  feedbackTerms: 40,
  feedbackPool: 12,
  feedbackDiversity: 0.3,
  feedbackWeight: 0.4,
  linkWeight: 0.25,
  linkSources: 12,
};

/**
 * What ranking reads beyond postings: each note's keywords (feedback) and link neighbours. `want` asks
 * for notes a stage will read and `check` stops the ranking when parts are missing (packSource.ts).
 */
export interface RankSource extends PostingSource {
  keywords(i: number): { terms: readonly string[]; weights: readonly number[] };
  links(i: number): readonly number[];
  want(notes: Iterable<number>): void;
  check(): void;
}

export interface RankInput {
  task: string;
  /** The analyzers the task is read with (folderText.ts `task`); default: English alone. */
  text?: readonly Analyzer[] | undefined;
  /** Extra weighted terms (aliases resolved, project tags), already analysed. */
  extraTerms?: ReadonlyMap<string, number> | undefined;
  /** Notes that may be returned (filters applied by the caller). */
  allowed: (i: number) => boolean;
  /** Multiplier per note (status penalties, hint and scope boosts). */
  factor: (i: number) => number;
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

/** A ranking and the weighted terms it was computed for (the task's, then feedback's). */
export interface Ranking {
  /** Notes at or above the floor, best first. */
  ranked: Ranked[];
  /** Notes that scored at all (above the floor or not). */
  matched: number;
  query: Map<string, number>;
  expansion: Map<string, number>;
}

/**
 * Rank notes for a task: BM25F on the task, feedback expansion, spreading along links, penalties.
 * Linear in the number of notes apart from sorting what is returned (`floor` keeps that short).
 */
export function rankNotes(s: RankSource, input: RankInput, options: RankOptions = DEFAULT_RANK_OPTIONS): Ranking {
  const allowed = new Uint8Array(s.size);
  const gate = new Float64Array(s.size);
  for (let i = 0; i < s.size; i++) if (input.allowed(i)) [allowed[i], gate[i]] = [1, input.factor(i)];
  const query = taskQuery(input.task, options, input.text);
  for (const [t, w] of input.extraTerms ?? []) query.set(t, Math.max(query.get(t) ?? 0, w));
  const score = input.score ?? ((q: ReadonlyMap<string, number>) => scoreTerms(s, q));
  const direct = score(query);
  s.check();
  const gated = (raw: Float64Array) => raw.map((v, i) => v * gate[i]!);
  let scores = gated(direct);

  let expansion = new Map<string, number>();
  if (options.feedbackDocs > 0 && options.feedbackTerms > 0) {
    const pool = top(scores, options.feedbackDiversity > 0 ? Math.max(options.feedbackDocs, options.feedbackPool) : options.feedbackDocs);
    s.want(pool);
    s.check();
    const keys = new Map(pool.map((i) => [i, new Set(s.keywords(i).terms)]));
    const docs = feedbackDocs(pool, scores, (i) => keys.get(i)!, options.feedbackDocs, options.feedbackDiversity);
    expansion = feedbackTerms(s, docs, scores, query, options);
    if (expansion.size > 0) {
      scores = gated(score(new Map([...query, ...expansion])));
      s.check();
    }
  }
  if (options.linkWeight > 0) {
    const sources = top(scores, options.linkSources);
    s.want(sources);
    s.check();
    scores = spread(scores, sources, s, options).map((v, i) => (allowed[i] ? v : 0));
  }

  let best = 0;
  for (const v of scores) if (v > best) best = v;
  const threshold = Math.max(Number.MIN_VALUE, best * (input.floor ?? 0));
  const order: number[] = [];
  let matched = 0;
  scores.forEach((v, i) => {
    if (v > 0) matched++;
    if (v >= threshold) order.push(i);
  });
  order.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return { ranked: order.map((i) => ({ i, score: scores[i]!, direct: direct[i]! })), matched, query, expansion };
}

/**
 * Task words weighted by repetition (diminishing), plus its word pairs for the phrase field; read with each of
 * `text`'s analyzers, a term the readings share keeping its highest weight.
 */
export function taskQuery(task: string, options: Pick<RankOptions, 'phrases'>, text: readonly Analyzer[] = ENGLISH.task()): Map<string, number> {
  const query = new Map<string, number>();
  for (const analyzer of text) {
    const terms = analyzer.terms(task);
    const reading = new Map<string, number>();
    for (const t of terms) reading.set(t, reading.has(t) ? Math.min(2, reading.get(t)! + 0.5) : 1);
    if (options.phrases) for (const p of bigrams(terms)) reading.set(p, 1);
    for (const [t, w] of reading) query.set(t, Math.max(query.get(t) ?? 0, w));
  }
  return query;
}

/** The `n` best notes with a positive score, best first (ties: index order); one pass, `n` is small. */
export function top(scores: Float64Array, n: number): number[] {
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

/** RM3-style: terms that weigh most in the top notes' keywords (by their score share), not already asked for. */
function feedbackTerms(s: RankSource, docs: number[], scores: Float64Array, query: Map<string, number>, o: RankOptions): Map<string, number> {
  if (docs.length === 0) return new Map();
  const best = scores[docs[0]!]!;
  const weight = new Map<string, number>();
  for (const d of docs) {
    const share = scores[d]! / best;
    const { terms, weights } = s.keywords(d);
    terms.forEach((t, k) => weight.set(t, (weight.get(t) ?? 0) + share * weights[k]!));
  }
  const picked = [...weight]
    .filter(([t]) => !query.has(t))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, o.feedbackTerms);
  const max = picked[0]?.[1] ?? 1;
  return new Map(picked.map(([t, w]) => [t, (o.feedbackWeight * w) / max]));
}

/** Spreading activation one step: a note linked to a strong note gains a share of it, damped by fan-out. */
function spread(scores: Float64Array, sources: readonly number[], s: RankSource, o: RankOptions): Float64Array {
  const out = Float64Array.from(scores);
  for (const src of sources) {
    const links = s.links(src);
    if (links.length === 0) continue;
    const give = (o.linkWeight * scores[src]!) / Math.sqrt(links.length);
    for (const dst of links) out[dst] = out[dst]! + give;
  }
  return out;
}
