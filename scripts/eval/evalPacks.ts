import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { z } from 'zod';
import { buildContextPack, type PackTuning } from '../../src/core/context/buildContextPack.js';
import { bucketsOf } from '../../src/core/context/bucketOf.js';
import { DEFAULT_RERANK, rankForPack } from '../../src/core/context/rankForPack.js';
import { DEFAULT_RANK_OPTIONS, type RankOptions, type TermScorer } from '../../src/core/rank/rankNotes.js';
import { searchFields } from '../../src/core/context/buildPackData.js';
import { PackSource } from '../../src/core/context/packSource.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { createTokenCounter, type TokenCounter } from '../../src/core/tokens/tokenCounter.js';
import { loadPackInputs, type PackInputs } from '../../src/node/context/loadPackInputs.js';
import { miniSearchRanker, MINISEARCH_DEFAULT } from './miniSearchRanker.js';
import { recallOf, type LabelledTask } from './recall.js';

const USAGE =
  'Usage: npm run eval:packs -- --kb DIR --set TASKS.json [--max-tokens N] [--ranker bm25f|minisearch|minisearch-flat] [--json] [--ablate] [--quiet] [--terms-from-labels] [--mixed-with DIR]';

const taskSet = z.array(
  z.object({
    id: z.string(),
    task: z.string(),
    lexical: z.boolean().default(false),
    /** The task's language (BCP 47); default the folder's site.locale, as for kb context. */
    lang: z.string().optional(),
    relevant: z.array(z.object({ path: z.string(), grade: z.number(), why: z.string().optional() })),
  }),
);

interface TaskResult {
  id: string;
  lexical: boolean;
  tokens: number;
  overBudget: boolean;
  /** The pack's own `tokens` differs from the tokenizer's count of its Markdown. */
  miscounted: boolean;
  ms: number;
  cited: number;
  /** Notes given with content (sections or blocks), labelled or not. */
  sectionNotes: number;
  found: string[];
  /** Labelled notes whose content (not only a line) is in the pack. */
  asSections: string[];
  /** Labelled notes cited with one line only. */
  lineOnly: string[];
  missed: { path: string; grade: number; rank: number | null; why: string }[];
  /** Unlabelled notes cited ahead of the first missed label. */
  above: string[];
  /** With `--mixed-with`: citations from the second folder, and the place of the first (-1: none). */
  fromOther: number;
  firstFromOther: number;
}

/** Run every task through the exact `kb context` path and score the citations against the labels. */
export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      kb: { type: 'string' },
      set: { type: 'string' },
      'max-tokens': { type: 'string' },
      json: { type: 'boolean' },
      ablate: { type: 'boolean' },
      quiet: { type: 'boolean' },
      'terms-from-labels': { type: 'boolean' },
      ranker: { type: 'string', default: 'bm25f' },
      'mixed-with': { type: 'string' },
    },
  });
  if (!values.kb || !values.set) {
    console.error(USAGE);
    return 2;
  }
  const maxTokens = Number(values['max-tokens'] ?? 6000);
  const labelled: LabelledTask[] = taskSet.parse(JSON.parse(readFileSync(resolve(values.set), 'utf8')));
  if (values['mixed-with'] !== undefined && !existsSync(resolve(values['mixed-with']))) {
    console.error(`--mixed-with ${values['mixed-with']}: no such folder\n${USAGE}`);
    return 2;
  }
  const mixed = values['mixed-with'] ? mixedFolder(resolve(values.kb), resolve(values['mixed-with'])) : undefined;
  try {
    return run(values, mixed ? mixed.tasks(labelled) : labelled, mixed?.dir ?? resolve(values.kb), maxTokens, mixed?.other);
  } finally {
    if (mixed) rmSync(mixed.dir, { recursive: true, force: true });
  }
}

/**
 * `--mixed-with DIR`: the labelled folder and another one copied side by side into a temporary folder
 * (`task/` and `other/`), so a task's notes compete with a second team's. A team's folder mixes topics;
 * this measures how much a pack is drawn away by notes that only share its everyday words. Each folder's own
 * kb.config.yaml is not read there (the mixed folder has none at its top): use it on folders without one.
 */
