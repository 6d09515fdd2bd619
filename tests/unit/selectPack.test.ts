// The select stage of a pack (selectPack.ts), measured by a stand-in for the render stage: the pack's tokens are
// a fixed frame plus each entry's and each Further reading line's own tokens. What it must hold for any measure:
// the selection fits the budget as measured, a page pack's note comes first, the tail names notes no entry cites.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import type { PackRequest } from '../../src/core/context/packTypes.js';
import { rankPack, type PackTuning } from '../../src/core/context/rankPack.js';
import type { Chosen } from '../../src/core/context/selectEntries.js';
import { selectPack, type PackMeasure } from '../../src/core/context/selectPack.js';
import type { TailLine } from '../../src/core/context/furtherReading.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
const data = buildPackData(fixture.index, fixture.bodies);
const pathOf = (i: number) => fixture.index.notes[i]!.path;

/** A pack of `frame` tokens plus its entries and tail lines; `factor` makes every entry cost that many times its own count. */
function measure(frame: number, factor = 1): PackMeasure & { calls: number } {
  const m = {
    calls: 0,
    bare: frame,
    exact(chosen: readonly Chosen[], _stop: unknown, further: readonly TailLine[]) {
      m.calls++;
      return frame + chosen.reduce((n, c) => n + c.tokens * factor, 0) + further.reduce((n, l) => n + countTokens(`${l.text}\n`), 0);
    },
  };
  return m;
}

const select = (request: PackRequest, m: PackMeasure, tuning?: Partial<PackTuning>) => {
  const ranked = rankPack(data, request, [], tuning);
  return { ranked, selection: selectPack(ranked, m, countTokens) };
};

describe.each([300, 600, 1200, 3000, 6000, 12000])('a budget of %i tokens', (maxTokens) => {
  const m = measure(150);
  const { ranked, selection } = select({ task: 'cursor pagination webhook signature', maxTokens }, m);
  it('fits, as measured', () => expect(m.exact(selection.chosen, selection.stop, selection.further)).toBeLessThanOrEqual(maxTokens));
  it('cites each note once, entries or tail', () => {
    const named = [...selection.chosen.map((c) => c.i), ...selection.further.flatMap((l) => [l.lead.i, ...l.twins.map((t) => t.i)])];
    expect(new Set(named).size).toBe(named.length);
  });
  it('cites only ranked notes, at most maxCited as entries', () => {
    for (const c of selection.chosen) expect(ranked.candidates.map((x) => x.i)).toContain(c.i);
    expect(selection.chosen.length).toBeLessThanOrEqual(ranked.select.maxCited);
  });
});

describe('selectPack', () => {
  it('turns entries into lines, then leaves them out, when the measure says the pack is over the budget', () => {
    const roomy = select({ task: 'cursor pagination webhook signature', maxTokens: 1200 }, measure(150)).selection;
    const tight = select({ task: 'cursor pagination webhook signature', maxTokens: 1200 }, measure(150, 6)).selection;
    expect(roomy.chosen.some((c) => c.plan.form === 'sections')).toBe(true);
    expect(tight.chosen.filter((c) => c.plan.form === 'sections').length).toBeLessThan(roomy.chosen.filter((c) => c.plan.form === 'sections').length);
    expect(measure(150, 6).exact(tight.chosen, tight.stop, tight.further)).toBeLessThanOrEqual(1200);
  });
  it('counts and names what a frame with no room leaves out', () => {
    const { selection } = select({ task: 'cursor pagination webhook signature', maxTokens: 1200 }, measure(1190));
    expect(selection.chosen).toEqual([]);
    expect(selection.further).toEqual([]);
    expect(selection.stop.noRoom).toBeGreaterThan(0);
    expect(selection.truncated.map((t) => t.reason)).toContain('over the token budget');
  });
  it('puts a page pack’s own note first, whole when it fits', () => {
    const seed = 'decisions/001-cursor-pagination.md';
    const { selection } = select({ task: '', note: seed, maxTokens: 6000 }, measure(150));
    expect(pathOf(selection.chosen[0]!.i)).toBe(seed);
    expect(selection.chosen[0]!.shown).toBe('whole');
  });
  it('names no Further reading with the tail off', () => {
    const on = select({ task: 'log rotation', maxTokens: 6000 }, measure(150));
    const off = select({ task: 'log rotation', maxTokens: 6000 }, measure(150), { tail: { maxNamed: 0 } });
    expect(on.selection.further.length).toBeGreaterThan(0);
    expect(off.selection.further).toEqual([]);
  });
});
