// Property-based tests (issue 7): the frontmatter normaliser and the query grammar never throw, hang or
// blow up, whatever the input. Adversarial shapes that once made a regex backtrack are pinned below.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFrontmatter } from '../../src/core/model/frontmatterSchema.js';
import { readFrontmatterLines } from '../../src/core/model/readFrontmatterLines.js';
import { readSourceFrontmatter } from '../../src/core/model/readSourceFrontmatter.js';
import { readBody } from '../../src/core/model/readBody.js';
import { parseAliasesMd } from '../../src/core/aliases/parseAliasesMd.js';
import { parseIndexMd } from '../../src/core/aria/parseIndexMd.js';
import { parseQuery } from '../../src/core/query/parseQuery.js';
import { tagSlug } from '../../src/core/tags/tagSlug.js';
import { normaliseTag } from '../../src/core/tags/normaliseTag.js';
import { parseSourceText } from '../../src/node/parseSourceText.js';

const RUNS = { numRuns: 300, seed: 20260101 };

// Text made of the pieces that break YAML and Markdown readers, so the search reaches the awkward paths.
const PIECES = [
  '---',
  '\n',
  '\r\n',
  ':',
  ': ',
  '- ',
  '  ',
  '\t',
  '[',
  ']',
  '{',
  '}',
  '#',
  '@',
  '&a',
  '*a',
  '!!js/function',
  '"',
  "'",
  '|',
  '>',
  'tags',
  'title',
  '\uFEFF',
  '`',
  '[[',
  ']]',
  '→',
  '...',
  'AND',
  '\0',
];
const messy = fc
  .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 }), fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 60 })
  .map((p) => p.join(''));
const withFrontmatter = fc.tuple(messy, messy).map(([fm, body]) => `---\n${fm}\n---\n${body}`);
const anyText = fc.oneof(messy, withFrontmatter, fc.string({ unit: 'binary', maxLength: 200 }));

const isNormalised = (fm: ReturnType<typeof readFrontmatter>) =>
  Array.isArray(fm.tags) &&
  fm.tags.every((t) => typeof t === 'string' && t === t.toLowerCase() && t !== '') &&
  ['active', 'deprecated', 'superseded', 'draft'].includes(fm.status);

describe('fuzz: frontmatter normaliser', () => {
  it('readFrontmatter takes any value and returns a normalised reading', () => {
    fc.assert(
      fc.property(fc.anything({ withDate: true, withMap: true, withSet: true, withNullPrototype: true, withBigInt: true }), (value) =>
        isNormalised(readFrontmatter(value)),
      ),
      RUNS,
    );
  });
  it('readFrontmatter takes any object with the known keys holding any value', () => {
    const keys = [
      'title',
      'description',
      'tags',
      'tag',
      'semantic-hints',
      'category',
      'type',
      'status',
      'superseded_by',
      'date',
      'Last updated',
      'draft',
      'publish',
    ];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys), fc.anything({ withDate: true })), (obj) => isNormalised(readFrontmatter(obj))),
      RUNS,
    );
  });
  it('readFrontmatterLines never throws and returns plain data', () => {
    fc.assert(
      fc.property(anyText, (text) => typeof readFrontmatterLines(text) === 'object'),
      RUNS,
    );
  });
  it('parseSourceText never throws; a YAML error always carries a line inside the file', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseSourceText(text);
        if (parsed.yamlError?.line !== undefined) expect(parsed.yamlError.line).toBeLessThanOrEqual(text.split('\n').length + 1);
        return isNormalised(readSourceFrontmatter(parsed));
      }),
      RUNS,
    );
  });
  it('readBody, parseAliasesMd and parseIndexMd never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        readBody(text);
        parseAliasesMd(text);
        parseIndexMd(text);
      }),
      RUNS,
    );
  });
});

describe('fuzz: tags', () => {
  it('normaliseTag gives a lower-case tag with a letter or digit, or nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (raw) => {
        const tag = normaliseTag(raw);
        return tag === undefined || (tag === tag.toLowerCase() && /[\p{L}\p{N}]/u.test(tag));
      }),
      RUNS,
    );
  });
  it('tagSlug is one-to-one and never holds a path separator, dot, query or fragment character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 30 }), fc.string({ unit: 'grapheme', maxLength: 30 }), (a, b) => {
        expect(tagSlug(a)).not.toMatch(/[/\\.?#%]/);
        return a === b || tagSlug(a) !== tagSlug(b);
      }),
      RUNS,
    );
  });
});

describe('fuzz: query grammar (parseQuery)', () => {
  it('never throws; tokens are unique and non-empty; mode is OR or AND', () => {
    fc.assert(
      fc.property(anyText, (q) => {
        const { tokens, mode } = parseQuery(q);
        return (mode === 'OR' || mode === 'AND') && new Set(tokens).size === tokens.length && tokens.every((t) => t !== '' && !/\s/.test(t));
      }),
      RUNS,
    );
  });
  it('AND anywhere switches to intersection and is never a token', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { maxLength: 6 }), fc.constantFrom('AND', 'and', 'And'), (words, and) => {
        const { tokens, mode } = parseQuery([...words, and].join(' '));
        return mode === 'AND' && !tokens.includes('and');
      }),
      RUNS,
    );
  });
});

// Shapes that made a backtracking regex quadratic or worse; each must finish (vitest's timeout is the hang guard).
describe.each([
  ['a long run of spaces in a heading', () => readBody(`# a${' '.repeat(200_000)}x`)],
  ['a long run of spaces before no colon', () => readFrontmatterLines(`a${' '.repeat(200_000)}x`)],
  ['many [[ without ]]', () => readBody('[['.repeat(100_000))],
  ['a long Known Tags line of spaces', () => parseIndexMd(`## Known Tags\na${' '.repeat(200_000)}x`)],
  ['a long ## heading of spaces', () => parseIndexMd(`## a${' '.repeat(200_000)}x`)],
  ['deeply nested YAML flow lists', () => parseSourceText(`---\na: ${'['.repeat(50_000)}\n---\n`)],
  ['a long broken frontmatter', () => parseSourceText(`---\n${'k: v\n'.repeat(20_000)}x: [#\n---\n`)],
  ['a query of 10,000 distinct words', () => parseQuery(Array.from({ length: 10_000 }, (_, i) => `t${i}`).join(' '))],
])('adversarial input: %s', (_case, run) => {
  it('finishes without throwing', () => expect(run).not.toThrow());
});
