import type { RepoDigest } from '../discover/repoDigest.js';
import { DEFAULT_RANK_OPTIONS, type RankOptions, type Ranking, type TermScorer } from '../rank/rankNotes.js';
import { agentVocabulary } from './agentVocabulary.js';
import { BUCKETS, DEFAULT_INCLUDE, type Bucket, type TypedBucket } from './bucketOf.js';
import { DEFAULT_TAIL, taskWords, type TailOptions, type TailParts, type TaskWord } from './furtherReading.js';
import { noteFilingOf, type NoteFiling } from './packIndex.js';
import { PACK_DATA_VERSION, type PackData } from './packParts.js';
import { PackSource } from './packSource.js';
import { DEFAULT_MAX_TOKENS, MAX_TOKENS_CAP, MIN_TOKENS, type PackRequest } from './packTypes.js';
import { pageSeed, type PageSeed } from './pageSeed.js';
import { DEFAULT_RERANK, rankForPack, type PackRanking, type RerankOptions } from './rankForPack.js';
import { repoContext, type RepoContext } from './repoContext.js';
import { scopeNotes } from './scopeNotes.js';
import { consideredOf, DEFAULT_SELECT, lineFloor, type Candidate, type SelectOptions } from './selectEntries.js';

/** Tuning knobs for evaluation; the CLI and the island use the defaults. */
export interface PackTuning {
  rank: RankOptions;
  rerank: RerankOptions;
  select: Partial<Omit<SelectOptions, 'room'>>;
  /** The Further reading tail (`maxNamed: 0` turns it off). */
  tail: Partial<TailOptions>;
  /** Another ranker's scores in place of the pack data's BM25F (the eval's `--ranker`). */
  score: TermScorer | undefined;
}

/** Candidates past the names cap the tail may still reach (those the entries' diversity or twins skipped). */
const POOL_SLACK = 12;

/** Entry budgets by pack budget: a first pass of about an eighth, growing to a third. */
export function entryCaps(maxTokens: number): { coreCap: number; deepCap: number } {
  return { coreCap: Math.max(Math.floor(maxTokens * 0.12), 240), deepCap: Math.max(Math.floor(maxTokens * 0.3), 400) };
}

/** Whether the tail is on (it names at least one note). */
export function tailOn(o: TailOptions): boolean {
  return o.maxNamed > 0;
}

/** The rank stage's answer: the request read against the pack data, and the notes ranked for it. */
export interface RankedPack {
  request: PackRequest;
  /** Every note's facts (bucket, status, tags), by note number. */
  facts: readonly NoteFiling[];
  /** Every note's bucket, by note number. */
  buckets: readonly Bucket[];
  /** The warnings known before selection: the budget clamped, an unknown bucket or note, scope and codebases, no match. */
  warnings: readonly string[];
  /** The budget, within MIN_TOKENS and MAX_TOKENS_CAP. */
  maxTokens: number;
  /** A page pack's own note, when the request names one the folder has. */
  seed: PageSeed | undefined;
  /** What the notes were ranked against: the task, or a page pack's note words. */
  query: string;
  /** The typed buckets shown (the request's, and the seed's). */
  include: readonly TypedBucket[];
  /** The pack's bucket sections in order: included typed buckets, Other Notes, Pitfalls. */
  sectionOrder: readonly Bucket[];
  /** The selection's settings (the defaults, the budget's entry caps, the tuning). */
  select: Omit<SelectOptions, 'room'>;
  /** The Further reading tail's settings. */
  tail: TailOptions;
  ranking: Ranking;
  /** The notes a pack may cite, best first (after re-scoring). */
  candidates: readonly Candidate[];
  /** A candidate's stored note, pieces and keywords. */
  parts: PackRanking['parts'];
  /** A tail candidate's stored note and keywords. */
  tailParts: (i: number) => TailParts;
  /** Repo/Project Context, Files to Inspect and their open questions. */
  repo: RepoContext;
  /** The lowest score an entry may have. */
  floor: number;
  /** Candidates over the tail's floor, and the first of them the tail may name. */
  aboveTail: readonly Candidate[];
  pool: readonly Candidate[];
  /** The task's words and the agent's terms, as written and analysed (the tail's lines name them). */
  words: readonly TaskWord[];
  /** The best score any note has on the task's own words. */
  bestDirect: number;
  /** The buckets the folder files any note in. */
  filed: ReadonlySet<Bucket>;
}

/**
 * The pack's first stage: check the pack data, clamp the budget, find a page pack's note, scope the notes to the
 * repo and project, rank them for the task and the agent's words (rankForPack.ts), read the codebases' context,
 * and make sure the text of every note the selection may read is loaded. On partial pack data (the island's) it
 * throws MissingPackParts naming what to fetch (packLoader.ts).
 */
