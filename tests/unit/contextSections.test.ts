import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bucketsOf } from '../../src/core/context/bucketOf.js';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { PackSource } from '../../src/core/context/packSource.js';
import { corePieces, piecesOf, planWithin, wholePlan } from '../../src/core/context/planEntry.js';
import { countEntry, entryBlocks, type EntryPlan } from '../../src/core/context/renderEntry.js';
import { matchSections } from '../../src/core/context/sectionMatch.js';
import { noteKind, roleOf } from '../../src/core/context/sectionRoles.js';
import { taskQuery } from '../../src/core/rank/rankNotes.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

/** One note of each kind, each with sections a pack should give first and sections it should leave for later. */
const FIXTURE = join(import.meta.dirname, '../fixtures/context-kinds');
const { index, bodies } = indexKnowledgeFolder(FIXTURE);
const data = buildPackData(index, bodies);
const source = new PackSource(data);
const buckets = bucketsOf(index);

function note(path: string, task = '') {
  const i = index.notes.findIndex((n) => n.path === path);
  const stored = source.note(i)!;
  const kind = noteKind(
    index.notes[i]!,
    buckets[i]!,
    stored.units.map((u) => u.h),
  );
  const match = matchSections(stored, taskQuery(task, { phrases: false }), () => 1);
  const tokens = (plan: EntryPlan) => countEntry(entryBlocks(stored, plan), plan.form === 'line', countTokens);
  const shown = (plan: EntryPlan | undefined) =>
    plan?.form === 'sections' ? [...plan.picks].filter(([, b]) => b.length > 0).map(([k]) => stored.units[k]!.h ?? 'opening text') : [];
  return { i, stored, kind, pieces: piecesOf(stored, kind, match), tokens, shown };
}

describe.each([
  { path: 'decisions/012-queue-for-exports.md', kind: 'decision', decisive: ['Decision', 'Consequences'] },
  {
    path: 'learnings/2026-04-02-worktree-missing-dependencies.md',
    kind: 'lesson',
    decisive: ['Problem', 'Solution', 'Root Cause', 'Key Insight', 'Prevention'],
  },
  { path: 'patterns/retry-wrapper.md', kind: 'pattern', decisive: ['Rules', 'Shape'] },
  { path: 'pitfalls/timezone-naive-dates.md', kind: 'pitfall', decisive: ['Symptoms', 'Fix'] },
  { path: 'postmortems/2026-05-search-outage.md', kind: 'postmortem', decisive: ['Action items', 'Root cause'] },
])('a $kind note ($path)', ({ path, kind, decisive }) => {
  const n = note(path);
  it(`reads as a ${kind}`, () => expect(n.kind).toBe(kind));
  it('is stored with its kind', () => expect(n.stored.kind).toBe(kind));
  it('offers its decisive sections first', () => expect(corePieces(n.pieces).map((p) => n.stored.units[p.unit]!.h)).toEqual(decisive));
  it('keeps to the decisive sections when the whole note does not fit', () => {
    const whole = n.tokens(wholePlan(n.stored));
    const core = planWithin(n.stored, corePieces(n.pieces), whole - 1, n.tokens);
    expect(new Set(n.shown(core))).toEqual(new Set(decisive));
    expect(n.tokens(core!)).toBeLessThan(whole);
  });
});

describe('section choice', () => {
  it('takes a postmortem’s summary as its lead and leaves the appendix and timeline for last', () => {
    const n = note('postmortems/2026-05-search-outage.md');
    expect(n.stored.lead).toMatch(/^Search returned errors for 40 minutes/);
    expect(n.pieces.map((p) => n.stored.units[p.unit]!.h).slice(-2)).toEqual(['Timeline', 'Appendix: commands used']);
  });
  it('leaves out a learning’s tags section', () => {
    expect(note('learnings/2026-04-02-worktree-missing-dependencies.md').stored.units.map((u) => u.h)).not.toContain('Tags');
  });
  it('gives a note without headings the paragraph that matches the task best', () => {
    const n = note('notes/atomic-notes-claim.md', 'should a draft that holds several claims be split before filing');
    expect(n.kind).toBe('other');
    const plan = planWithin(n.stored, corePieces(n.pieces), n.tokens(wholePlan(n.stored)) - 1, n.tokens);
    expect(plan?.form === 'sections' && plan.picks.get(0)!.map((b) => n.stored.units[0]!.b[b]!.slice(0, 40))).toEqual([
      'When a draft cannot be summarised in one',
    ]);
  });
  it('gives a note that fits whole, whole, before cutting any part', () => {
    const n = note('notes/small-batches.md');
    const whole = wholePlan(n.stored);
    expect(planWithin(n.stored, corePieces(n.pieces), n.tokens(whole), n.tokens)).toEqual(whole);
    const p = buildContextPack(data, { task: 'ship in small batches' });
    expect(p.citations.find((c) => c.path === 'notes/small-batches.md')?.shown).toBe('whole');
  });
  it('gives a decision’s Decision and Consequences in a pack whose budget cannot hold the whole note', () => {
    const p = buildContextPack(data, { task: 'csv exports hold web workers', maxTokens: 360 });
    expect(p.tokens).toBeLessThanOrEqual(360);
    expect(p.contextPackMarkdown).toContain('**Decision**\n\nExports are enqueued as jobs.');
    expect(p.contextPackMarkdown).not.toContain('**Alternatives considered**');
  });
});

describe.each([
  ['Decision Outcome', 'decision'],
  ['Consequences', 'consequences'],
  ['Context and Problem Statement', 'context'],
  ['Considered Options', 'alternatives'],
  ['Root Cause', 'cause'],
  ['Solution', 'fix'],
  ['Key Insight', 'insight'],
  ['Prevention', 'prevention'],
  ['Symptoms', 'symptoms'],
  ['Action items', 'actions'],
  ['Compiled Truth', 'summary'],
  ['TL;DR', 'summary'],
  ['Rules', 'rule'],
  ['Shape', 'shape'],
  ['What happened', 'problem'],
  ['Timeline', 'timeline'],
  ['Appendix A: finding affected charges', 'aside'],
  ['Test helper', 'other'],
])('roleOf(%j)', (heading, role) => {
  it(`is ${role}`, () => expect(roleOf(heading)).toBe(role));
});
