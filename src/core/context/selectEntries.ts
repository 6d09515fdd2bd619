import type { Bucket } from './bucketOf.js';
import type { StoredNote } from './packParts.js';
import { corePieces, planWithin, type Piece } from './planEntry.js';
import { isWhole, type EntryPlan } from './renderEntry.js';

export interface Candidate {
  i: number;
  score: number;
  direct: number;
  bucket: Bucket;
}

/** What selection needs to know of a candidate beyond its score (read from the pack data). */
export interface CandidateParts {
  stored: StoredNote;
  pieces: readonly Piece[];
  keys: ReadonlySet<string>;
}

export interface Chosen extends Candidate {
  plan: EntryPlan;
  /** Shows sections (not only a line); `whole` when it shows every one of them. */
  shown: 'whole' | 'sections' | 'line';
  tokens: number;
}

export interface SelectOptions {
  /** Tokens the entries may use together. */
  room: number;
  /** Notes scoring at least this share of the reference score (`reference`) get their decisive sections first. */
  sectionShare: number;
  /** Notes scoring at least this share of the reference score may be cited; below it a pack stops, budget or not. */
  lineShare: number;
  /** The reference score is the score of the note at this rank (1: the best), so one outlier at the top does not cut the rest. */
  reference: number;
  /** …but no note under this share of the best is cited, so a lone strong match does not bring weak ones along. */
  topShare: number;
  /** Turn lines into sections before deepening the entries that have some (breadth of sections first). */
  linesFirst: boolean;
  /** Notes the entries cite at most (the Further reading tail names more, in fewer tokens each). */
  maxCited: number;
  /** Tokens of one entry's first pass (its decisive sections, or the whole note when it fits). */
  coreCap: number;
  /** Tokens one entry may grow to when the budget has room after every strong note and line is in. */
  deepCap: number;
  /** Share of `room` kept for the lines of notes close to the strong ones while the strong ones get sections. */
  lineReserve: number;
  /** Jaccard overlap of two notes' keywords at which the lower-ranked one is a near duplicate. */
  duplicate: number;
  /** Rank multiplier per note already chosen from the same folder (diversity across folders). */
  sameFolder: number;
}

export const DEFAULT_SELECT: Omit<SelectOptions, 'room' | 'coreCap' | 'deepCap'> = {
  sectionShare: 0.6,
  lineShare: 0.35,
  reference: 3,
  topShare: 0.15,
  linesFirst: true,
  maxCited: 25,
  lineReserve: 0.25,
  duplicate: 0.8,
  sameFolder: 0.97,
};

/** How far ahead diversity may reach for a candidate from a folder not yet covered. */
const WINDOW = 12;
/** A near duplicate scores within this factor of its twin. */
export const TWIN_SCORE = 1.25;
/** The score floors are shares of: the score at rank `reference` (or the last one's, when fewer notes scored). */
function referenceScore(candidates: readonly { score: number }[], o: Pick<SelectOptions, 'reference'>): number {
  return candidates[Math.min(o.reference, candidates.length) - 1]?.score ?? 0;
}

/** The lowest score a cited note may have. */
export function lineFloor(candidates: readonly { score: number }[], o: Pick<SelectOptions, 'reference' | 'lineShare' | 'topShare'>): number {
  return Math.max(referenceScore(candidates, o) * o.lineShare, (candidates[0]?.score ?? 0) * o.topShare);
}

/** Candidates above the cut read at most (near duplicates and diversity skip a few of them). */
export function consideredOf(o: Pick<SelectOptions, 'maxCited'>): number {
  return Math.ceil(o.maxCited * 1.5) + WINDOW;
}
/** Notes left out that `truncated` names, best first. */
export const LISTED_LEFT_OUT = 20;

export interface Selection {
  chosen: Chosen[];
  truncated: { path: string; reason: string }[];
  /** Notes that matched but scored under the cut (`lineFloor`). */
  belowCut: number;
  /** Notes above the cut that the budget or the citation cap left out. */
  noRoom: number;
}

/**
 * Depth before breadth. The strong notes (`sectionShare` of the reference score) get their decisive sections
 * first, each within `coreCap` (whole when it fits); then the other notes above the cut get one line each;
 * what budget is left turns lines into decisive sections (`linesFirst`) and deepens the entries, best first.
 * Notes under the cut (`lineFloor`) are not cited even when budget is left: the pack says so instead.
 * `matched` is how many notes scored at all (`candidates` may hold only the best of them).
 */