function mixedFolder(kb: string, other: string) {
  const dir = mkdtempSync(join(tmpdir(), 'kb-eval-mixed-'));
  const skip = (src: string) => !['.git', 'node_modules', '.kb-cache'].includes(basename(src));
  cpSync(kb, join(dir, 'task'), { recursive: true, filter: skip });
  cpSync(other, join(dir, 'other'), { recursive: true, filter: skip });
  return {
    dir,
    other: 'other/',
    tasks: (tasks: LabelledTask[]) => tasks.map((t) => ({ ...t, relevant: t.relevant.map((r) => ({ ...r, path: `task/${r.path}` })) })),
  };
}

function run(
  values: {
    json?: boolean | undefined;
    ablate?: boolean | undefined;
    quiet?: boolean | undefined;
    ranker?: string | undefined;
    'terms-from-labels'?: boolean | undefined;
  },
  tasks: LabelledTask[],
  kbDir: string,
  maxTokens: number,
  other: string | undefined,
): number {
  const t0 = performance.now();
  const loaded = loadPackInputs(kbDir);
  const score = rankerOf(values.ranker, loaded);
  if (score === null) {
    console.error(`Unknown --ranker ${values.ranker}\n${USAGE}`);
    return 2;
  }
  const inputs: EvalInputs = {
    ...loaded,
    score,
    count: createTokenCounter(),
    termsOf: values['terms-from-labels'] ? labelTerms(loaded) : () => undefined,
    other,
  };
  const loadMs = performance.now() - t0;

  const results = tasks.map((t) => runTask(inputs, t, maxTokens));
  const summary = summarise(tasks, results, maxTokens, loadMs, inputs);
  const baseline = wholeNoteBaseline(inputs, tasks, maxTokens);
  const rankingRecall = rankingRecallAt(inputs, tasks, [10, 25, 50, 100]);
  const ablations = values.ablate ? ablate(inputs, tasks, maxTokens) : undefined;

  if (values.json) {
    console.log(JSON.stringify({ ...summary, baseline, rankingRecall, ...(ablations ? { ablations } : {}), tasks: results }, null, 2));
  } else {
    console.log(formatSummary(summary, baseline));
    if (other) {
      const all = results.reduce((a, r) => a + r.cited, 0);
      const fromOther = results.reduce((a, r) => a + r.fromOther, 0);
      const drawn = results.filter((r) => r.firstFromOther === 0).length;
      console.log(
        `Mixed with a second folder: ${fromOther} of ${all} citations (${((100 * fromOther) / Math.max(1, all)).toFixed(1)}%) are its notes; ${drawn} of ${results.length} packs open with one`,
      );
    }
    console.log(
      `Ranking alone (before the budget), recall of the top k: ${rankingRecall.map((r) => `@${r.k} ${r.recall.toFixed(3)} (paraphrased ${r.paraphrased.toFixed(3)})`).join(', ')}`,
    );
    if (ablations) {
      console.log(
        '\nLevers (each switched off alone): pack recall all / grade-2 / paraphrased; as sections all / paraphrased; ranking top-25 all / paraphrased; mean tokens; mean cited',
      );
      for (const a of ablations)
        console.log(
          `  ${a.lever.padEnd(34)} ${a.recall.toFixed(3)} / ${a.grade2.toFixed(3)} / ${a.paraphrased.toFixed(3)}   ${a.asSections.toFixed(3)} / ${a.asSectionsParaphrased.toFixed(3)}   ${a.top25.toFixed(3)} / ${a.top25Paraphrased.toFixed(3)}   ${Math.round(a.meanTokens)}   ${a.meanCited.toFixed(1)}`,
        );
    }
    if (!values.quiet) {
      console.log('\nPer task (missed labels: grade, rank in the ranking, path; cited above them; labels given only a line):');
      for (const r of results) {
        console.log(
          `  ${r.id}${r.lexical ? ' (lexical)' : ''}: ${r.found.length}/${r.found.length + r.missed.length} found, ${r.asSections.length} as sections, ${r.cited} cited, ${r.tokens} tokens, ${r.ms.toFixed(1)} ms`,
        );
        for (const m of r.missed) console.log(`    missed g${m.grade} rank ${m.rank ?? '—'}: ${m.path}`);
        for (const p of r.lineOnly) console.log(`    only a line: ${p}`);
        if (r.missed.length) console.log(`    cited above: ${r.above.slice(0, 3).join(' | ')}`);
      }
    }
  }
  return summary.budgetViolations > 0 || summary.miscounted > 0 ? 1 : 0;
}

/** The pack inputs and the ranker under test (undefined: the pack data's own BM25F). */
type EvalInputs = PackInputs & {
  score: TermScorer | undefined;
  /** One token counter for every pack of the run, as a server or a site build keeps one. */
  count: TokenCounter;
  termsOf: (t: LabelledTask) => string[] | undefined;
  /** `--mixed-with`: the second folder's path prefix. */
  other: string | undefined;
};

