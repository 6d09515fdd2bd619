import { describe, expect, it } from 'vitest';
import { normaliseTag, normaliseTagList } from '../../src/core/tags/normaliseTag.js';

describe.each([
  ['lower-cases', 'API', 'api'],
  ['drops an Obsidian # prefix', '#stripe', 'stripe'],
  ['trims', '  api  ', 'api'],
  ['turns inner spaces into hyphens', 'react native', 'react-native'],
  ['keeps nested tags with /', 'lang/ts', 'lang/ts'],
  ['keeps punctuation inside', 'n+1', 'n+1'],
  ['drops an empty tag', '', undefined],
  ['drops a punctuation-only tag', '---', undefined],
  ['drops null', null, undefined],
  ['reads numbers', 2024, '2024'],
])('normaliseTag: %s', (_rule, input, expected) => {
  it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => expect(normaliseTag(input)).toBe(expected));
});

describe.each([
  ['inline list', ['api', 'Pagination'], ['api', 'pagination']],
  ['comma-separated string', 'api, pagination', ['api', 'pagination']],
  ['bracketed string', '[api, pagination]', ['api', 'pagination']],
  ['null entries dropped', ['api', null, ''], ['api']],
  ['duplicates merged', ['api', 'API'], ['api']],
  ['nothing', undefined, []],
])('normaliseTagList: %s', (_rule, input, expected) => {
  it('normalises', () => expect(normaliseTagList(input)).toEqual(expected));
});
