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