/**
 * `--terms-from-labels`: a stand-in for the words an agent would pass after reading list_tags: the tags and
 * categories of the task's labelled notes (as words: hyphens and slashes become spaces).
 */
function labelTerms(inputs: PackInputs): (t: LabelledTask) => string[] {
  const byPath = new Map(inputs.index.notes.map((n) => [n.path, n]));
  return (t) => {
    const words = new Set<string>();
    for (const r of t.relevant) {
      const n = byPath.get(r.path);
      for (const tag of n?.tags ?? []) words.add(tag.replace(/[-/_]/g, ' '));
      if (n?.category) words.add(n.category);
    }
    return [...words].sort();
  };
}

/** `--ranker`: the scorer that replaces the pack data's BM25F; null for an unknown name. */
function rankerOf(name: string | undefined, inputs: PackInputs): TermScorer | undefined | null {
  if (name === 'bm25f') return undefined;
  if (name !== 'minisearch' && name !== 'minisearch-flat') return null;
  const fields = searchFields(inputs.index, inputs.bodies);
  return miniSearchRanker(fields, name === 'minisearch' ? MINISEARCH_DEFAULT : { noCoordination: true, bm25: { k: 1.2, b: 0.7, d: 0 } }).score;
}

function runTask(inputs: EvalInputs, t: LabelledTask, maxTokens: number, tuning?: Partial<PackTuning>): TaskResult {
  const start = performance.now();
  const terms = inputs.termsOf(t);
  const pack = buildContextPack(inputs.data, { task: t.task, maxTokens, ...(terms ? { terms } : {}), ...(t.lang ? { lang: t.lang } : {}) }, [], {
    count: inputs.count,
    tuning: { score: inputs.score, ...tuning },
  });
  const ms = performance.now() - start;
  const cited = pack.citations.map((c) => c.path);
  const citedSet = new Set(cited);
  const withSections = new Set(pack.citations.filter((c) => c.shown !== 'line').map((c) => c.path));
  const order = rankingOf(inputs, t, tuning);
  const labelled = new Set(t.relevant.map((r) => r.path));
  const missed = t.relevant.filter((r) => !citedSet.has(r.path)).map((r) => ({ path: r.path, grade: r.grade, rank: rankOf(order, r.path), why: r.why ?? '' }));
  const firstMissedRank = Math.min(...missed.map((m) => m.rank ?? Infinity));
  return {
    id: t.id,
    lexical: t.lexical,
    tokens: countTokens(pack.contextPackMarkdown),
    overBudget: countTokens(pack.contextPackMarkdown) > pack.maxTokens,
    miscounted: countTokens(pack.contextPackMarkdown) !== pack.tokens,
    ms,
    cited: cited.length,
    sectionNotes: withSections.size,
    found: t.relevant.filter((r) => citedSet.has(r.path)).map((r) => r.path),
    asSections: t.relevant.filter((r) => withSections.has(r.path)).map((r) => r.path),
    lineOnly: t.relevant.filter((r) => citedSet.has(r.path) && !withSections.has(r.path)).map((r) => r.path),
    missed,
    above: order.slice(0, Number.isFinite(firstMissedRank) ? firstMissedRank : 3).filter((p) => !labelled.has(p) && citedSet.has(p)),
    fromOther: inputs.other === undefined ? 0 : cited.filter((p) => p.startsWith(inputs.other!)).length,
    firstFromOther: inputs.other === undefined ? -1 : cited.findIndex((p) => p.startsWith(inputs.other!)),
  };
}

function rankingOf(inputs: EvalInputs, t: LabelledTask, tuning?: Partial<PackTuning>): string[] {
  const source = new PackSource(inputs.data);
  const { candidates } = rankForPack(
    bucketsOf(inputs.index),
    source,
    { task: t.task, text: source.text.task(t.lang), allowed: () => true, factor: () => 1, score: inputs.score },
    tuning?.rank ?? DEFAULT_RANK_OPTIONS,
    tuning?.rerank ?? DEFAULT_RERANK,
  );
  return candidates.map((r) => inputs.index.notes[r.i]!.path);
}

function rankOf(order: string[], path: string): number | null {
  const k = order.indexOf(path);
  return k < 0 ? null : k + 1;
}

