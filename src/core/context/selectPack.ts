import type { TokenCounter } from '../tokens/tokenCounter.js';
import { FURTHER_READING } from './renderContextPack.js';
import { noteLine, tailLines, type TailLine } from './furtherReading.js';
import { planWithin } from './planEntry.js';
import { tailOn, type RankedPack } from './rankPack.js';
import { isWhole, planTokens, type EntryPlan } from './renderEntry.js';
import { overlapsAtLeast, selectEntries, TWIN_SCORE, type Candidate, type Chosen } from './selectEntries.js';

/** Tokens held back for the Context Summary, which is written after the selection. */
const SUMMARY_RESERVE = 80;
/** Tokens left unused after which the selection runs once more with them. */
const SLACK = 16;
/** A page pack's own note may fill this share of what the sections leave (whole when it fits). */
const SEED_SHARE = 0.6;
/** Tokens kept free beside the tail's estimate for the summary's longer figures. */
const TAIL_SLACK = 12;

/** Why a pack cites no more notes: how many matched below the cut, how many above it found no room. */
export interface StopCounts {
  belowCut: number;
  noRoom: number;
}

/** The select stage's answer: what the pack cites, and how. */
export interface PackSelection {
  /** The entries, a page pack's own note first. */
  chosen: Chosen[];
  stop: StopCounts;
  /** Notes cut or left out, with why. */
  truncated: { path: string; reason: string }[];
  /** The Further reading lines. */
  further: TailLine[];
}

/** How the render stage counts a pack, so the selection fits the budget exactly (renderPack.ts). */
export interface PackMeasure {
  /** Tokens of the pack with no entry and no tail line (its summary stating the whole budget). */
  bare: number;
  /** Tokens of the pack with these entries and tail lines, its summary stating that very count. */
  exact(chosen: readonly Chosen[], stop: StopCounts, further: readonly TailLine[]): number;
}

/**
 * The pack's second stage: give the strongest notes their decisive sections, lines to notes close to them,
 * deepen while the budget lasts (selectEntries.ts), then name the next-ranked notes one line each under Further
 * reading (furtherReading.ts) in the share of the budget held for them. Every figure is the rendered pack's
 * exact count (`measure`), so the pack never has more than `maxTokens` tokens.
 */
export function selectPack(ranked: RankedPack, measure: PackMeasure, count: TokenCounter): PackSelection {
  const { maxTokens, select, tail, candidates, parts, tailParts, ranking, floor, aboveTail, pool, words, seed } = ranked;
  const isTwin = (a: ReadonlySet<string>, b: ReadonlySet<string>) => overlapsAtLeast(a, b, select.duplicate);
  const entryTokens = (c: Candidate, plan: EntryPlan) => planTokens(parts(c.i).stored, plan, count);
  const skeleton = measure.bare + SUMMARY_RESERVE;
  // A page pack's own note comes first, in its bucket, whole when it fits its share.
  const seeded = ((): Chosen | undefined => {
    if (!seed) return undefined;
    const c: Candidate = { i: seed.i, score: Number.MAX_VALUE, direct: Math.max(ranked.bestDirect, 1), bucket: ranked.buckets[seed.i]! };
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
    let tokens = measure.exact(chosen, stop, []);
    while (tokens > limit && chosen.length > 0) {
      const worst = chosen.reduce((w, c, k) => (c.score < chosen[w]!.score ? k : w), 0);
      const c = chosen[worst]!;
      if (c.plan.form === 'sections') chosen[worst] = { ...c, plan: { form: 'line' }, shown: 'line', tokens: entryTokens(c, { form: 'line' }) };
      else {
        truncated.push({ path: parts(c.i).stored.path, reason: 'over the token budget' });
        chosen.splice(worst, 1);
        stop.noRoom++;
      }
      tokens = measure.exact(chosen, stop, []);
    }
    return { chosen, stop, truncated, tokens, room };
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
    let exact = measure.exact(chosen, stopOf(kept), kept);
    while (exact > maxTokens && kept.length > 0) {
      kept.pop();
      exact = measure.exact(chosen, stopOf(kept), kept);
    }
    return kept.length === 0 ? none : { lines: kept, tokens: exact, stop: stopOf(kept) };
  };
  const withTail = (entries: ReturnType<typeof attempt>) => {
    const further = fillTail(entries.chosen, entries.stop, entries.tokens);
    const named = new Set(further.lines.flatMap((l) => [l.lead.i, ...l.twins.map((t) => t.i)]).map((i) => tailParts(i).stored.path));
    return { ...entries, stop: further.stop, tokens: further.tokens, truncated: entries.truncated.filter((t) => !named.has(t.path)), further: further.lines };
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
  return { chosen, stop, truncated, further };
}