export function selectEntries(
  candidates: readonly Candidate[],
  parts: (i: number) => CandidateParts,
  tokens: (c: Candidate, plan: EntryPlan) => number,
  o: SelectOptions,
  matched = candidates.length,
): Selection {
  const best = referenceScore(candidates, o);
  const floor = lineFloor(candidates, o);
  const aboveCut = candidates.filter((c) => c.score >= floor);
  const order = diverse(aboveCut.slice(0, consideredOf(o)), parts, o);
  const truncated: { path: string; reason: string }[] = [...order.duplicates];
  const ranked = order.picked.slice(0, o.maxCited);
  const capped = [...order.picked.slice(o.maxCited), ...aboveCut.slice(consideredOf(o))];
  let used = 0;
  const lineTokens = new Map(ranked.map((c) => [c.i, tokens(c, { form: 'line' })]));
  const strong = ranked.filter((c) => c.score >= best * o.sectionShare);
  const reserve = Math.min(
    o.room * o.lineReserve,
    ranked.filter((c) => c.score < best * o.sectionShare).reduce((n, c) => n + lineTokens.get(c.i)!, 0),
  );

  const plans = new Map<number, { plan: EntryPlan; tokens: number }>();
  const setPlan = (c: Candidate, plan: EntryPlan) => {
    const t = tokens(c, plan);
    used += t - (plans.get(c.i)?.tokens ?? 0);
    plans.set(c.i, { plan, tokens: t });
  };
  const count = (c: Candidate) => (plan: EntryPlan) => tokens(c, plan);

  // 1. Decisive sections of the strong notes, while the lines of the rest still fit beside them.
  for (const c of strong) {
    const room = Math.min(o.coreCap, o.room - reserve - used);
    const p = parts(c.i);
    const plan = room > 0 ? planWithin(p.stored, corePieces(p.pieces), room, count(c)) : undefined;
    if (plan) setPlan(c, plan);
  }
  // 2. One line for every other note above the cut, best first.
  for (const c of ranked) {
    if (plans.has(c.i)) continue;
    if (lineTokens.get(c.i)! <= o.room - used) setPlan(c, { form: 'line' });
  }
  // 3. Deepen the strong entries, then 4. give lines their decisive sections, then 5. deepen whatever can grow.
  const deepen = (c: Candidate, cap: number, pieces: (p: CandidateParts) => readonly Piece[]) => {
    const current = plans.get(c.i);
    if (!current) return;
    const room = Math.min(cap, current.tokens + o.room - used);
    if (room <= current.tokens) return;
    const p = parts(c.i);
    const plan = planWithin(p.stored, pieces(p), room, count(c), current.plan.form === 'sections' ? current.plan : undefined);
    if (plan && tokens(c, plan) > current.tokens) setPlan(c, plan);
  };
  const deeper = () => {
    for (const c of ranked) if (plans.get(c.i)?.plan.form === 'sections') deepen(c, o.deepCap, (p) => p.pieces);
  };
  const broader = () => {
    for (const c of ranked) if (plans.get(c.i)?.plan.form === 'line') deepen(c, o.coreCap, (p) => corePieces(p.pieces));
  };
  // (A first pass of no tokens means lines only: nothing is deepened.)
  if (o.coreCap > 0) {
    if (o.linesFirst) [broader, deeper].forEach((f) => f());
    else [deeper, broader].forEach((f) => f());
    for (const c of ranked) deepen(c, o.room, (p) => p.pieces);
  }

  const chosen: Chosen[] = [];
  let noRoom = capped.length;
  for (const c of ranked) {
    const plan = plans.get(c.i);
    if (!plan) {
      noRoom++;
      if (truncated.length < LISTED_LEFT_OUT) truncated.push({ path: parts(c.i).stored.path, reason: 'over the token budget' });
      continue;
    }
    const shown = plan.plan.form === 'line' ? 'line' : isWhole(parts(c.i).stored, plan.plan) ? 'whole' : 'sections';
    chosen.push({ ...c, plan: plan.plan, shown, tokens: plan.tokens });
  }
  // Only the notes read are named (the island has not fetched the rest); the others are counted.
  for (const c of order.picked.slice(o.maxCited))
    if (truncated.length < LISTED_LEFT_OUT) truncated.push({ path: parts(c.i).stored.path, reason: `past the ${o.maxCited} notes a pack cites` });
  return { chosen, truncated, belowCut: matched - aboveCut.length, noRoom };
}

/**
 * Rank order with a little diversity: each step takes the best of the next few candidates after a
 * same-folder penalty; a candidate whose keywords nearly equal a chosen note's of a close score is dropped.
 */
function diverse(
  candidates: readonly Candidate[],
  parts: (i: number) => CandidateParts,
  o: Pick<SelectOptions, 'duplicate' | 'sameFolder' | 'maxCited'>,
): { picked: Candidate[]; duplicates: { path: string; reason: string }[] } {
  const picked: Candidate[] = [];
  const duplicates: { path: string; reason: string }[] = [];
  const pool = candidates.slice(0, WINDOW);
  let next = pool.length;
  const folderCount = new Map<string, number>();
  const folderOf = (i: number) => parts(i).stored.path.replace(/[^/]*$/, '');
  while (pool.length > 0) {
    let pick = 0;
    let pickScore = -1;
    for (let k = 0; k < pool.length; k++) {
      const c = pool[k]!;
      const adjusted = c.score * o.sameFolder ** (folderCount.get(folderOf(c.i)) ?? 0);
      if (adjusted > pickScore) [pick, pickScore] = [k, adjusted];
    }
    const c = pool.splice(pick, 1)[0]!;
    if (next < candidates.length) pool.push(candidates[next++]!);
    // Near duplicates score alike, so only notes of a close score are compared.
    const twin = picked.find((x) => x.score <= c.score * TWIN_SCORE && overlapsAtLeast(parts(x.i).keys, parts(c.i).keys, o.duplicate));
    if (twin) {
      duplicates.push({ path: parts(c.i).stored.path, reason: `near duplicate of ${parts(twin.i).stored.path}` });
      continue;
    }
    picked.push(c);
    folderCount.set(folderOf(c.i), (folderCount.get(folderOf(c.i)) ?? 0) + 1);
  }
  return { picked, duplicates };
}

/** Whether two keyword sets have a Jaccard overlap of at least `t`. */
export function overlapsAtLeast(a: ReadonlySet<string>, b: ReadonlySet<string>, t: number): boolean {
  if (a.size === 0 || b.size === 0) return false;
  // |A∩B| / |A∪B| ≥ t  ⇔  |A∩B| ≥ t(|A| + |B|) / (1 + t): at most `misses` of A may be outside B, so most
  // pairs are told apart by their first few keywords.
  const misses = a.size - Math.ceil((t * (a.size + b.size)) / (1 + t));
  let both = 0;
  let k = 0;
  for (const x of a) {
    if (b.has(x)) both++;
    else if (++k > misses) return false;
  }
  return both / (a.size + b.size - both) >= t;
}
