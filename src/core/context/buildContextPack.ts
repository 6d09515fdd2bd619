import type { RepoDigest } from '../discover/repoDigest.js';
import { DEFAULT_RANK_OPTIONS, type RankOptions, type TermScorer } from '../rank/rankNotes.js';
import { countTokens } from '../tokens/countTokens.js';
import { BUCKETS, DEFAULT_INCLUDE, type Bucket, type TypedBucket } from './bucketOf.js';
import { clip } from './extractExcerpt.js';
import { noteFactsOf } from './packIndex.js';
import { PACK_DATA_VERSION, type PackData, type StoredNote } from './packParts.js';
import { PackSource } from './packSource.js';
import { DEFAULT_MAX_TOKENS, MAX_TOKENS_CAP, MIN_TOKENS, type ContextPack, type PackRequest } from './packTypes.js';
import { countPackTokens, FURTHER_READING, renderContextPack, type PackModel } from './renderContextPack.js';
import { planTokens, renderEntry, type EntryPlan } from './renderEntry.js';
import { repoContext } from './repoContext.js';
import { scopeNotes } from './scopeNotes.js';
import { DEFAULT_RERANK, rankForPack, type RerankOptions } from './rankForPack.js';
import {
  consideredOf,
  DEFAULT_SELECT,
  lineFloor,
  overlapsAtLeast,
  selectEntries,
  TWIN_SCORE,
  type Candidate,
  type Chosen,
  type SelectOptions,
} from './selectEntries.js';
import { agentVocabulary } from './agentVocabulary.js';
import { DEFAULT_TAIL, noteLine, tailLines, taskWords, type TailLine, type TailOptions, type TailParts } from './furtherReading.js';
import { pageSeed } from './pageSeed.js';
import { planWithin } from './planEntry.js';
import { isWhole } from './renderEntry.js';

/** A note counts towards confidence when its score on the task's own words is this share of the best. */
export const DIRECT_SHARE = 0.3;
/** Tokens held back for the Context Summary, which is written after the selection. */
const SUMMARY_RESERVE = 80;
/** Tokens left unused after which the selection runs once more with them. */
const SLACK = 16;
/** A page pack's own note may fill this share of what the sections leave (whole when it fits). */
const SEED_SHARE = 0.6;

const TITLES: Record<Bucket, string> = { decisions: 'Decisions', lessons: 'Lessons', patterns: 'Patterns', notes: 'Other Notes', pitfalls: 'Pitfalls' };

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

/** Entry budgets by pack budget: a first pass of about an eighth, growing to a third. */
export function entryCaps(maxTokens: number): { coreCap: number; deepCap: number } {
  return { coreCap: Math.max(Math.floor(maxTokens * 0.12), 240), deepCap: Math.max(Math.floor(maxTokens * 0.3), 400) };
}

/**
 * The task-context pack (docs/packs.md): rank the notes for the task, give the strongest their decisive
 * sections, lines to notes close to them, deepen while the budget lasts, render the sections in their fixed
 * order (renderContextPack.ts), then name the next-ranked notes one line each under Further reading (furtherReading.ts) in the
 * share of the budget held for them. The agent's `terms` and `tags` only add score (agentVocabulary.ts).
 * Pure and synchronous; the final Markdown never has more than `maxTokens` o200k tokens.
 * On partial pack data (the island's) it throws MissingPackParts naming what to fetch (packLoader.ts).
 */
