import { countTokens } from '../tokens/countTokens.js';
import type { TokenCounter } from '../tokens/tokenCounter.js';
import type { Bucket, TypedBucket } from './bucketOf.js';
import { clip } from './extractExcerpt.js';
import type { TailLine } from './furtherReading.js';
import type { StoredNote } from './packParts.js';
import type { ContextPack } from './packTypes.js';
import type { RankedPack } from './rankPack.js';
import { countPackTokens, renderContextPack, type PackModel } from './renderContextPack.js';
import { renderEntry, type EntryPlan } from './renderEntry.js';
import type { Candidate, Chosen } from './selectEntries.js';
import type { PackMeasure, PackSelection, StopCounts } from './selectPack.js';

/** A note counts towards confidence when its score on the task's own words is this share of the best. */
export const DIRECT_SHARE = 0.3;

const TITLES: Record<Bucket, string> = { decisions: 'Decisions', lessons: 'Lessons', patterns: 'Patterns', notes: 'Other Notes', pitfalls: 'Pitfalls' };

/** The render stage: the pack's exact count while it is selected, then the pack itself. */
export interface PackRenderer extends PackMeasure {
  /** The ContextPack of a selection: its Markdown, citations, confidence and warnings. */
  render(selection: PackSelection): ContextPack;
}

/**
 * The pack's last stage: the selection as the pack's sections in their fixed order (renderContextPack.ts), the
 * Context Summary stating the pack's own token count (a fixed point), the open questions, and the citations.
 * The selection asks it for exact counts as it goes (`exact`), and each entry is rendered once per pack.
 */
export function packRenderer(ranked: RankedPack, count: TokenCounter): PackRenderer {
  const { request, facts, maxTokens, seed, sectionOrder, include, repo, filed, bestDirect } = ranked;
  const taskText = fitTask(seed?.task ?? (request.task.trim() || ranked.query), maxTokens);
  const isRelevant = (c: Candidate) => facts[c.i]!.status === 'active' && c.direct > 0 && c.direct >= bestDirect * DIRECT_SHARE;
  // A warning that depends on what was chosen, so every count of a pack holds it.
  const allDeprecated = (chosen: readonly Chosen[]) =>
    matched(chosen).length > 0 && matched(chosen).every((c) => facts[c.i]!.status === 'deprecated' || facts[c.i]!.status === 'superseded')
      ? ['Every matching note is deprecated or superseded; they are included, labelled. Check whether their advice still holds.']
      : [];
  const stored = (i: number) => ranked.parts(i).stored;
  // A chosen entry's plan is one object for the whole pack: render it once.
  const rendered = new WeakMap<EntryPlan, string>();
  const entryOf = (c: Chosen) => {
    let text = rendered.get(c.plan);
    if (text === undefined) rendered.set(c.plan, (text = renderEntry(stored(c.i), c.plan)));
    return { text, tokens: c.tokens };
  };

  const model = (chosen: readonly Chosen[], stop: StopCounts, used: number, further: readonly TailLine[]): PackModel => {
    const relevant = chosen.filter(isRelevant).length;
    return {
      task: taskText,
      summary: summaryLines(chosen, further, relevant, stop, used, maxTokens, [...ranked.warnings, ...allDeprecated(chosen)]),
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
      openQuestions: openQuestions(filed, chosen, stored, include, repo.openQuestions, relevant),
      furtherReading: further.map((l) => ({ text: l.text, tokens: count(`${l.text}\n`) })),
    };
  };
  // Exact: every part is counted where it cannot join its neighbours (countBlocks.ts); the eval checks it on every pack.
  const fixed = (chosen: readonly Chosen[], stop: StopCounts, further: readonly TailLine[]) =>
    fixedCount((u) => model(chosen, stop, u, further), count, maxTokens);

  return {
    bare: countPackTokens(model([], { belowCut: 0, noRoom: 0 }, maxTokens, []), count),
    exact: (chosen, stop, further) => fixed(chosen, stop, further).tokens,
    render({ chosen, stop, truncated, further }) {
      const { stated, tokens } = fixed(chosen, stop, further);
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
        confidence: confidenceOf(chosen.filter(isRelevant).length),
        contextPackMarkdown: renderContextPack(model(chosen, stop, stated, further)),
        citations: [
          ...cited.map((c) => ({ path: stored(c.i).path, bucket: c.bucket, status: facts[c.i]!.status, shown: c.shown })),
          ...further.flatMap((l) =>
            [l.lead, ...l.twins].map((c) => ({
              path: ranked.tailParts(c.i).stored.path,
              bucket: c.bucket,
              status: facts[c.i]!.status,
              shown: 'line' as const,
              furtherReading: true as const,
            })),
          ),
        ],
        truncated,
        belowCut: stop.belowCut,
        warnings: [...ranked.warnings, ...allDeprecated(chosen)],
      };
    },
  };
}

/**
 * The pack's token count when its summary states that very count (a fixed point, found in a round or two).
 * Should it not settle (digits that tokenize differently one token apart), the figure stated is one off.
 */
function fixedCount(model: (used: number) => PackModel, count: TokenCounter, maxTokens: number): { stated: number; tokens: number } {
  let stated = countPackTokens(model(maxTokens), count);
  for (let k = 0; k < 4; k++) {
    const tokens = countPackTokens(model(stated), count);
    if (tokens === stated || k === 3) return { stated, tokens };
    stated = tokens;
  }
  return { stated, tokens: stated };
}

/** Notes that match the task's own words (not only through expansion or links). */
function matched(chosen: readonly Chosen[]): readonly Chosen[] {
  return chosen.filter((c) => c.direct > 0);
}

/** The task as the pack shows it: cut to a quarter of the budget. */
function fitTask(task: string, maxTokens: number): string {
  const limit = Math.floor(maxTokens / 4);
  const tokens = countTokens(task);
  if (tokens <= limit) return task;
  return `${clip(task, Math.floor((task.length * limit) / tokens) - 40)}\n\n_(task cut to fit the budget)_`;
}

/** How sure a pack is, from the number of active notes that match the task directly: 3 or more high, 2 medium. */
export function confidenceOf(relevant: number): ContextPack['confidence'] {
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
