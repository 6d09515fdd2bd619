// The analyser's ASCII fast path must find exactly the words of the general (Unicode) path, or a note's
// ranking would depend on whether it holds one non-ASCII character.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, asciiWords, unicodeWords, wordsOf } from '../../src/core/rank/analyze.ts';

const PIECES = [
  'runCancellation',
  "don't",
  'HTTPServer',
  'x2Y',
  'a1B2',
  "it's",
  '42',
  'API',
  'snake_case',
  'kebab-case',
  '\n',
  ' ',
  '.',
  "'",
  'iOS',
  'OAuth2Token',
];
const asciiText = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 12 })), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));

describe('analyze: ASCII fast path', () => {
  it('splits every ASCII text as the Unicode path does', () => {
    fc.assert(
      fc.property(asciiText, (text) => {
        expect(asciiWords(text)).toEqual(unicodeWords(text));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['runCancellation tokens', ['run', 'cancel', 'token']],
    ["Don't retry the OAuth2Token", ['retri', 'oauth2token']],
    ['Café naïve résumé', ['cafe', 'naiv', 'resum']],
  ])('analyze(%j)', (text, stems) => {
    expect(analyze(text)).toEqual(stems);
  });
});

const TYPOGRAPHIC = ['—', '–', '’', '‘', '“', '”', '…', '\u00a0', '•', '′', '→', '├', '─', '×', '¬', '▪', 'é', '²'];
const typographicText = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PIECES, ...TYPOGRAPHIC),
      fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 8 }),
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));

describe('analyze: typographic punctuation folded onto the ASCII path', () => {
  it('finds the words of the Unicode path', () => {
    fc.assert(
      fc.property(typographicText, (text) => {
        expect(wordsOf(text)).toEqual(unicodeWords(text));
      }),
      { numRuns: 500 },
    );
  });
});