export function buildContextPack(data: PackData, request: PackRequest, digests: readonly RepoDigest[] = [], tuning?: Partial<PackTuning>): ContextPack {
  if (data.head.version !== PACK_DATA_VERSION) {
    throw new Error(`pack data version ${data.head.version} is not ${PACK_DATA_VERSION}; build it again (kb context does, the site build does).`);
  }
  // The index as packs read it: the configuration and every note's facts, from the head; a note's text, from its shard.
  const index = data.head.index;
  const facts = noteFactsOf(index, data.head.noteCount);
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
  const scope = scopeNotes({ aliases: index.aliases, projects: index.projects, notes: facts }, request.task, request);
  warnings.push(...scope.warnings);
  const tail: TailOptions = { ...DEFAULT_TAIL, ...tuning?.tail };
  const vocabulary = agentVocabulary(
    request,
    facts.map((f) => f.tags),
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
    if (!p) tailMemo.set(i, (p = { stored: source.note(i)!, keys: new Set(source.keywords(i).terms) }));
    return p;
  };
  const words = taskWords(query, request.terms ?? []);
  const isTwin = (a: ReadonlySet<string>, b: ReadonlySet<string>) => overlapsAtLeast(a, b, select.duplicate);

  const taskText = fitTask(seed?.task ?? (request.task.trim() || query), maxTokens);
  const bestDirect = ranking.ranked.reduce((m, r) => Math.max(m, r.direct), 0);
  const filed = new Set(buckets);
  // A warning that depends on what was chosen, so every count of a pack holds it.
  const allDeprecated = (chosen: readonly Chosen[]) =>
    matched(chosen).length > 0 && matched(chosen).every((c) => facts[c.i]!.status === 'deprecated' || facts[c.i]!.status === 'superseded')
      ? ['Every matching note is deprecated or superseded; they are included, labelled. Check whether their advice still holds.']
      : [];
  const isRelevant = (c: Candidate) => facts[c.i]!.status === 'active' && c.direct > 0 && c.direct >= bestDirect * DIRECT_SHARE;
  // A chosen entry's plan is one object for the whole pack: render it once.
  const count = (text: string) => countCached(text);
  const rendered = new WeakMap<EntryPlan, string>();
  const entryOf = (c: Chosen) => {
    let text = rendered.get(c.plan);
    if (text === undefined) rendered.set(c.plan, (text = renderEntry(parts(c.i).stored, c.plan)));
    return { text, tokens: c.tokens };
  };

  const model = (chosen: readonly Chosen[], stop: StopCounts, used: number, further: readonly TailLine[] = []): PackModel => {
    return {
      task: taskText,
      summary: summaryLines(chosen, further, chosen.filter(isRelevant).length, stop, used, maxTokens, [...warnings, ...allDeprecated(chosen)]),
      repoContext: repo.lines,
      // Every included bucket and Pitfalls keep their heading, in order, an empty one saying so in one line;
      // Other Notes is there only when it holds a note.
      sections: sectionOrder
        .filter((b) => b !== 'notes' || chosen.some((c) => c.bucket === b))
        .map((b) => {
          if (!chosen.some((c) => c.bucket === b)) return { title: TITLES[b], none: `No ${TITLES[b].toLowerCase()} found for this task.` };
          const mine = chosen.filter((c) => c.bucket === b).sort((x, y) => y.score - x.score || x.i - y.i);
          return {
            title: TITLES[b],
            full: mine.filter((c) => c.plan.form === 'sections').map(entryOf),
            brief: mine.filter((c) => c.plan.form === 'line').map(entryOf),
          };
        }),
      files: repo.files,
      openQuestions: openQuestions(filed, chosen, (i) => parts(i).stored, include, repo.openQuestions, chosen.filter(isRelevant).length),
      furtherReading: further.map((l) => ({ text: l.text, tokens: count(`${l.text}\n`) })),
    };
  };

  const entryTokens = (c: Candidate, plan: EntryPlan) => planTokens(parts(c.i).stored, plan, count);
  if (ranking.ranked.length === 0) warnings.push(seed ? 'No other note matches this note’s title and headings.' : 'No note matches this task.');
  const skeleton = countPackTokens(model([], { belowCut: 0, noRoom: 0 }, maxTokens), count) + SUMMARY_RESERVE;
  // A page pack's own note comes first, in its bucket, whole when it fits its share.
  const seeded = ((): Chosen | undefined => {
    if (!seed) return undefined;
    const c: Candidate = { i: seed.i, score: Number.MAX_VALUE, direct: Math.max(bestDirect, 1), bucket: buckets[seed.i]! };
    const p = parts(seed.i);
    const cap = Math.max(select.coreCap, Math.floor((maxTokens - skeleton) * SEED_SHARE));
    const plan = planWithin(p.stored, p.pieces, cap, (x) => entryTokens(c, x)) ?? { form: 'line' as const };
    const shown = plan.form === 'line' ? 'line' : isWhole(p.stored, plan) ? 'whole' : 'sections';
    return { ...c, plan, shown, tokens: entryTokens(c, plan) };
  })();
  const seedTokens = seeded?.tokens ?? 0;
  // Held for the tail, up to its share: the lines of the notes the entries cannot cite (past their cap or their cut).
  const sure = aboveTail.slice(Math.min(select.maxCited, candidates.filter((c) => c.score >= floor).length), tail.maxNamed);
  // …never out of the room the best note's decisive sections need (small budgets stay as deep as they were).
  const spare = Math.max(0, maxTokens - skeleton - seedTokens - select.coreCap);
  const held = tailOn(tail)
    ? Math.min(
        Math.floor(maxTokens * tail.share),
        spare,
        sure.reduce((n, c) => n + count(`${noteLine(tailParts(c.i), words)}\n`), 0),
      )
    : 0;
  // Entries selected within an estimate of the room and counted exactly, until the pack has at most `limit` tokens.
  const attempt = (room: number, limit: number) => {
    const selection = selectEntries(candidates, parts, entryTokens, { ...select, room: Math.max(0, room - seedTokens) }, ranking.matched);
    const chosen = seeded ? [seeded, ...selection.chosen] : selection.chosen;
    const stop: StopCounts = { belowCut: selection.belowCut, noRoom: selection.noRoom };
    const truncated = selection.truncated;
    // Over the budget, the lowest-ranked entry with sections becomes a line, or a line goes, until it fits.
    let tokens = fixedCount(chosen, stop, model, count, maxTokens).tokens;
    while (tokens > limit && chosen.length > 0) {
      const worst = chosen.reduce((w, c, k) => (c.score < chosen[w]!.score ? k : w), 0);
      const c = chosen[worst]!;
      if (c.plan.form === 'sections') chosen[worst] = { ...c, plan: { form: 'line' }, shown: 'line', tokens: entryTokens(c, { form: 'line' }) };
      else {
        truncated.push({ path: parts(c.i).stored.path, reason: 'over the token budget' });
        chosen.splice(worst, 1);
        stop.noRoom++;
      }
      tokens = fixedCount(chosen, stop, model, count, maxTokens).tokens;
    }
    return { chosen, stop, truncated, tokens, room };
  };
  const withTail = (entries: ReturnType<typeof attempt>) => {
    const further = fillTail(entries.chosen, entries.stop, entries.tokens);
    const named = new Set(further.lines.flatMap((l) => [l.lead.i, ...l.twins.map((t) => t.i)]).map((i) => tailParts(i).stored.path));
    return { ...entries, stop: further.stop, tokens: further.tokens, truncated: entries.truncated.filter((t) => !named.has(t.path)), further: further.lines };
  };
  // The tail after the entries: one line per next-ranked note while the budget and the names cap allow.
  const fillTail = (chosen: readonly Chosen[], stop: StopCounts, tokens: number) => {
    const none = { lines: [] as TailLine[], tokens, stop };
    if (!tailOn(tail) || tokens >= maxTokens) return none;
    const shownSet = new Set(chosen.map((c) => c.i));
    const lines = tailLines(
      pool.filter((c) => !shownSet.has(c.i)),
      chosen,
      tailParts,
      words,
      isTwin,
      tail.maxNamed - chosen.length,
      TWIN_SCORE,
    );
    const stopOf = (kept: readonly TailLine[]): StopCounts => {
      const named = chosen.length + kept.reduce((n, l) => n + 1 + l.twins.length, 0);
      return { belowCut: ranking.matched - aboveTail.length, noRoom: Math.max(0, aboveTail.length - named) };
    };
    // Estimate with each line's own count, then count exactly and give back lines until the pack fits.
    const kept: TailLine[] = [];
    let left = maxTokens - tokens - count(`${FURTHER_READING}\n\n`) - TAIL_SLACK;
    for (const l of lines) {
      const cost = count(`${l.text}\n`);
      if (cost > left) continue;
      kept.push(l);
      left -= cost;
    }
    let exact = fixedCount(chosen, stopOf(kept), (c, s, u) => model(c, s, u, kept), count, maxTokens).tokens;
    while (exact > maxTokens && kept.length > 0) {
      kept.pop();
      exact = fixedCount(chosen, stopOf(kept), (c, s, u) => model(c, s, u, kept), count, maxTokens).tokens;
    }
    return kept.length === 0 ? none : { lines: kept, tokens: exact, stop: stopOf(kept) };
  };
  // The entries leave the tail what it holds. When the estimate left tokens unused, the entries are selected once
  // more with them and with what the tail took beyond its share (the tail then gets what is left): deterministic,
  // so the CLI and the island agree.
  const first = attempt(maxTokens - held - skeleton, maxTokens - held);
  let result = withTail(first);
  const limit = maxTokens - Math.min(held, result.tokens - first.tokens);
  if (limit - first.tokens > SLACK && (first.stop.noRoom > 0 || first.chosen.some((c) => c.shown === 'sections' || c.shown === 'line'))) {
    const entries = attempt(first.room + limit - first.tokens, limit);
    if (entries.tokens <= limit && entries.tokens > first.tokens) {
      const again = withTail(entries);
      if (again.tokens <= maxTokens) result = again;
    }
  }
  const { chosen, stop, truncated, further } = result;
  const withLines = (c: readonly Chosen[], s: StopCounts, u: number) => model(c, s, u, further);
  // Exact: every part is counted where it cannot join its neighbours (countBlocks.ts); the eval checks it on every pack.
  const { stated, tokens } = fixedCount(chosen, stop, withLines, count, maxTokens);
  const markdown = renderContextPack(withLines(chosen, stop, stated));
  warnings.push(...allDeprecated(chosen));

  const relevant = chosen.filter(isRelevant).length;
  const order = new Map(sectionOrder.map((b, k) => [b, k]));
  const cited = [...chosen].sort(
    (x, y) =>
      order.get(x.bucket)! - order.get(y.bucket)! || (x.plan.form === y.plan.form ? y.score - x.score || x.i - y.i : x.plan.form === 'sections' ? -1 : 1),
  );
  return {
    task: request.task.trim() === '' && seed ? seed.stored.title : request.task,
    ...(request.note !== undefined ? { note: request.note } : {}),
    ...(request.repo ? { repo: request.repo } : {}),
    ...(request.project ? { project: request.project } : {}),
    include: [...include],
    maxTokens,
    tokens,
    confidence: confidenceOf(relevant),
    contextPackMarkdown: markdown,
    citations: [
      ...cited.map((c) => ({ path: parts(c.i).stored.path, bucket: c.bucket, status: facts[c.i]!.status, shown: c.shown })),
      ...further.flatMap((l) =>
        [l.lead, ...l.twins].map((c) => ({
          path: tailParts(c.i).stored.path,
          bucket: c.bucket,
          status: facts[c.i]!.status,
          shown: 'line' as const,
          furtherReading: true as const,
        })),
      ),
    ],
    truncated,
    belowCut: stop.belowCut,
    warnings,
  };
}

