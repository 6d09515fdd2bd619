// The render stage of a pack (renderPack.ts), given a selection made by hand: the sections, the summary's own
// token count, the citations' order, the open questions and the warnings that depend on what is cited.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import type { TailLine } from '../../src/core/context/furtherReading.js';
import { wholePlan } from '../../src/core/context/planEntry.js';
import { rankPack } from '../../src/core/context/rankPack.js';
import { confidenceOf, packRenderer } from '../../src/core/context/renderPack.js';
import { planTokens, type EntryPlan } from '../../src/core/context/renderEntry.js';
import type { Chosen } from '../../src/core/context/selectEntries.js';
import type { PackSelection } from '../../src/core/context/selectPack.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
const data = buildPackData(fixture.index, fixture.bodies);
const numberOf = (path: string) => fixture.index.notes.findIndex((n) => n.path === path);

const ranked = rankPack(data, { task: 'cursor pagination', maxTokens: 3000 });
const renderer = packRenderer(ranked, countTokens);
/** A ranked note as an entry, in a line or whole. */
function entry(path: string, form: 'line' | 'whole'): Chosen {
  const c = ranked.candidates.find((x) => x.i === numberOf(path))!;
  const stored = ranked.parts(c.i).stored;
  const plan: EntryPlan = form === 'line' ? { form: 'line' } : wholePlan(stored);
  return { ...c, plan, shown: form, tokens: planTokens(stored, plan, countTokens) };
}
const selection = (chosen: Chosen[], further: TailLine[] = []): PackSelection => ({ chosen, stop: { belowCut: 0, noRoom: 0 }, truncated: [], further });

const DECISION = 'decisions/001-cursor-pagination.md';
const OLD_DECISION = 'decisions/002-offset-pagination.md';
const PATTERN = 'approaches/pagination-tokens.md';
const LESSON = 'projects/shop/lessons/pagination-boundary-bug.md';

describe('a pack with nothing selected', () => {
  const p = renderer.render(selection([]));
  it('keeps every included bucket and Pitfalls, each saying it found none, and no Other Notes', () =>
    expect([...p.contextPackMarkdown.matchAll(/^## (.+)\n\n(.*)$/gm)].map((m) => `${m[1]}: ${m[2]}`)).toEqual([
      'Task: cursor pagination',
      'Context Summary: Confidence: **low** — 0 active notes match the task directly.',
      'Repo/Project Context: No repo or project given.',
      'Decisions: No decisions found for this task.',
      'Lessons: No lessons found for this task.',
      'Patterns: No patterns found for this task.',
      'Pitfalls: No pitfalls found for this task.',
      'Files to Inspect: No codebase named (pass `--repo`, or write a path or `@context <alias>` in the task).',
      'Open Questions: - No recorded decision covers this task: confirm the approach with the owners before committing to one.',
    ]));
  it('cites nothing, with low confidence', () => {
    expect(p.citations).toEqual([]);
    expect(p.confidence).toBe('low');
    expect(p.contextPackMarkdown).toContain('No notes are cited.');
  });
  it('counts as the bare pack the selection starts from', () => expect(renderer.bare).toBeGreaterThanOrEqual(p.tokens));
});

describe('a pack with entries and a Further reading line', () => {
  const lesson = ranked.candidates.find((c) => c.i === numberOf(LESSON))!;
  const line: TailLine = { lead: lesson, twins: [], text: `- \`${LESSON}\` — a lesson` };
  const chosen = [entry(PATTERN, 'line'), entry(OLD_DECISION, 'line'), entry(DECISION, 'whole')];
  const p = renderer.render(selection(chosen, [line]));
  it('states its own token count, which is the exact count', () => {
    expect(p.tokens).toBe(countTokens(p.contextPackMarkdown));
    expect(p.contextPackMarkdown).toContain(`${p.tokens} of 3000 tokens used`);
    expect(renderer.exact(chosen, { belowCut: 0, noRoom: 0 }, [line])).toBe(p.tokens);
  });
  it('cites by section, sections before lines, then the Further reading', () =>
    expect(p.citations.map((c) => [c.path, c.shown, c.furtherReading ?? false])).toEqual([
      [DECISION, 'whole', false],
      [OLD_DECISION, 'line', false],
      [PATTERN, 'line', false],
      [LESSON, 'line', true],
    ]));
  it('puts Further reading after Open Questions', () => {
    const md = p.contextPackMarkdown;
    expect(md.indexOf(`## Further reading\n\n${line.text}\n`)).toBeGreaterThan(md.indexOf('## Open Questions'));
  });
  it('asks about the superseded decision it cites', () =>
    expect(p.contextPackMarkdown).toMatch(
      /^- `decisions\/002-offset-pagination\.md` is superseded by .*; where cited notes disagree, prefer the newer one\.$/m,
    ));
  it('counts the active notes matching the task directly towards confidence', () => expect(p.confidence).toBe('medium'));
});

describe('a pack citing only notes no longer current', () => {
  const p = renderer.render(selection([entry(OLD_DECISION, 'line')]));
  const warning = 'Every matching note is deprecated or superseded; they are included, labelled. Check whether their advice still holds.';
  it('warns, in the summary and the warnings', () => {
    expect(p.warnings).toEqual([warning]);
    expect(p.contextPackMarkdown).toContain(`Warning: ${warning}`);
  });
});

describe.each([
  [0, 'low'],
  [1, 'low'],
  [2, 'medium'],
  [3, 'high'],
  [7, 'high'],
])('%i notes matching directly', (relevant, confidence) => {
  it(`give confidence ${confidence}`, () => expect(confidenceOf(relevant)).toBe(confidence));
});
