import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData, excerptOf, linksOf, type PackData } from '../../src/core/context/buildPackData.js';
import { countPackTokens, renderContextPack, type PackModel, type RenderedEntry } from '../../src/core/context/renderContextPack.js';
import { packAscending, PackedReader, PackedWriter, unpackAscending } from '../../src/core/rank/packedInts.js';
import { prepareSearch, TF_LEVELS, tfLevel } from '../../src/core/rank/searchIndex.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
const data = buildPackData(fixture.index, fixture.bodies);

describe.each([[[]], [[0]], [[0, 1, 2, 3]], [[5, 31, 32, 33, 1023, 1024, 40000]], [[7, 100000]]])('packAscending(%j)', (values) => {
  it('round-trips', () => expect(unpackAscending(packAscending(values))).toEqual(values));
  it('is JSON-safe text', () => expect(JSON.stringify(packAscending(values))).toBe(`"${packAscending(values)}"`));
});

describe('packed integers', () => {
  it('reads varints and one-character values in the order written', () => {
    const r = new PackedReader(new PackedWriter().varint(0).small(63).varint(31).varint(32).varint(123456).toString());
    expect([r.varint(), r.small(), r.varint(), r.varint(), r.varint(), r.done]).toEqual([0, 63, 31, 32, 123456, true]);
  });
  it('names the place of a corrupt character', () => expect(() => new PackedReader('g!').varint()).toThrow(/corrupt at character 1/));
});

describe('pseudo-frequency levels', () => {
  it('has 64 levels, each 12.5% above the one before', () => {
    expect(TF_LEVELS).toHaveLength(64);
    for (let q = 1; q < 64; q++) expect(TF_LEVELS[q]! / TF_LEVELS[q - 1]!).toBeCloseTo(1.125, 12);
  });
  it.each([0.001, 0.1, 0.45, 1, 1.79, 7.96, 36.2, 118, 5000])('stores %f within half a step (or at an end)', (tf) => {
    const stored = TF_LEVELS[tfLevel(tf)]!;
    if (tf <= TF_LEVELS[0]!) expect(stored).toBe(TF_LEVELS[0]);
    else if (tf >= TF_LEVELS[63]!) expect(stored).toBe(TF_LEVELS[63]);
    else expect(Math.abs(Math.log(stored / tf))).toBeLessThanOrEqual(Math.log(1.125) / 2 + 1e-9);
  });
});

describe('pack data', () => {
  it('unpacks postings into term vectors that agree with them', () => {
    const s = prepareSearch(data.search);
    s.postings.forEach((p, t) => p.docs.forEach((d, k) => expect(s.docTf[d]![s.docTerms[d]!.indexOf(t)]).toBe(p.tf[k])));
    for (const terms of s.docTerms) expect([...terms]).toEqual([...terms].sort((a, b) => a - b));
  });
  it('stores each wikilink once and gives both directions back', () => {
    const links = linksOf(data);
    links.forEach((to, i) => to.forEach((j) => expect(links[j]).toContain(i)));
    expect(links.flat().length).toBe(2 * data.links.reduce((n, text) => n + unpackAscending(text).length, 0));
  });
  it('leaves out a lead that is the note’s description, and fills it back from the index', () => {
    fixture.index.notes.forEach((n, i) => {
      const stored = data.excerpts[i]!;
      if (stored.lead === undefined) expect(excerptOf(n, stored).lead).toBe(n.description);
      else expect(stored.lead).not.toBe(n.description);
    });
  });
  it('gives the same pack after a JSON round trip', () => {
    const copy = JSON.parse(JSON.stringify(data)) as PackData;
    const request = { task: 'cursor pagination webhook signature', today: '2026-01-01' };
    expect(buildContextPack(fixture.index, copy, request).contextPackMarkdown).toBe(buildContextPack(fixture.index, data, request).contextPackMarkdown);
  });
});

/** countPackTokens adds the entries' stored counts to the pack's own text: it must equal the tokenizer on the whole. */
const entry = (text: string, sep: string): RenderedEntry => ({ text, tokens: countTokens(text + sep) });
const model = (task: string, full: string[], brief: string[], files = ['- `a/b.ts` (3 lines) — entry point']): PackModel => ({
  task,
  summary: ['Confidence: **low** — 1 active note matches the task directly.'],
  repoContext: ['No repo or project given.'],
  sections: [
    { title: 'Decisions', full: full.map((t) => entry(t, '\n\n')), brief: brief.map((t) => entry(t, '\n')), empty: 'None found.' },
    { title: 'Pitfalls', full: [], brief: [], empty: 'None found.' },
  ],
  files,
  openQuestions: [],
});

describe.each([
  { rule: 'plain entries', m: model('Fix the bug', ['### A\n\nSource: `a.md`\n\nLead.'], ['- `b.md` — one line.', '- `c.md` — ends with code `x`']) },
  { rule: 'a task that starts with a path', m: model('/srv/app: fix it', [], ['- `b.md` — line.']) },
  { rule: 'a task that starts with spaces and newlines', m: model('  \n\nindented task', ['### A\n\nSource: `a.md`'], []) },
  {
    rule: 'entries ending in punctuation and code fences',
    m: model('t', ['### A\n\n```\ncode\n```', '### B\n\nEnds here.'], ['- `x.md` — “quoted.”', '- `y.md` — a/b/']),
  },
  { rule: 'an empty block (no files)', m: model('t', [], ['- `b.md` — line.'], []) },
  { rule: 'non-Latin text and emoji', m: model('修复 webhook 🚀', ['### Заметка\n\nSource: `z.md`\n\nТекст.'], ['- `日本.md` — 説明。']) },
])('countPackTokens: $rule', ({ m }) => {
  it('equals the tokenizer on the rendered Markdown', () => expect(countPackTokens(m, countTokens)).toBe(countTokens(renderContextPack(m))));
});
