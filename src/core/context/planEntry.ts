import type { EntryPlan } from './renderEntry.js';
import type { StoredNote } from './packParts.js';
import type { SectionMatch } from './sectionMatch.js';
import { roleOf, rolePriority, type NoteKind } from './sectionRoles.js';

/** Per section of a note, the share of its match a later section keeps (order breaks near ties). */
const EARLIER = 0.97;
// A sub-heading folded into its section (extractExcerpt.ts): a bold line alone.
const LABEL = /^\*\*[^\n]*\*\*$/;

/** A part of a note an entry may add: a whole section, or one paragraph of a note without headings. */
export interface Piece {
  unit: number;
  blocks: number[];
  /** rolePriority: under 10 is decisive for the note's kind. */
  priority: number;
  /** How well it matches the task (sectionMatch.ts). */
  score: number;
}

/**
 * The pieces of a note in the order a pack gives them: decisive sections for the note's kind first (in the
 * kind's order), then secondary ones, then the rest by how well they match the task. A note that is one run
 * of paragraphs (no headings) offers each paragraph, best match first.
 */
export function piecesOf(stored: StoredNote, kind: NoteKind, match: SectionMatch): Piece[] {
  const units = stored.units;
  let out: Piece[];
  if (units.length === 1 && units[0]!.h === undefined) out = units[0]!.b.map((_, b) => ({ unit: 0, blocks: [b], priority: 20, score: match.blocks[0]![b]! }));
  else
    out = units.map((u, k) => ({
      unit: k,
      blocks: u.b.map((_, b) => b),
      // The text before the first heading introduces the note: after the decisive sections, before other ones.
      priority: u.h === undefined ? 15 : rolePriority(kind, roleOf(u.h)),
      // Among sections that match alike, the earlier one (a runbook's first step before its fifth).
      score: match.units[k]! * EARLIER ** k,
    }));
  return out.filter((p) => p.blocks.length > 0).sort((a, b) => a.priority - b.priority || b.score - a.score || a.unit - b.unit || a.blocks[0]! - b.blocks[0]!);
}

/** The pieces of an entry's core: its decisive sections, else the one piece that matches the task best. */
export function corePieces(pieces: readonly Piece[]): Piece[] {
  const decisive = pieces.filter((p) => p.priority < 10);
  if (decisive.length > 0) return decisive;
  const best = [...pieces].sort((a, b) => b.score - a.score || a.unit - b.unit || a.blocks[0]! - b.blocks[0]!)[0];
  return best ? [best] : [];
}

/** Every section of the note, whole. */
export function wholePlan(stored: StoredNote): EntryPlan {
  return { form: 'sections', picks: new Map(stored.units.map((u, k) => [k, u.b.map((_, b) => b)])) };
}

/**
 * The fullest plan within `cap` tokens: the whole note when it fits; else `from` plus the given pieces in
 * order, each whole or, when none of its section is shown yet, its leading paragraphs. Undefined when
 * nothing beyond the lead fits.
 */
export function planWithin(
  stored: StoredNote,
  pieces: readonly Piece[],
  cap: number,
  tokens: (plan: EntryPlan) => number,
  from?: EntryPlan,
): EntryPlan | undefined {
  const whole = wholePlan(stored);
  if (tokens(whole) <= cap) return whole;
  const picks = new Map<number, number[]>(from?.form === 'sections' ? [...from.picks].map(([k, b]) => [k, [...b]]) : []);
  const withBlocks = (unit: number, blocks: readonly number[]): EntryPlan => {
    const next = new Map(picks);
    next.set(
      unit,
      [...new Set([...(picks.get(unit) ?? []), ...blocks])].sort((a, b) => a - b),
    );
    return { form: 'sections', picks: next };
  };
  for (const p of pieces) {
    const shown = picks.get(p.unit) ?? [];
    const missing = p.blocks.filter((b) => !shown.includes(b));
    if (missing.length === 0) continue;
    const trial = withBlocks(p.unit, missing);
    if (tokens(trial) <= cap) {
      picks.set(
        p.unit,
        [...shown, ...missing].sort((a, b) => a - b),
      );
      continue;
    }
    if (shown.length > 0 || missing.length < 2) continue;
    // A long section: the most of its leading paragraphs that fit (an entry only grows with more of them).
    let fits = 0;
    for (let lo = 1, hi = missing.length - 1; lo <= hi;) {
      const mid = (lo + hi) >> 1;
      if (tokens(withBlocks(p.unit, missing.slice(0, mid))) <= cap) [fits, lo] = [mid, mid + 1];
      else hi = mid - 1;
    }
    // …but not ending on a sub-heading whose text is left out.
    while (fits > 0 && LABEL.test(stored.units[p.unit]!.b[missing[fits - 1]!]!)) fits--;
    if (fits > 0)
      picks.set(
        p.unit,
        [...shown, ...missing.slice(0, fits)].sort((a, b) => a - b),
      );
  }
  return picks.size === 0 ? undefined : { form: 'sections', picks };
}
