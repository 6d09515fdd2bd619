// The section cutters' heading reader, one pass instead of a backtracking regex: the same answer as the regex it
// replaces on every line (fast-check), and a 200 kB heading of spaces in no time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atxHeading } from '../../src/core/model/atxHeading.js';

const REGEX = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const viaRegex = (line: string) => {
  const h = REGEX.exec(line);
  return h ? { depth: h[1]!.length, text: h[2]!.trim() } : undefined;
};

describe('atxHeading', () => {
  it.each([
    ['# Title', { depth: 1, text: 'Title' }],
    ['## Title ##', { depth: 2, text: 'Title' }],
    ['### C#', { depth: 3, text: 'C' }],
    ['####### seven', undefined],
    ['#nospace', undefined],
    ['# ', undefined],
    ['#  ', { depth: 1, text: '' }],
    ['# #', { depth: 1, text: '#' }],
    ['#\tTab\t', { depth: 1, text: 'Tab' }],
  ])('%j', (line, want) => expect(atxHeading(line)).toEqual(want));

  it('answers as the regex does, on any line of #, spaces and letters', () => {
    const line = fc.array(fc.constantFrom('#', ' ', '\t', 'a', 'b', '\u00a0', '\r', '\u2028', '\ufeff'), { maxLength: 14 }).map((p) => p.join(''));
    fc.assert(
      fc.property(line, (l) => {
        expect(atxHeading(l)).toEqual(viaRegex(l));
      }),
      { numRuns: 3000, seed: 20261202 },
    );
  });

  it('reads a 200 kB heading of spaces', () => expect(atxHeading(`# a${' '.repeat(200_000)}x`)).toEqual({ depth: 1, text: `a${' '.repeat(200_000)}x` }));
});
