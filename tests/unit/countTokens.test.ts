// The budget's unit: o200k_base tokens. Text that looks like a special token is counted as text, never thrown on.
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../src/core/tokens/countTokens.ts';

describe.each([
  { text: '', tokens: 0 },
  { text: 'hello world', tokens: 2 },
  { text: '<|endoftext|>', tokens: 7 },
  { text: 'A model stops at <|endoftext|> or <|im_end|>.', tokens: 18 },
])('countTokens($text)', ({ text, tokens }) => {
  it(`is ${tokens}`, () => expect(countTokens(text)).toBe(tokens));
});

// One pre-tokenized piece of 1,000 characters or more (a pasted data URI, `[[` × 100,000, a deep indent) is counted
// in chunks of 64: byte-pair merging is quadratic in a piece's length, and one such note stopped `kb index` for
// minutes. Text without such a run is counted exactly as before (the first rows are today's counts).
describe('long runs', () => {
  it('a 999-character run is counted whole, as before', () => expect(countTokens(`${'word '.repeat(100)}${'b'.repeat(999)}`)).toBe(351));
  it('a run of 1,000 is counted in chunks', () => expect(countTokens('b'.repeat(1000))).toBe(250));
  it('white space too', () => expect(countTokens(`${' '.repeat(1000)}x`)).toBe(17));
  it('200 kB of [[ finishes, one token a pair at most', () => expect(countTokens('[['.repeat(100_000))).toBe(100_000));
  it('a 10 MB data URI finishes', () => expect(countTokens(`![x](data:image/png;base64,${'QUJD'.repeat(2_500_000)})`)).toBeGreaterThan(100_000));
});