function summarise(tasks: LabelledTask[], results: TaskResult[], maxTokens: number, loadMs: number, inputs: EvalInputs) {
  const found = new Map(results.map((r) => [r.id, new Set(r.found)]));
  const sections = new Map(results.map((r) => [r.id, new Set(r.asSections)]));
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return {
    maxTokens,
    tasks: results.length,
    notes: inputs.index.notes.length,
    ...recallOf(tasks, (id) => found.get(id)!),
    asSections: recallOf(tasks, (id) => sections.get(id)!),
    budgetViolations: results.filter((r) => r.overBudget).length,
    miscounted: results.filter((r) => r.miscounted).length,
    meanTokens: results.reduce((s, r) => s + r.tokens, 0) / Math.max(1, results.length),
    meanCited: results.reduce((s, r) => s + r.cited, 0) / Math.max(1, results.length),
    precision: precisionOf(results),
    latencyMs: { load: loadMs, mean: ms.reduce((s, x) => s + x, 0) / Math.max(1, ms.length), max: ms[ms.length - 1] ?? 0 },
  };
}

/**
 * What the recall cost in precision: the share of the notes given as sections that are labelled, and the share of
 * all citations that are (micro-averaged). Labels are not exhaustive, so these are lower bounds; compare them
 * between runs on the same set, not with recall.
 */
function precisionOf(results: TaskResult[]) {
  const sum = (f: (r: TaskResult) => number) => results.reduce((s, r) => s + f(r), 0);
  return {
    sections:
      sum((r) => r.asSections.length) /
      Math.max(
        1,
        sum((r) => r.sectionNotes),
      ),
    citations:
      sum((r) => r.found.length) /
      Math.max(
        1,
        sum((r) => r.cited),
      ),
  };
}

/** The baseline: BM25 only (no pairs, feedback or links), whole notes packed greedily; and its top 10. */
function wholeNoteBaseline(inputs: EvalInputs, tasks: LabelledTask[], maxTokens: number) {
  const plain: RankOptions = { ...DEFAULT_RANK_OPTIONS, phrases: false, feedbackDocs: 0, linkWeight: 0 };
  const packed = new Map<string, Set<string>>();
  const top10 = new Map<string, Set<string>>();
  for (const t of tasks) {
    const order = rankingOf(inputs, t, { rank: plain, rerank: { ...DEFAULT_RERANK, weight: 0 } });
    const byPath = new Map(inputs.index.notes.map((n) => [n.path, n.tokens]));
    let used = 0;
    const chosen = new Set<string>();
    for (const p of order) {
      const cost = byPath.get(p)! + 20;
      if (used + cost > maxTokens) continue;
      used += cost;
      chosen.add(p);
    }
    packed.set(t.id, chosen);
    top10.set(t.id, new Set(order.slice(0, 10)));
  }
  return { wholeNotes: recallOf(tasks, (id) => packed.get(id)!), top10: recallOf(tasks, (id) => top10.get(id)!) };
}

/** How good the order is, independent of how many notes the budget holds: recall of the top k. */
function rankingRecallAt(inputs: EvalInputs, tasks: LabelledTask[], ks: number[]) {
  const orders = new Map(tasks.map((t) => [t.id, rankingOf(inputs, t)]));
  return ks.map((k) => ({ k, ...recallOf(tasks, (id) => new Set(orders.get(id)!.slice(0, k))) }));
}