/** Whether the tail is on (it names at least one note). */
function tailOn(o: TailOptions): boolean {
  return o.maxNamed > 0;
}

/** Candidates past the names cap the tail may still reach (those the entries' diversity or twins skipped). */
const POOL_SLACK = 12;

/** Tokens kept free beside the tail's estimate for the summary's longer figures. */
const TAIL_SLACK = 12;

/** Why a pack cites no more notes: how many matched below the cut, how many above it found no room. */
interface StopCounts {
  belowCut: number;
  noRoom: number;
}

/**
 * The pack's token count when its summary states that very count (a fixed point, found in a round or two).
 * Should it not settle (digits that tokenize differently one token apart), the figure stated is one off.
 */
function fixedCount(
  chosen: readonly Chosen[],
  stop: StopCounts,
  model: (chosen: readonly Chosen[], stop: StopCounts, used: number) => PackModel,
  count: (text: string) => number,
  maxTokens: number,
): { stated: number; tokens: number } {
  let stated = countPackTokens(model(chosen, stop, maxTokens), count);
  for (let k = 0; k < 4; k++) {
    const tokens = countPackTokens(model(chosen, stop, stated), count);
    if (tokens === stated || k === 3) return { stated, tokens };
    stated = tokens;
  }
  return { stated, tokens: stated };
}

