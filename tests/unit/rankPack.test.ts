// The rank stage of a pack (rankPack.ts): the request read against the pack data, before anything is selected.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { DEFAULT_MAX_TOKENS, MAX_TOKENS_CAP, MIN_TOKENS, type PackRequest } from '../../src/core/context/packTypes.js';
import { rankPack } from '../../src/core/context/rankPack.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
const data = buildPackData(fixture.index, fixture.bodies);
const pathOf = (i: number) => fixture.index.notes[i]!.path;

describe.each<[string, Partial<PackRequest>, number, string | undefined]>([
  ['no budget: the default', {}, DEFAULT_MAX_TOKENS, undefined],
  ['a budget within the bounds', { maxTokens: 2000 }, 2000, undefined],
  ['over the hard cap: clamped', { maxTokens: 99_999 }, MAX_TOKENS_CAP, `maxTokens 99999 is over the hard cap; clamped to ${MAX_TOKENS_CAP}.`],
  ['under the sections: raised', { maxTokens: 10 }, MIN_TOKENS, `maxTokens 10 cannot hold the pack's sections; raised to ${MIN_TOKENS}.`],
])('the budget, %s', (_, request, maxTokens, warning) => {
  const ranked = rankPack(data, { task: 'cursor pagination', ...request });
  it(`is ${maxTokens}`, () => expect(ranked.maxTokens).toBe(maxTokens));
  it(warning ? 'says so first' : 'warns of nothing', () => expect(ranked.warnings).toEqual(warning ? [warning] : []));
});

describe.each<[string[] | undefined, string[], string[]]>([
  [undefined, ['decisions', 'lessons', 'patterns'], ['decisions', 'lessons', 'patterns', 'notes', 'pitfalls']],
  [
    ['pitfalls', 'decisions'],
    ['decisions', 'pitfalls'],
    ['decisions', 'notes', 'pitfalls'],
  ],
  [['lessons'], ['lessons'], ['lessons', 'notes', 'pitfalls']],
])('include %j', (include, shown, sections) => {
  const ranked = rankPack(data, { task: 'cursor pagination webhook', ...(include ? { include } : {}) });
  it(`shows ${shown.join(', ')} in the buckets' own order`, () => expect(ranked.include).toEqual(shown));
  it(`orders the sections ${sections.join(', ')} (Other Notes before Pitfalls, both always searched)`, () => expect(ranked.sectionOrder).toEqual(sections));
  it('ranks only notes of those sections', () => {
    expect(ranked.candidates.length).toBeGreaterThan(0);
    for (const c of ranked.candidates) expect(sections).toContain(c.bucket);
  });
});

describe('rankPack', () => {
  it('names an unknown bucket in a warning and leaves it out', () => {
    const ranked = rankPack(data, { task: 'cursor pagination', include: ['decisions', 'nope'] });
    expect(ranked.include).toEqual(['decisions']);
    expect(ranked.warnings).toEqual(['Unknown bucket "nope" ignored (known: decisions, lessons, patterns, pitfalls).']);
  });
  it('ranks the candidates best first, each once', () => {
    const { candidates } = rankPack(data, { task: 'cursor pagination' });
    expect(candidates.map((c) => c.score)).toEqual([...candidates.map((c) => c.score)].sort((a, b) => b - a));
    expect(new Set(candidates.map((c) => c.i)).size).toBe(candidates.length);
    expect(pathOf(candidates[0]!.i)).toBe('decisions/001-cursor-pagination.md');
  });
  it('puts the entries’ floor under the best score and the tail’s pool within the candidates', () => {
    const r = rankPack(data, { task: 'cursor pagination' });
    expect(r.floor).toBeGreaterThan(0);
    expect(r.floor).toBeLessThan(r.candidates[0]!.score);
    for (const c of r.pool) expect(r.aboveTail).toContain(c);
    for (const c of r.aboveTail) expect(r.candidates).toContain(c);
  });
  it('says when no note matches, and ranks none', () => {
    const r = rankPack(data, { task: 'quantum teleportation' });
    expect(r.candidates).toEqual([]);
    expect(r.warnings).toEqual(['No note matches this task.']);
  });
  it('seeds a page pack with its note, shows its bucket and never ranks it', () => {
    const seedPath = 'projects/shop/pitfalls/webhook-clock-skew.md';
    const r = rankPack(data, { task: '', note: seedPath, include: ['decisions'] });
    expect(r.seed && pathOf(r.seed.i)).toBe(seedPath);
    expect(r.include).toEqual(['decisions', 'pitfalls']);
    expect(r.candidates.map((c) => pathOf(c.i))).not.toContain(seedPath);
  });
  it('packs for the task alone when the note is not in the folder', () => {
    const r = rankPack(data, { task: 'cursor pagination', note: 'nope.md' });
    expect(r.seed).toBeUndefined();
    expect(r.warnings).toEqual(['No note at nope.md; the pack is for the task alone.']);
    expect(r.query).toBe('cursor pagination');
  });
  it('takes the agent’s terms among the words the tail names', () => {
    const r = rankPack(data, { task: 'cursor pagination', terms: ['webhooks'] });
    expect(r.words.map((w) => w.word)).toEqual(['cursor', 'pagination', 'webhooks']);
  });
  it('refuses pack data of another version', () => {
    expect(() => rankPack({ ...data, head: { ...data.head, version: 3 as 4 } }, { task: 'x' })).toThrow(/version 3 is not 4; build it again/);
  });
});
