import type { RepoDigest } from '../discover/repoDigest.js';
import type { KbIndex } from '../index/kbIndexSchema.js';
import { rankNotes, type RankOptions, DEFAULT_RANK_OPTIONS, type TermScorer } from '../rank/rankNotes.js';
import { countTokens } from '../tokens/countTokens.js';
import { BUCKETS, bucketsOf, DEFAULT_INCLUDE, filedBuckets, type Bucket, type TypedBucket } from './bucketOf.js';
import { excerptOf, linksOf, PACK_DATA_VERSION, type PackData } from './buildPackData.js';
import { clip } from './extractExcerpt.js';
import { DEFAULT_MAX_TOKENS, MAX_TOKENS_CAP, MIN_TOKENS, type ContextPack, type PackRequest } from './packTypes.js';
import { countPackTokens, renderContextPack, type PackModel } from './renderContextPack.js';
import { repoContext } from './repoContext.js';
import { scopeNotes } from './scopeNotes.js';
import { briefEntry, DEFAULT_SELECT, selectEntries, type Chosen, type SelectOptions } from './selectEntries.js';

/** A note counts towards confidence when its score on the task's own words is this share of the best. */
export const DIRECT_SHARE = 0.3;
/** Tokens held back for the Context Summary, which is written after the selection. */
const SUMMARY_RESERVE = 90;
/** Left-out notes tried once more against the exact token count. */
const REFILL_TRIES = 3;

const TITLES: Record<Bucket, string> = { decisions: 'Decisions', lessons: 'Lessons', patterns: 'Patterns', notes: 'Other Notes', pitfalls: 'Pitfalls' };
const SINGULAR: Record<Bucket, string> = { decisions: 'decision', lessons: 'lesson', patterns: 'pattern', pitfalls: 'pitfall', notes: 'note' };

/** Tuning knobs for evaluation; the CLI and the island use the defaults. */
export interface PackTuning {
  rank: RankOptions;
  select: Omit<SelectOptions, 'room'> | undefined;
  /** Another ranker's scores in place of the pack data's BM25F (the eval's `--ranker`). */
  score: TermScorer | undefined;
}

/**
 * The task-context pack (issue 4, seed 004): rank the notes for the task, fill the budget with excerpts
 * (full entries for the best notes, one line for the rest), render the sections in the seed's order.
 * Pure and synchronous; the final Markdown never has more than `maxTokens` o200k tokens.
 */
