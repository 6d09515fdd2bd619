import { analyze } from '../rank/analyze.js';
import type { StoredNote } from './packParts.js';

/** How well each section of a note, and each of its blocks, matches weighted query terms. */
export interface SectionMatch {
  /** Per unit (in note order). */
  units: number[];
  /** Per unit, per stored block. */
  blocks: number[][];
  /** The best unit's score. */
  best: number;
}

/** Terms of a text counted once; its length in terms. */
interface Bag {
  tf: Map<string, number>;
  len: number;
}

const K1 = 1.2;
/** Length normalisation: a section is judged by its density, but a long one is not punished much. */
const B = 0.4;
/** Typical length in terms of a block and of a section. */
const BLOCK_LEN = 50;
const UNIT_LEN = 150;
/** A query term in a section's heading counts as this many occurrences. */
const HEADING_TF = 2;

const BAGS = new WeakMap<StoredNote, { heads: Bag[]; blocks: Bag[][] }>();

function bag(text: string): Bag {
  const tf = new Map<string, number>();
  const terms = analyze(text);
  for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
  return { tf, len: terms.length };
}

/** Each stored section and block, analysed once per note object. */
function bagsOf(note: StoredNote): { heads: Bag[]; blocks: Bag[][] } {
  let bags = BAGS.get(note);
  if (!bags) BAGS.set(note, (bags = { heads: note.units.map((u) => bag(u.h ?? '')), blocks: note.units.map((u) => u.b.map(bag)) }));
  return bags;
}

function bm25(tf: number, len: number, avg: number): number {
  return tf === 0 ? 0 : tf / (tf + K1 * (1 - B + (B * len) / avg));
}

/**
 * Section-level BM25: each unit (heading counted twice, blocks together) and each block scored for the query's
 * single terms, weighted by `weight · idf`. Pairs are left to the note-level ranker.
 */
export function matchSections(note: StoredNote, query: ReadonlyMap<string, number>, idfOf: (term: string) => number): SectionMatch {
  const { heads, blocks } = bagsOf(note);
  const terms = [...query].filter(([t]) => !t.includes(' ')).map(([t, w]) => ({ t, w: w * idfOf(t) }));
  let best = 0;
  const unitScores = note.units.map((_, k) => {
    const len = heads[k]!.len + blocks[k]!.reduce((n, b) => n + b.len, 0);
    let score = 0;
    for (const { t, w } of terms) {
      let tf = (heads[k]!.tf.get(t) ?? 0) * HEADING_TF;
      for (const b of blocks[k]!) tf += b.tf.get(t) ?? 0;
      score += w * bm25(tf, len, UNIT_LEN);
    }
    best = Math.max(best, score);
    return score;
  });
  const blockScores = blocks.map((bs) => bs.map((b) => terms.reduce((s, { t, w }) => s + w * bm25(b.tf.get(t) ?? 0, b.len, BLOCK_LEN), 0)));
  return { units: unitScores, blocks: blockScores, best };
}