function ablate(inputs: EvalInputs, tasks: LabelledTask[], maxTokens: number) {
  const R = DEFAULT_RANK_OPTIONS;
  const variants: { lever: string; tuning: Partial<PackTuning> }[] = [
    { lever: 'all levers on', tuning: {} },
    { lever: 'no phrase pairs', tuning: { rank: { ...R, phrases: false } } },
    { lever: 'no feedback expansion', tuning: { rank: { ...R, feedbackDocs: 0 } } },
    { lever: 'feedback from the best notes alone', tuning: { rank: { ...R, feedbackDiversity: 0 } } },
    { lever: 'no wikilink spreading', tuning: { rank: { ...R, linkWeight: 0 } } },
    { lever: 'no section re-scoring', tuning: { rerank: { ...DEFAULT_RERANK, weight: 0 } } },
    {
      lever: 'BM25F only (none of the above)',
      tuning: { rank: { ...R, phrases: false, feedbackDocs: 0, linkWeight: 0 }, rerank: { ...DEFAULT_RERANK, weight: 0 } },
    },
    { lever: 'no folder diversity', tuning: { select: { sameFolder: 1 } } },
    { lever: 'no near-duplicate removal', tuning: { select: { duplicate: 2 } } },
    { lever: 'no relevance floor (lines to 40)', tuning: { select: { lineShare: 0, topShare: 0 } } },
    { lever: 'one-line entries only', tuning: { select: { sectionShare: 2, coreCap: 0, deepCap: 0 } } },
    { lever: 'deepen before lines become sections', tuning: { select: { linesFirst: false } } },
    { lever: 'no Further reading tail', tuning: { tail: { maxNamed: 0 } } },
    { lever: 'tail: nothing held back', tuning: { tail: { share: 0 } } },
    { lever: 'tail: 10% held back', tuning: { tail: { share: 0.1 } } },
    { lever: 'tail: 25% held back', tuning: { tail: { share: 0.25 } } },
    { lever: 'tail floor 0.15 of the best', tuning: { tail: { floor: 0.15 } } },
    { lever: 'tail floor 0.04 of the best', tuning: { tail: { floor: 0.04 } } },
    { lever: 'entries cite 40 at most', tuning: { select: { maxCited: 40 } } },
    { lever: 'entries cite 15 at most', tuning: { select: { maxCited: 15 } } },
    { lever: 'no lines held in the entries', tuning: { select: { lineReserve: 0 } } },
    { lever: 'entries hold 10% for lines', tuning: { select: { lineReserve: 0.1 } } },
    { lever: '60 named at most', tuning: { tail: { maxNamed: 60 } } },
    { lever: '100 named at most', tuning: { tail: { maxNamed: 100 } } },
  ];
  return variants.map(({ lever, tuning }) => {
    const results = tasks.map((t) => runTask(inputs, t, maxTokens, tuning));
    const found = new Map(results.map((r) => [r.id, new Set(r.found)]));
    const sections = new Map(results.map((r) => [r.id, new Set(r.asSections)]));
    const orders = new Map(tasks.map((t) => [t.id, rankingOf(inputs, t, tuning)]));
    const at25 = recallOf(tasks, (id) => new Set(orders.get(id)!.slice(0, 25)));
    const asSections = recallOf(tasks, (id) => sections.get(id)!);
    return {
      lever,
      ...recallOf(tasks, (id) => found.get(id)!),
      asSections: asSections.recall,
      asSectionsParaphrased: asSections.paraphrased,
      top25: at25.recall,
      top25Paraphrased: at25.paraphrased,
      meanTokens: results.reduce((s, r) => s + r.tokens, 0) / results.length,
      meanCited: results.reduce((s, r) => s + r.cited, 0) / results.length,
    };
  });
}

function formatSummary(s: ReturnType<typeof summarise>, b: ReturnType<typeof wholeNoteBaseline>): string {
  const f = (x: number) => x.toFixed(3);
  return [
    `Pack quality: ${s.tasks} tasks over ${s.notes} notes, budget ${s.maxTokens} tokens`,
    `  recall (all labels)        ${f(s.recall)}   (mean per task ${f(s.macroRecall)})`,
    `  recall (grade-2 labels)    ${f(s.grade2)}`,
    `  recall (paraphrased tasks) ${f(s.paraphrased)}`,
    `  recall (lexical tasks)     ${f(s.lexical)}`,
    `  recall as sections         ${f(s.asSections.recall)}   (grade 2 ${f(s.asSections.grade2)}, paraphrased ${f(s.asSections.paraphrased)}, lexical ${f(s.asSections.lexical)})`,
    `  budget violations          ${s.budgetViolations} (packs whose own token count is off: ${s.miscounted})`,
    `  mean budget used           ${Math.round(s.meanTokens)} tokens (${((100 * s.meanTokens) / s.maxTokens).toFixed(1)}% of ${s.maxTokens})`,
    `  mean citations per pack    ${s.meanCited.toFixed(1)}`,
    `  labelled share             of the notes given as sections ${f(s.precision.sections)}, of all citations ${f(s.precision.citations)}`,
    `  latency                    load ${s.latencyMs.load.toFixed(0)} ms; per pack mean ${s.latencyMs.mean.toFixed(1)} ms, max ${s.latencyMs.max.toFixed(1)} ms`,
    `Reference, BM25 whole notes greedily packed: recall ${f(b.wholeNotes.recall)} (paraphrased ${f(b.wholeNotes.paraphrased)}); its top 10: ${f(b.top10.recall)} (${f(b.top10.paraphrased)})`,
  ].join('\n');
}