export function buildContextPack(
  index: KbIndex,
  data: PackData,
  request: PackRequest,
  digests: readonly RepoDigest[] = [],
  tuning?: Partial<PackTuning>,
): ContextPack {
  if (data.version !== PACK_DATA_VERSION || data.noteCount !== index.notes.length) {
    throw new Error(
      `pack data (${data.noteCount} notes, version ${data.version}) does not belong to this index (${index.notes.length} notes); rebuild both together.`,
    );
  }
  const warnings: string[] = [];
  let maxTokens = request.maxTokens ?? DEFAULT_MAX_TOKENS;
  if (maxTokens > MAX_TOKENS_CAP) {
    warnings.push(`maxTokens ${maxTokens} is over the hard cap; clamped to ${MAX_TOKENS_CAP}.`);
    maxTokens = MAX_TOKENS_CAP;
  } else if (maxTokens < MIN_TOKENS) {
    warnings.push(`maxTokens ${maxTokens} cannot hold the pack's sections; raised to ${MIN_TOKENS}.`);
    maxTokens = MIN_TOKENS;
  }
  const include = BUCKETS.filter((b) => (request.include ?? DEFAULT_INCLUDE).includes(b));
  for (const b of request.include ?? [])
    if (!(BUCKETS as readonly string[]).includes(b)) warnings.push(`Unknown bucket "${b}" ignored (known: ${BUCKETS.join(', ')}).`);
  // Included typed buckets, then untyped notes (always searched), then Pitfalls (always a section).
  const sectionOrder: Bucket[] = [...include.filter((b) => b !== 'pitfalls'), 'notes', 'pitfalls'];

  const buckets = bucketsOf(index);
  const select = tuning?.select ?? { ...DEFAULT_SELECT, fullSlots: Math.max(1, Math.min(6, Math.round(maxTokens / 2000))), fullCap: fullCap(maxTokens) };
  const scope = scopeNotes(index, request.task, request);
  warnings.push(...scope.warnings);
  const ranked = rankNotes(
    data.search,
    {
      task: request.task,
      extraTerms: scope.extraTerms,
      allowed: (i) => scope.allowed(i) && sectionOrder.includes(buckets[i]!),
      factor: scope.factor,
      links: linksOf(data),
      floor: select.floor,
      score: tuning?.score,
    },
    tuning?.rank ?? DEFAULT_RANK_OPTIONS,
  );
  const repo = repoContext(index, request.task, request, digests);
  warnings.push(...repo.warnings);

  const taskText = fitTask(request.task, maxTokens);
  const bestDirect = Math.max(0, ...ranked.map((r) => r.direct));
  const isRelevant = (c: Chosen) => index.notes[c.i]!.status === 'active' && c.direct > 0 && c.direct >= bestDirect * DIRECT_SHARE;

  const model = (chosen: readonly Chosen[], notes: string[]): PackModel => ({
    task: taskText,
    summary: summaryLines(chosen, chosen.filter(isRelevant).length, notes),
    repoContext: repo.lines,
    sections: sectionOrder
      .filter((b) => b !== 'notes' || chosen.some((c) => c.bucket === 'notes'))
      .map((b) => {
        const mine = chosen.filter((c) => c.bucket === b).sort((x, y) => y.score - x.score || x.i - y.i);
        return {
          title: TITLES[b],
          full: mine.filter((c) => c.form.kind === 'full'),
          brief: mine.filter((c) => c.form.kind === 'brief'),
          empty: 'None found.',
        };
      }),
    files: repo.files,
    openQuestions: openQuestions(index, chosen, include, repo.openQuestions, chosen.filter(isRelevant).length),
  });

  const skeleton = countPackTokens(model([], warnings), countCached) + SUMMARY_RESERVE;
  const candidates = ranked.map((r) => ({ ...r, bucket: buckets[r.i]! }));
  const { chosen, truncated, left } = selectEntries(candidates, index.notes, data, { ...select, room: maxTokens - skeleton });

  if (ranked.length === 0) warnings.push('No note matches this task.');
  else if (matched(chosen).length > 0 && matched(chosen).every((c) => index.notes[c.i]!.status === 'deprecated' || index.notes[c.i]!.status === 'superseded')) {
    warnings.push('Every matching note is deprecated or superseded; they are included, labelled. Check whether their advice still holds.');
  }

  // The exact count (entries' counts from the pack data, the rest counted here): drop the lowest-ranked entry until it fits.
  let tokens = countPackTokens(model(chosen, warnings), countCached);
  while (tokens > maxTokens && chosen.length > 0) {
    const worst = chosen.reduce((w, c, k) => (c.score < chosen[w]!.score ? k : w), 0);
    truncated.push({ path: index.notes[chosen[worst]!.i]!.path, reason: 'over the token budget' });
    chosen.splice(worst, 1);
    tokens = countPackTokens(model(chosen, warnings), countCached);
  }

  // The selection's estimate leaves slack (section headings, the summary reserve): give the best left-out notes a last chance.
  for (const c of left.slice(0, REFILL_TRIES)) {
    if (maxTokens - tokens < 12) break;
    const entry = briefEntry(c, index.notes[c.i]!, excerptOf(index.notes[c.i]!, data.excerpts[c.i]!), data.entryTokens[c.i]!);
    const tryTokens = countPackTokens(model([...chosen, entry], warnings), countCached);
    if (tryTokens > maxTokens) continue;
    chosen.push(entry);
    tokens = tryTokens;
    const k = truncated.findIndex((t) => t.path === index.notes[c.i]!.path);
    if (k >= 0) truncated.splice(k, 1);
  }
  const markdown = renderContextPack(model(chosen, warnings));

  const relevant = chosen.filter(isRelevant).length;
  const order = new Map(sectionOrder.map((b, k) => [b, k]));
  const cited = [...chosen].sort(
    (x, y) => order.get(x.bucket)! - order.get(y.bucket)! || (x.form.kind === y.form.kind ? y.score - x.score || x.i - y.i : x.form.kind === 'full' ? -1 : 1),
  );
  return {
    task: request.task,
    ...(request.repo ? { repo: request.repo } : {}),
    ...(request.project ? { project: request.project } : {}),
    include: [...include],
    maxTokens,
    tokens,
    confidence: relevant >= 3 ? 'high' : relevant === 2 ? 'medium' : 'low',
    contextPackMarkdown: markdown,
    citations: cited.map((c) => ({ path: index.notes[c.i]!.path, bucket: c.bucket, status: index.notes[c.i]!.status })),
    truncated,
    warnings,
  };
}

