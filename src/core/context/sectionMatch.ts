import type { Analyzer } from '../text/analyzer.js';
import { ENGLISH } from '../text/folderText.js';
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

const K1 = 1.2;
/** Length normalisation: a section is judged by its density, but a long one is not punished much. */
const B = 0.4;
/** Typical length in terms of a block and of a section. */
const BLOCK_LEN = 50;
const UNIT_LEN = 150;
/** A query term in a section's heading counts as this many occurrences. */
const HEADING_TF = 2;

/** A note's stored text analysed once: where each term occurs (unit, block or -1 for the heading, count), and lengths. */
interface NoteTerms {
  at: Map<string, number[]>;
  unitLen: number[];
  blockLen: number[][];
}

const TERMS = new WeakMap<Analyzer, WeakMap<StoredNote, NoteTerms>>();

function termsOf(note: StoredNote, analyzer: Analyzer): NoteTerms {
  let byNote = TERMS.get(analyzer);
  if (!byNote) TERMS.set(analyzer, (byNote = new WeakMap()));
  let t = byNote.get(note);
  if (t) return t;
  const analyze = (text: string) => analyzer.terms(text);
  const at = new Map<string, number[]>();
  const add = (terms: readonly string[], unit: number, block: number) => {
    const counts = new Map<string, number>();
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, n] of counts) {
      let list = at.get(term);
      if (!list) at.set(term, (list = []));
      list.push(unit, block, n);
    }
  };
  const unitLen: number[] = [];
  const blockLen = note.units.map((u, k) => {
    const head = analyze(u.h ?? '');
    add(head, k, -1);
    const lens = u.b.map((b, j) => {
      const terms = analyze(b);
      add(terms, k, j);
      return terms.length;
    });
    unitLen.push(head.length + lens.reduce((n, l) => n + l, 0));
    return lens;
  });
  byNote.set(note, (t = { at, unitLen, blockLen }));
  return t;
}

function bm25(tf: number, len: number, avg: number): number {
  return tf === 0 ? 0 : tf / (tf + K1 * (1 - B + (B * len) / avg));
}

/**
 * Section-level BM25: each unit (heading counted twice, blocks together) and each block scored for the query's
 * single terms, weighted by `weight · idf`. Pairs are left to the note-level ranker. The note's text is read by
 * `analyzer` (its language's; default English).
 */
export function matchSections(
  note: StoredNote,
  query: ReadonlyMap<string, number>,
  idfOf: (term: string) => number,
  analyzer: Analyzer = ENGLISH.note('en'),
): SectionMatch {
  const { at, unitLen, blockLen } = termsOf(note, analyzer);
  const units = unitLen.map(() => 0);
  const blocks = blockLen.map((lens) => lens.map(() => 0));
  const tf = new Float64Array(unitLen.length);
  for (const [term, weight] of query) {
    const list = at.get(term);
    if (!list) continue;
    const w = weight * idfOf(term);
    tf.fill(0);
    for (let k = 0; k < list.length; k += 3) {
      const unit = list[k]!;
      const block = list[k + 1]!;
      const n = list[k + 2]!;
      if (block < 0) tf[unit]! += n * HEADING_TF;
      else {
        tf[unit]! += n;
        blocks[unit]![block]! += w * bm25(n, blockLen[unit]![block]!, BLOCK_LEN);
      }
    }
    for (let u = 0; u < tf.length; u++) if (tf[u]! > 0) units[u]! += w * bm25(tf[u]!, unitLen[u]!, UNIT_LEN);
  }
  return { units, blocks, best: Math.max(0, ...units) };
}
