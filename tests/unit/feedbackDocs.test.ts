import { describe, expect, it } from 'vitest';
import { feedbackDocs, keywordCosine } from '../../src/core/rank/feedbackDocs.js';

// Notes 0–2 are near-copies on one facet of a task, 3 and 4 each on another; `best` is the ranking's order.
const KEYS = [
  ['cache', 'purg', 'cdn', 'edg'],
  ['cache', 'purg', 'cdn', 'fastli'],
  ['cache', 'purg', 'cdn', 'edg'],
  ['publish', 'draft', 'live'],
  ['search', 'index', 'resync'],
].map((k) => new Set(k));
const SCORES = [10, 9.8, 9.6, 8, 6];
const BEST = [0, 1, 2, 3, 4];
const keysOf = (i: number) => KEYS[i]!;

describe('feedbackDocs: the notes feedback reads', () => {
  describe.each([
    { rule: 'diversity 0 takes the best notes, in order', n: 3, diversity: 0, best: BEST, want: [0, 1, 2] },
    { rule: 'a pool no larger than n is taken whole', n: 3, diversity: 0.3, best: [0, 1, 2], want: [0, 1, 2] },
    { rule: 'a near-copy of a note taken gives way to a note on another facet', n: 3, diversity: 0.3, best: BEST, want: [0, 1, 3] },
    { rule: 'a stronger discount reaches further down the pool', n: 3, diversity: 0.9, best: BEST, want: [0, 3, 4] },
    { rule: 'the best note is always taken, and the result is best first', n: 2, diversity: 0.9, best: [3, 0, 1, 2, 4], want: [0, 3] },
    { rule: 'never more notes than the pool holds', n: 8, diversity: 0.3, best: BEST, want: [0, 1, 2, 3, 4] },
  ])('$rule', ({ n, diversity, best, want }) => {
    it('picks the expected notes', () => expect(feedbackDocs(best, SCORES, keysOf, n, diversity)).toEqual(want));
  });

  it('is deterministic on ties: the earlier note in the pool wins', () => {
    const same = [5, 5, 5];
    const keys = [new Set(['a']), new Set(['b']), new Set(['c'])];
    expect(feedbackDocs([0, 1, 2], same, (i) => keys[i]!, 2, 0.5)).toEqual([0, 1]);
  });
});

describe.each([
  { a: ['x', 'y'], b: ['x', 'y'], want: 1 },
  { a: ['x', 'y'], b: ['z'], want: 0 },
  { a: ['x', 'y', 'z', 'w'], b: ['x'], want: 0.5 },
  { a: [], b: ['x'], want: 0 },
])('keywordCosine($a, $b)', ({ a, b, want }) => {
  it(`is ${want}`, () => expect(keywordCosine(new Set(a), new Set(b))).toBeCloseTo(want));
});
