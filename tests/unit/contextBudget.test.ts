import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import type { StoredNote } from '../../src/core/context/packParts.js';
import type { EntryPlan } from '../../src/core/context/renderEntry.js';
import { DEFAULT_SELECT, selectEntries, type Candidate, type CandidateParts } from '../../src/core/context/selectEntries.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

/** Notes with two sections of one block each; an entry costs 10 tokens as a line, 20 plus 30 a block with sections. */
const stored = (i: number): StoredNote => ({
  path: `n${i}.md`,
  title: `N${i}`,
  description: '',
  status: 'active',
  tokens: 100,
  kind: 'decision',
  units: [
    { h: 'Decision', b: ['a'], t: [1] },
    { h: 'Context', b: ['b'], t: [1] },
  ],
  links: '',
  keys: '',
  levels: '',
});
const parts = (i: number): CandidateParts => ({
  stored: stored(i),
  pieces: [
    { unit: 0, blocks: [0], priority: 0, score: 1 },
    { unit: 1, blocks: [0], priority: 10, score: 0 },
  ],
  keys: new Set([`k${i}`]),
});
const tokens = (_c: Candidate, plan: EntryPlan) => (plan.form === 'line' ? 10 : 20 + 30 * [...plan.picks.values()].reduce((n, b) => n + b.length, 0));
const candidates = (scores: number[]): Candidate[] => scores.map((score, i) => ({ i, score, direct: score, bucket: 'notes' }));
const select = (scores: number[], room: number, o: Partial<typeof DEFAULT_SELECT> = {}) =>
  selectEntries(candidates(scores), parts, tokens, { ...DEFAULT_SELECT, coreCap: 50, deepCap: 80, room, ...o });
const forms = (s: ReturnType<typeof select>) => s.chosen.map((c) => `${c.i}:${c.shown}`);

describe('relevance floor', () => {
  it('cites notes down to a share of the third best score and counts the rest as below the cut, with budget left', () => {
    // reference 8; lines from 0.35 × 8 = 2.8, sections first from 0.6 × 8 = 4.8
    const s = select([10, 9, 8, 3, 2.5, 1], 10_000);
    expect(s.chosen.map((c) => c.i)).toEqual([0, 1, 2, 3]);
    expect(s.belowCut).toBe(2);
    expect(s.noRoom).toBe(0);
  });
  it('measures from the best score when asked to (reference 1)', () => {
    expect(select([10, 9, 8, 3, 2.5, 1], 10_000, { reference: 1 }).chosen.map((c) => c.i)).toEqual([0, 1, 2]);
  });
  it('is not moved by one outlier at the top, down to a share of it', () => {
    expect(select([19, 9, 8, 3, 2.5, 1], 10_000).chosen.map((c) => c.i)).toEqual([0, 1, 2, 3]);
    expect(select([100, 9, 8, 3, 2.5, 1], 10_000).chosen.map((c) => c.i)).toEqual([0]);
  });
});

describe('depth before breadth', () => {
  it('gives the strong notes their decisive sections before lines, and lines before deepening', () => {
    // room 150: three cores (50 each) leave nothing for the line of note 3, which is then over the budget
    expect(forms(select([10, 9, 8, 3], 150, { lineReserve: 0 }))).toEqual(['0:sections', '1:sections', '2:sections']);
    // with a reserve for lines, the third strong note falls back to a line, note 3 gets one, and the best note
    // takes what is left whole
    expect(forms(select([10, 9, 8, 3], 150))).toEqual(['0:whole', '1:sections', '2:line', '3:line']);
  });
  it('turns lines into sections, then spends what is left on whole notes, best first', () => {
    expect(forms(select([10, 9, 8, 3], 1000))).toEqual(['0:whole', '1:whole', '2:whole', '3:whole']);
    expect(forms(select([10, 9, 8, 3], 260))).toEqual(['0:whole', '1:whole', '2:sections', '3:sections']);
    expect(forms(select([10, 9, 8, 3], 260, { linesFirst: false }))).toEqual(['0:whole', '1:whole', '2:whole', '3:line']);
  });
});

const KINDS = join(import.meta.dirname, '../fixtures/context-kinds');
const kinds = indexKnowledgeFolder(KINDS);
const kindsData = buildPackData(kinds.index, kinds.bodies);

describe('empty buckets', () => {
  // The whole order is pinned in seedLines.test.ts; here, where Other Notes stands among the empty buckets.
  it('keep their headings, each saying in one line that it is empty; Other Notes comes before Pitfalls', () => {
    const md = buildContextPack(kindsData, { task: 'draft summarised claims splitting' }).contextPackMarkdown;
    expect(md).toContain('\n\n## Lessons\n\nNo lessons found for this task.\n\n## Patterns\n\nNo patterns found for this task.\n\n## Other Notes\n\n');
    expect(md).toContain('\n\n## Pitfalls\n\nNo pitfalls found for this task.\n\n## Files to Inspect\n\n');
  });
  it('only the empty ones say so', () => {
    const md = buildContextPack(kindsData, { task: 'csv exports on a queue' }).contextPackMarkdown;
    expect(md).not.toContain('No decisions found');
    expect(md.indexOf('## Decisions\n')).toBeLessThan(md.indexOf('## Lessons\n\nNo lessons found for this task.'));
  });
});

describe('the summary', () => {
  it('says how many notes Further reading names, how many scored below the cut and how much of the budget was used', () => {
    const p = buildContextPack(kindsData, { task: 'csv exports hold web workers' });
    expect(p.belowCut).toBeGreaterThan(0);
    const further = p.citations.filter((c) => c.furtherReading).length;
    expect(further).toBeGreaterThan(0);
    expect(p.contextPackMarkdown).toContain(
      `; ${further} more named under Further reading, ${p.belowCut} more scored below the cut. ${p.tokens} of 6000 tokens used.`,
    );
  });
});