/** Notes that match the task's own words (not only through expansion or links). */
function matched(chosen: readonly Chosen[]): readonly Chosen[] {
  return chosen.filter((c) => c.direct > 0);
}

// Headings, lines and blocks repeat from pack to pack and from plan to plan: remember their counts.
const COUNTED = new Map<string, number>();
function countCached(text: string): number {
  let n = COUNTED.get(text);
  if (n === undefined) {
    if (COUNTED.size > 50_000) COUNTED.clear();
    COUNTED.set(text, (n = countTokens(text)));
  }
  return n;
}

function fitTask(task: string, maxTokens: number): string {
  const limit = Math.floor(maxTokens / 4);
  const tokens = countTokens(task);
  if (tokens <= limit) return task;
  return `${clip(task, Math.floor((task.length * limit) / tokens) - 40)}\n\n_(task cut to fit the budget)_`;
}

/** How sure a pack is, from the number of active notes that match the task directly: 3 or more high, 2 medium. */
function confidenceOf(relevant: number): ContextPack['confidence'] {
  return relevant >= 3 ? 'high' : relevant === 2 ? 'medium' : 'low';
}

function summaryLines(
  chosen: readonly Chosen[],
  further: readonly TailLine[],
  relevant: number,
  stop: StopCounts,
  used: number,
  maxTokens: number,
  warnings: readonly string[],
): string[] {
  const confidence = confidenceOf(relevant);
  const byBucket = (Object.keys(TITLES) as Bucket[])
    .map((b) => [b, chosen.filter((c) => c.bucket === b).length] as const)
    .filter(([, n]) => n > 0)
    .map(([b, n]) => `${TITLES[b].toLowerCase()} ${n}`)
    .join(', ');
  const full = chosen.filter((c) => c.plan.form === 'sections').length;
  const tailNames = further.reduce((n, l) => n + 1 + l.twins.length, 0);
  const why = [
    tailNames > 0 ? `${tailNames} more named under Further reading` : '',
    stop.belowCut > 0 ? `${stop.belowCut} more scored below the cut` : '',
    stop.noRoom > 0 ? `${stop.noRoom} more did not fit the budget` : '',
  ].filter(Boolean);
  const lines = [
    `Confidence: **${confidence}** — ${relevant} active note${relevant === 1 ? ' matches' : 's match'} the task directly.`,
    chosen.length === 0
      ? 'No notes are cited.'
      : `${chosen.length} note${chosen.length === 1 ? '' : 's'} cited (${byBucket})${chosen.length > 1 ? ', best first' : ''}: ${formsLine(full, chosen.length)}${why.length ? `; ${why.join(', ')}` : ''}. ${used} of ${maxTokens} tokens used. Open a cited path for the whole note.`,
  ];
  return [...lines, ...warnings.map((w) => `Warning: ${w}`)];
}