/** Tokens one full entry may take: an eighth of the budget, but room for a lead and a section on small budgets. */
export function fullCap(maxTokens: number): number {
  return Math.max(Math.floor(maxTokens * 0.12), 240);
}

/** Notes that match the task's own words (not only through expansion or links). */
function matched(chosen: readonly Chosen[]): readonly Chosen[] {
  return chosen.filter((c) => c.direct > 0);
}

// Headings, empty-section lines and summary lines repeat from pack to pack: remember their counts.
const COUNTED = new Map<string, number>();
function countCached(text: string): number {
  if (text.length > 400) return countTokens(text);
  let n = COUNTED.get(text);
  if (n === undefined) {
    if (COUNTED.size > 20_000) COUNTED.clear();
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

function summaryLines(chosen: readonly Chosen[], relevant: number, warnings: readonly string[]): string[] {
  const confidence = relevant >= 3 ? 'high' : relevant === 2 ? 'medium' : 'low';
  const byBucket = (Object.keys(TITLES) as Bucket[])
    .map((b) => [b, chosen.filter((c) => c.bucket === b).length] as const)
    .filter(([, n]) => n > 0)
    .map(([b, n]) => `${TITLES[b].toLowerCase()} ${n}`)
    .join(', ');
  const full = chosen.filter((c) => c.form.kind === 'full').length;
  const lines = [
    `Confidence: **${confidence}** — ${relevant} active note${relevant === 1 ? ' matches' : 's match'} the task directly.`,
    chosen.length === 0
      ? 'No notes are cited.'
      : `${chosen.length} note${chosen.length === 1 ? '' : 's'} cited (${byBucket})${chosen.length > 1 ? ', best first' : ''}; ${formsLine(full, chosen.length)}. Open a cited path for the whole note.`,
  ];
  return [...lines, ...warnings.map((w) => `Warning: ${w}`)];
}

function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}

function formsLine(full: number, all: number): string {
  if (full === all) return all === 1 ? 'shown with sections' : 'all with sections';
  if (full === 0) return 'one line each';
  return `${full} with sections, the rest one line each`;
}

function openQuestions(index: KbIndex, chosen: readonly Chosen[], include: readonly TypedBucket[], fromRepo: readonly string[], relevant: number): string[] {
  const out: string[] = [];
  const filed = filedBuckets(index);
  // A bucket the knowledge base has no notes in at all is one remark about the folder, not one per bucket.
  const unfiled = include.filter((b) => b !== 'pitfalls' && !filed.has(b));
  if (unfiled.length > 0)
    out.push(
      `The knowledge base files no notes as ${listOf(unfiled.map((b) => TITLES[b].toLowerCase()))} (frontmatter \`type:\` or folder); map its folders with \`buckets:\` in kb.config.yaml.`,
    );
  for (const b of include) {
    if (b === 'pitfalls' || !filed.has(b) || chosen.some((c) => c.bucket === b)) continue;
    out.push(
      b === 'decisions'
        ? 'No recorded decision covers this task: confirm the approach with the owners before committing to one.'
        : `No ${SINGULAR[b]} in the knowledge base matches this task.`,
    );
  }
  const paths = new Set(chosen.map((c) => index.notes[c.i]!.path));
  for (const c of chosen) {
    const n = index.notes[c.i]!;
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
