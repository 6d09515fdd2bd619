// site.json from its two parts (src/core/site/portalData.ts siteDataJson): the head, what the pages' site model is made
// from, known first, and the rest (the notes' render map, properties and images). The file parses to both together.
import { describe, expect, it } from 'vitest';
import { siteDataJson } from '../../src/core/site/portalData.ts';

describe('siteDataJson', () => {
  it.each([
    ['one field each', { prefix: '' }, { notes: {} }],
    [
      'nested values, text that looks like JSON',
      { prefix: 'kb/', index: { title: '{"notes":1}', notes: [] } },
      { notes: { 'a.md': { as: 'md', job: [0, 12] } }, images: {} },
    ],
    ['a note path with quotes and non-ASCII', { settings: { root: '/' } }, { properties: { 'dé"cisions/ü.md': [{ key: 'x' }] } }],
  ])('%s: parses to the head and the rest', (_name, head, rest) => {
    expect(JSON.parse(siteDataJson(JSON.stringify(head), JSON.stringify(rest)))).toEqual({ ...head, ...rest });
  });

  it.each([
    ['{}', '{"notes":{}}'],
    ['[1]', '{"notes":{}}'],
    ['', '{"notes":{}}'],
    ['{"prefix":""}', '{}'],
    ['{"prefix":""}', '"notes"'],
  ])('refuses a part that is not an object with fields: %j and %j', (head, rest) => {
    expect(() => siteDataJson(head, rest)).toThrow(/internal error/);
  });
});