function listOf(words: readonly string[], last: string): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} ${last} ${words[words.length - 1]}`;
}

function formsLine(full: number, all: number): string {
  if (full === all) return all === 1 ? 'shown with sections' : 'all with sections';
  if (full === 0) return 'one line each';
  return `${full} with sections, ${all - full} one line each`;
}

function openQuestions(
  filed: ReadonlySet<Bucket>,
  chosen: readonly Chosen[],
  storedOf: (i: number) => StoredNote,
  include: readonly TypedBucket[],
  fromRepo: readonly string[],
  relevant: number,
): string[] {
  const out: string[] = [];
  // A bucket the knowledge base has no notes in at all is one remark about the folder, not one per bucket.
  const unfiled = include.filter((b) => b !== 'pitfalls' && !filed.has(b));
  if (unfiled.length > 0)
    out.push(
      `The knowledge base files no notes as ${listOf(
        unfiled.map((b) => TITLES[b].toLowerCase()),
        'or',
      )} (frontmatter \`type:\` or folder); map its folders with \`buckets:\` in kb.config.yaml.`,
    );
  if (include.includes('decisions') && filed.has('decisions') && !chosen.some((c) => c.bucket === 'decisions'))
    out.push('No recorded decision covers this task: confirm the approach with the owners before committing to one.');
  const paths = new Set(chosen.map((c) => storedOf(c.i).path));
  for (const c of chosen) {
    const n = storedOf(c.i);
    if (n.status === 'superseded')
      out.push(
        `\`${n.path}\` is superseded by ${n.supersededBy ?? 'a newer note'}${paths.size > 1 ? '; where cited notes disagree, prefer the newer one' : ''}.`,
      );
    else if (n.status === 'deprecated') out.push(`\`${n.path}\` is deprecated: does its advice still hold?`);
  }
  out.push(...fromRepo);
  if (relevant < 2) out.push('Few notes match this task directly; the knowledge base may not cover it.');
  return out;
}
