import { DEFAULT_RANK_OPTIONS, rankNotes, type RankInput, type Ranking, type RankOptions } from '../rank/rankNotes.js';
import { idf } from '../rank/searchIndex.js';
import type { Bucket } from './bucketOf.js';
import type { PackSource } from './packSource.js';
import { piecesOf } from './planEntry.js';
import { matchSections } from './sectionMatch.js';
import type { Candidate, CandidateParts } from './selectEntries.js';

/** The second pass: the top notes re-scored by their best section's match (a ranking lever, docs/pack-quality.md). */
export interface RerankOptions {
  /** How many of the top notes are re-scored. */
  top: number;
  /** A note's score is multiplied by 1 + weight · (its best section's match / the best of them). */
  weight: number;
}

export const DEFAULT_RERANK: RerankOptions = { top: 50, weight: 0.5 };

export interface PackRanking {
  ranking: Ranking;
  /** Notes in the order a pack considers them (after the second pass), with their buckets. */
  candidates: Candidate[];
  /** A candidate's stored note, kind, pieces and keywords (read from the pack data once). */
  parts: (i: number) => CandidateParts & { best: number };
}

/**
 * Rank notes for a pack: the note-level ranking (rankNotes), then the top notes' sections matched against
 * the task's and the feedback's terms, and the top re-scored by their best section.
 */
export function rankForPack(
  buckets: readonly Bucket[],
  source: PackSource,
  input: RankInput,
  rank: RankOptions = DEFAULT_RANK_OPTIONS,
  second: RerankOptions = DEFAULT_RERANK,
): PackRanking {
  const ranking = rankNotes(source, input, rank);
  // Sections are matched against the task's terms and the feedback terms (at their lower weights).
  const terms = new Map([...ranking.expansion, ...ranking.query]);
  const idfOf = (t: string) => idf(source.size, source.posting(t)?.docs.length ?? 1);
  const memo = new Map<number, CandidateParts & { best: number }>();
  const parts = (i: number) => {
    let p = memo.get(i);
    if (!p) {
      const stored = source.note(i)!;
      const match = matchSections(stored, terms, idfOf, source.analyzer(i));
      memo.set(i, (p = { stored, pieces: piecesOf(stored, stored.kind, match), keys: new Set(source.keywords(i).terms), best: match.best }));
    }
    return p;
  };
  const candidates = rerank(
    ranking.ranked.map((r) => ({ ...r, bucket: buckets[r.i]! })),
    source,
    parts,
    second,
  );
  return { ranking, candidates, parts };
}

/** The top `o.top` candidates re-scored by their best section's match, then the order again. */
function rerank(candidates: Candidate[], source: PackSource, parts: (i: number) => { best: number }, o: RerankOptions): Candidate[] {
  if (o.weight <= 0 || candidates.length === 0) return candidates;
  const head = candidates.slice(0, o.top);
  source.want(head.map((c) => c.i));
  source.check();
  const bests = head.map((c) => parts(c.i).best);
  const max = Math.max(...bests);
  if (max <= 0) return candidates;
  const rescored = head.map((c, k) => ({ ...c, score: c.score * (1 + (o.weight * bests[k]!) / max) }));
  // Notes past the re-scored ones keep their place below them (re-scoring only raises a score).
  return [...rescored.sort((a, b) => b.score - a.score || a.i - b.i), ...candidates.slice(o.top)];
}