export function rankPack(data: PackData, request: PackRequest, digests: readonly RepoDigest[] = [], tuning?: Partial<PackTuning>): RankedPack {
  if (data.head.version !== PACK_DATA_VERSION) {
    throw new Error(`pack data version ${data.head.version} is not ${PACK_DATA_VERSION}; build it again (kb context does, the site build does).`);
  }
  // The index as packs read it: the configuration and every note's facts, from the head; a note's text, from its shard.
  const index = data.head.index;
  const facts = noteFilingOf(index, data.head.noteCount);
  const warnings: string[] = [];
  let maxTokens = request.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (maxTokens > MAX_TOKENS_CAP) {
    warnings.push(`maxTokens ${maxTokens} is over the hard cap; clamped to ${MAX_TOKENS_CAP}.`);
    maxTokens = MAX_TOKENS_CAP;
  } else if (maxTokens < MIN_TOKENS) {
    warnings.push(`maxTokens ${maxTokens} cannot hold the pack's sections; raised to ${MIN_TOKENS}.`);
    maxTokens = MIN_TOKENS;
  }
  // A page pack (`note`): the note first, then the notes around it, ranked by its title and headings (pageSeed.ts).
  const source = new PackSource(data);
  const seed = request.note === undefined ? undefined : pageSeed(data, source, facts, request.note, request.task.trim());
  if (request.note !== undefined && !seed) warnings.push(`No note at ${request.note}; the pack is for the task alone.`);
  const query = seed?.query ?? (request.task.trim() || (request.note ?? ''));
  // The seed's bucket is shown even when the request leaves it out.
  const include = BUCKETS.filter((b) => (request.include ?? DEFAULT_INCLUDE).includes(b) || (seed && facts[seed.i]!.bucket === b));
  for (const b of request.include ?? [])
    if (!(BUCKETS as readonly string[]).includes(b)) warnings.push(`Unknown bucket "${b}" ignored (known: ${BUCKETS.join(', ')}).`);
  // Included typed buckets, then untyped notes (always searched), then Pitfalls (always a section).
  const sectionOrder: Bucket[] = [...include.filter((b) => b !== 'pitfalls'), 'notes', 'pitfalls'];

  const buckets = facts.map((f) => f.bucket);
  const select: Omit<SelectOptions, 'room'> = { ...DEFAULT_SELECT, ...entryCaps(maxTokens), ...tuning?.select };
  // The task's language (the request's, else a page pack's note's, else the folder's) and each other one of the folder.
  const text = source.text.task(request.lang ?? (seed && request.task.trim() === '' ? facts[seed.i]!.lang : undefined));
  const scope = scopeNotes({ aliases: index.aliases, projects: index.projects, notes: facts }, request.task, request, text);
  warnings.push(...scope.warnings);
  const tail: TailOptions = { ...DEFAULT_TAIL, ...tuning?.tail };
  const vocabulary = agentVocabulary(
    request,
    facts.map((f) => f.tags),
    text,
  );
  const extraTerms = new Map(scope.extraTerms);
  for (const [t, w] of vocabulary.extraTerms) extraTerms.set(t, Math.max(extraTerms.get(t) ?? 0, w));
  const boost = vocabulary.factor;
  const rerankOptions = tuning?.rerank ?? DEFAULT_RERANK;
  const { ranking, candidates, parts } = rankForPack(
    buckets,
    source,
    {
      task: query,
      text,
      extraTerms,
      allowed: (i) => scope.allowed(i) && sectionOrder.includes(buckets[i]!) && (!seed || (i !== seed.i && (seed.around.size === 0 || seed.around.has(i)))),
      factor: boost ? (i) => scope.factor(i) * boost(i) : scope.factor,
      score: tuning?.score,
      // Re-scoring raises a score by 1 + weight at most: notes under this share of the best can never be cited.
      floor: Math.min(select.topShare, tailOn(tail) ? tail.floor : 1) / (1 + Math.max(0, rerankOptions.weight)),
    },
    tuning?.rank ?? DEFAULT_RANK_OPTIONS,
    rerankOptions,
  );
  const repo = repoContext(index, request.task, request, digests);
  warnings.push(...repo.warnings);

  const floor = lineFloor(candidates, select);
  // The tail's pool: candidates over its floor, as far as a pack can name (and a few the entries skip).
  const tailFloor = tailOn(tail) ? (candidates[0]?.score ?? 0) * tail.floor : Infinity;
  const aboveTail = candidates.filter((c) => c.score >= tailFloor);
  const pool = aboveTail.slice(0, tail.maxNamed + POOL_SLACK);
  source.want([
    ...candidates
      .filter((c) => c.score >= floor)
      .slice(0, consideredOf(select))
      .map((c) => c.i),
    ...pool.map((c) => c.i),
  ]);
  source.check();
  const tailMemo = new Map<number, TailParts>();
  const tailParts = (i: number): TailParts => {
    let p = tailMemo.get(i);
    if (!p) tailMemo.set(i, (p = { stored: source.note(i)!, keys: new Set(source.keywords(i).terms), analyzer: source.analyzer(i) }));
    return p;
  };
  if (ranking.ranked.length === 0) warnings.push(seed ? 'No other note matches this note’s title and headings.' : 'No note matches this task.');
  return {
    request,
    facts,
    buckets,
    warnings,
    maxTokens,
    seed,
    query,
    include,
    sectionOrder,
    select,
    tail,
    ranking,
    candidates,
    parts,
    tailParts,
    repo,
    floor,
    aboveTail,
    pool,
    words: taskWords(query, request.terms ?? [], text),
    bestDirect: ranking.ranked.reduce((m, r) => Math.max(m, r.direct), 0),
    filed: new Set(buckets),
  };
}
