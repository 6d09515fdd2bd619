import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { blockTokenCounts, buildPackData, type PackData } from '../../src/core/context/buildPackData.js';
import { createPackDataLoader } from '../../src/core/context/packLoader.js';
import { noteShardStarts, packDataFiles, termShardOf } from '../../src/core/context/packParts.js';
import { packDataSchema } from '../../src/core/context/packPartsSchema.js';
import { PackSource } from '../../src/core/context/packSource.js';
import { countPackTokens, renderContextPack, type PackModel, type RenderedEntry } from '../../src/core/context/renderContextPack.js';
import { planTokens, renderEntry, type EntryPlan } from '../../src/core/context/renderEntry.js';
import { packAscending, PackedReader, PackedWriter, unpackAscending } from '../../src/core/rank/packedInts.js';
import { decodePosting, TF_LEVELS, tfLevel } from '../../src/core/rank/searchIndex.js';
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
  it('is valid by its schema after a JSON round trip', () => expect(packDataSchema.parse(JSON.parse(JSON.stringify(data)))).toEqual(data));
  it('keeps each term once, in the shard its hash names, with postings of ascending notes', () => {
    const seen = new Set<string>();
    data.terms.forEach((shard, k) =>
      shard!.vocab.forEach((t, j) => {
        expect(termShardOf(t, data.head.termShards)).toBe(k);
        expect(seen.has(t)).toBe(false);
        seen.add(t);
        const docs = [...decodePosting(shard!.postings[j]!).docs];
        expect(docs).toEqual([...docs].sort((a, b) => a - b));
        expect(docs.every((d) => d < fixture.index.notes.length)).toBe(true);
      }),
    );
  });
  it('holds every note once, in index order, across its note shards', () => {
    const starts = noteShardStarts(data.head);
    expect(starts[0]).toBe(0);
    expect(data.notes.reduce((n, s) => n + s!.notes.length, 0)).toBe(fixture.index.notes.length);
    data.notes.forEach((s, k) => expect(s!.notes.length).toBe((starts[k + 1] ?? fixture.index.notes.length) - starts[k]!));
  });
  it('gives wikilinks in both directions', () => {
    const source = new PackSource(data);
    fixture.index.notes.forEach((_, i) => source.links(i).forEach((j) => expect(source.links(j)).toContain(i)));
    expect(fixture.index.notes.some((_, i) => source.links(i).length > 0)).toBe(true);
  });
  it('leaves out a lead that is the note’s description (it is stored beside it)', () => {
    const source = new PackSource(data);
    fixture.index.notes.forEach((n, i) => {
      expect(source.note(i)!.description).toBe(n.description);
      expect(source.note(i)!.lead).not.toBe(n.description);
    });
  });
  it('gives the same pack after a JSON round trip', () => {
    const copy = JSON.parse(JSON.stringify(data)) as PackData;
    const request = { task: 'cursor pagination webhook signature', today: '2026-01-01' };
    expect(buildContextPack(copy, request).contextPackMarkdown).toBe(buildContextPack(data, request).contextPackMarkdown);
  });
});

describe('pack data built with the token counts of earlier pack data', () => {
  const counts = blockTokenCounts(data);
  const blocks = data.notes.flatMap((shard) => shard!.notes.flatMap((note) => note.units.flatMap((unit) => unit.b)));
  it('knows every stored block, counted as a pack renders it', () => {
    expect(counts.size).toBeGreaterThan(10);
    expect(blocks.every((b) => counts.get(b) === countTokens(`${b}\n\n`))).toBe(true);
  });
  it('is the same pack data', () => expect(buildPackData(fixture.index, fixture.bodies, { tokenCounts: counts })).toEqual(data));
  it('takes a block’s count from them instead of counting it again', () => {
    const block = blocks.find((b) => b.length > 40)!;
    const given = buildPackData(fixture.index, fixture.bodies, { tokenCounts: new Map([[block, 9999]]) });
    expect(blockTokenCounts(given).get(block)).toBe(9999);
    expect([...blockTokenCounts(given)].filter(([b]) => b !== block)).toEqual([...counts].filter(([b]) => b !== block));
  });
});

describe('pack data loaded in parts', () => {
  // Small parts, so that a pack of this small folder needs only some of them.
  const parted = buildPackData(fixture.index, fixture.bodies, { termShardChars: 300, noteShardNotes: 2 });
  const files = new Map(packDataFiles(parted).map((f) => [f.path, JSON.stringify(f.value)]));
  const loader = (fetched: string[]) =>
    createPackDataLoader(async (path) => {
      fetched.push(path);
      if (!files.has(path)) throw new Error(`no ${path}`);
      return JSON.parse(files.get(path)!) as unknown;
    });
  it.each(['cursor pagination', 'webhook signature verification', 'disaster recovery runbook', 'quantum teleportation'])(
    'gives the very pack of complete data for %j, fetching only the parts it needs',
    async (task) => {
      const fetched: string[] = [];
      const request = { task, today: '2026-01-01' };
      const pack = await loader(fetched).pack(request);
      expect(pack).toEqual(buildContextPack(parted, request));
      expect(pack).toEqual(buildContextPack(data, request));
      expect(fetched[0]).toBe('head.json');
      expect(new Set(fetched).size).toBe(fetched.length);
      expect(fetched.length).toBeLessThan(files.size);
    },
  );
  it('rejects a part that is not pack data', async () => {
    const bad = createPackDataLoader(async (path) => (path === 'head.json' ? JSON.parse(files.get(path)!) : { vocab: ['a'], postings: [] }));
    await expect(bad.pack({ task: 'cursor pagination' })).rejects.toThrow(/one posting list per term/);
  });
});

/** countPackTokens adds the entries' stored counts to the pack's own text: it must equal the tokenizer on the whole. */
const entry = (text: string, sep: string): RenderedEntry => ({ text, tokens: countTokens(text + sep) });
const model = (task: string, full: string[], brief: string[], files = ['- `a/b.ts` (3 lines) — entry point']): PackModel => ({
  task,
  summary: ['Confidence: **low** — 1 active note matches the task directly.'],
  repoContext: ['No repo or project given.'],
  sections: [
    { title: 'Decisions', full: full.map((t) => entry(t, '\n\n')), brief: brief.map((t) => entry(t, '\n')) },
    { title: 'Pitfalls', none: 'No pitfalls found for this task.' },
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

/** An entry's count from its parts must be the tokenizer's count of the entry with the blank line after it. */
describe.each([
  ['context-basic', fixture],
  ['context-kinds', indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-kinds'))],
])('planTokens on %s', (_, folder) => {
  const d = buildPackData(folder.index, folder.bodies);
  const source = new PackSource(d);
  it('equals the tokenizer for a line, each section alone, the first paragraphs and the whole note', () => {
    folder.index.notes.forEach((_, i) => {
      const stored = source.note(i)!;
      const plans: EntryPlan[] = [
        { form: 'line' },
        { form: 'sections', picks: new Map() },
        ...stored.units.map((u, k): EntryPlan => ({ form: 'sections', picks: new Map([[k, u.b.map((_, b) => b)]]) })),
        { form: 'sections', picks: new Map(stored.units.map((u, k) => [k, u.b.slice(0, 1).map((_, b) => b)])) },
        { form: 'sections', picks: new Map(stored.units.map((u, k) => [k, u.b.map((_, b) => b)])) },
      ];
      for (const plan of plans)
        expect(planTokens(stored, plan, countTokens)).toBe(countTokens(`${renderEntry(stored, plan)}${plan.form === 'line' ? '\n' : '\n\n'}`));
    });
  });
});
