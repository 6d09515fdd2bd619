import { describe, expect, it } from 'vitest';
import { recallOf } from '../../scripts/eval/recall.js';

const tasks = [
  {
    id: 'a',
    task: '',
    lexical: true,
    relevant: [
      { path: 'x', grade: 2 },
      { path: 'y', grade: 1 },
    ],
  },
  {
    id: 'b',
    task: '',
    lexical: false,
    relevant: [
      { path: 'z', grade: 2 },
      { path: 'w', grade: 2 },
    ],
  },
];

describe('recallOf', () => {
  const got = new Map([
    ['a', new Set(['x', 'y'])],
    ['b', new Set(['z', 'other'])],
  ]);
  const r = recallOf(tasks, (id) => got.get(id)!);
  it.each([
    ['recall', 3 / 4],
    ['macroRecall', (1 + 0.5) / 2],
    ['grade2', 2 / 3],
    ['paraphrased', 1 / 2],
    ['lexical', 1],
  ] as const)('%s', (key, value) => expect(r[key]).toBeCloseTo(value));
});
