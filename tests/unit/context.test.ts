import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { createPackDataLoader } from '../../src/core/context/packLoader.js';
import { packDataFiles } from '../../src/core/context/packParts.js';
import type { PackRequest } from '../../src/core/context/packTypes.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/context-basic');
const SAMPLE = join(import.meta.dirname, '../../content');
const CORPUS = join(import.meta.dirname, '../../../shared/corpora/arscontexta');
const golden = (name: string) => join(import.meta.dirname, '__golden__/packs', `${name}.md`);

const fixture = indexKnowledgeFolder(FIXTURE);
const data = buildPackData(fixture.index, fixture.bodies);
const pack = (request: PackRequest) => buildContextPack(data, { today: '2026-01-01', ...request });

/** The seed's order: the fixed sections, and between Repo/Project Context and Files to Inspect the buckets. */
const SECTIONS = ['## Task', '## Context Summary', '## Repo/Project Context', '## Files to Inspect', '## Open Questions'];
const BUCKETS = ['Decisions', 'Lessons', 'Patterns', 'Pitfalls'];
/** Buckets shown as headings (in order of appearance) and those named in the one "None found" line. */
function bucketsIn(md: string): { headings: string[]; none: string[]; noneAt: number } {
  const headings = [...md.matchAll(/^## (\w+)\n/gm)].map((m) => m[1]!).filter((h) => BUCKETS.includes(h));
  const line = /^\*\*None found:\*\* (.+)\.$/m.exec(md);
  return { headings, none: line ? line[1]!.split(/, | or /).map((b) => b[0]!.toUpperCase() + b.slice(1)) : [], noneAt: line?.index ?? -1 };
}

describe.each([
  { name: 'one-relevant', task: 'feature flag cleanup', confidence: 'low' },
  { name: 'two-relevant', task: 'webhook signature verification', confidence: 'medium' },
  { name: 'three-relevant', task: 'cursor pagination', confidence: 'high' },
  { name: 'superseded-label', task: 'offset pagination limit', confidence: 'low' },
  { name: 'all-deprecated', task: 'SOAP envelope', confidence: 'low' },
  { name: 'no-match', task: 'quantum teleportation', confidence: 'low' },
])('pack "$task" on the fixture', ({ name, task, confidence }) => {
  const p = pack({ task });
  it('matches its golden file', async () => await expect(p.contextPackMarkdown).toMatchFileSnapshot(golden(name)));
  it(`has confidence ${confidence}`, () => expect(p.confidence).toBe(confidence));
  it('keeps the section order', () => {
    const md = p.contextPackMarkdown;
    const at = SECTIONS.map((s) => md.indexOf(`${s}\n`));
    expect(at.every((x) => x >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    const { headings, none, noneAt } = bucketsIn(md);
    expect(headings).toEqual(BUCKETS.filter((b) => headings.includes(b)));
    expect([...headings, ...none].sort()).toEqual([...BUCKETS].sort());
    if (noneAt >= 0) expect(noneAt > at[2]! && noneAt < at[3]!).toBe(true);
  });
  it('cites the path of every note it shows', () => {
    for (const c of p.citations) expect(p.contextPackMarkdown).toContain(`\`${c.path}\``);
  });
  it('reports the exact token count, within the budget', () => {
    expect(p.tokens).toBe(countTokens(p.contextPackMarkdown));
    expect(p.tokens).toBeLessThanOrEqual(p.maxTokens);
  });
});

describe('pack rules', () => {
  it('labels superseded notes and ranks them below their replacement', () => {
    const p = pack({ task: 'offset pagination limit' });
    expect(p.contextPackMarkdown).toContain('[superseded by decisions/001-cursor-pagination.md]');
    const paths = p.citations.map((c) => c.path);
    expect(paths.indexOf('decisions/001-cursor-pagination.md')).toBeLessThan(paths.indexOf('decisions/002-offset-pagination.md'));
    expect(p.citations.find((c) => c.path === 'decisions/002-offset-pagination.md')?.status).toBe('superseded');
  });
  it('includes deprecated matches, labelled, with a warning when every match is deprecated', () => {
    const p = pack({ task: 'SOAP envelope' });
    expect(p.contextPackMarkdown).toContain('[deprecated]');
    expect(p.warnings.join('\n')).toMatch(/Every matching note is deprecated/);
  });
  it('gives an empty pack, confidence low, when nothing matches', () => {
    const p = pack({ task: 'quantum teleportation' });
    expect(p.citations).toEqual([]);
    expect(p.warnings).toContain('No note matches this task.');
  });
  it('clamps a budget over 12000 with a warning', async () => {
    const p = pack({ task: 'cursor pagination', maxTokens: 20000 });
    expect(p.maxTokens).toBe(12000);
    expect(p.warnings[0]).toMatch(/clamped to 12000/);
    await expect(p.contextPackMarkdown).toMatchFileSnapshot(golden('clamped'));
  });
  it('cuts a note longer than the budget at a heading boundary and says what was cut', async () => {
    const note = fixture.index.notes.find((n) => n.path === 'guides/disaster-recovery-runbook.md')!;
    const p = pack({ task: 'disaster recovery runbook', maxTokens: 620 });
    expect(note.tokens).toBeGreaterThan(620);
    expect(p.tokens).toBeLessThanOrEqual(620);
    expect(p.contextPackMarkdown).toMatch(/\*\*Step 1: recovery stage 1\*\*\n\n/);
    expect(p.contextPackMarkdown).toMatch(/_Cut at a heading boundary: “Step 2: recovery stage 2 \(rest\)”, “Step 3: recovery stage 3”/);
    await expect(p.contextPackMarkdown).toMatchFileSnapshot(golden('over-long-note'));
  });
  it('lands exactly on the budget edge: a pack of B tokens at budget B, fewer notes at B - 1', async () => {
    const task = 'pagination webhook signature';
    let budget = 700;
    for (let k = 0; k < 10 && pack({ task, maxTokens: budget }).tokens !== budget; k++) budget = pack({ task, maxTokens: budget }).tokens;
    const edge = pack({ task, maxTokens: budget });
    expect(edge.tokens).toBe(budget);
    const under = pack({ task, maxTokens: budget - 1 });
    expect(under.tokens).toBeLessThanOrEqual(budget - 1);
    expect(under.contextPackMarkdown).not.toBe(edge.contextPackMarkdown);
    await expect(edge.contextPackMarkdown).toMatchFileSnapshot(golden('budget-edge'));
  });
  it('shows one of two near-duplicate notes; the other only on its Further reading line', () => {
    const p = pack({ task: 'log rotation' });
    const logs = p.citations.filter((c) => c.path.startsWith('guides/log-rotation'));
    expect(logs.filter((c) => !c.furtherReading)).toHaveLength(1);
    expect(logs.filter((c) => c.furtherReading).map((c) => c.path)).toEqual(['guides/log-rotation.md']);
    expect(p.contextPackMarkdown).toContain('- Near duplicates of `guides/log-rotation-copy.md`: `guides/log-rotation.md`');
  });
  it('scopes to a project: notes of other projects are left out, untyped buckets still searched', () => {
    const p = pack({ task: 'pagination', project: 'shop' });
    expect(p.contextPackMarkdown).toContain('**Shop** (project `shop`)');
    expect(p.citations.map((c) => c.path)).toContain('projects/shop/lessons/pagination-boundary-bug.md');
  });
  it('lists what the pack could not answer', () => {
    const p = pack({ task: 'feature flag cleanup' });
    expect(p.contextPackMarkdown).toMatch(/## Open Questions\n\n- No recorded decision covers this task/);
  });
  it('gives an empty pack for a missing knowledge folder', () => {
    const inputs = loadPackInputs(join(FIXTURE, 'does-not-exist'));
    const p = buildContextPack(inputs.data, { task: 'anything' });
    expect(p.confidence).toBe('low');
    expect(p.citations).toEqual([]);
    expect(inputs.warnings[0]).toMatch(/No knowledge folder/);
  });
  it('refuses pack data of another version', () => {
    expect(() => buildContextPack({ ...data, head: { ...data.head, version: 3 as 4 } }, { task: 'x' })).toThrow(/version 3 is not 4/);
  });
});

/** The island fetches the pack data in parts, as JSON: the same task must give the same bytes (all of the pack). */
describe.each([
  { name: 'fixture', dir: FIXTURE, task: 'cursor pagination for the shop', project: undefined },
  { name: 'sample folder', dir: SAMPLE, task: 'Fix duplicate Stripe webhook deliveries creating double refunds', project: 'pay' },
])('CLI and island give the same pack ($name)', ({ dir, task, project }) => {
  it.skipIf(!existsSync(dir))('the same pack from published parts, loaded as the pack asks for them', async () => {
    const cli = loadPackInputs(dir);
    const files = new Map(packDataFiles(cli.data).map((f) => [f.path, JSON.stringify(f.value)]));
    const island = createPackDataLoader(async (path) => JSON.parse(files.get(path)!) as unknown);
    const request = { task, ...(project ? { project } : {}), today: '2026-09-01' };
    const a = buildContextPack(cli.data, request);
    expect(await island.pack(request)).toEqual(a);
    expect(a.citations.length).toBeGreaterThan(0);
  });
});

describe.skipIf(!existsSync(CORPUS))('arscontexta (real corpus)', () => {
  const inputs = loadPackInputs(CORPUS);
  it('cuts its ~15k-token note at a heading boundary inside a 12000 budget', () => {
    const long = inputs.index.notes.find((n) => n.path.startsWith('methodology/legal case management'))!;
    expect(long.tokens).toBeGreaterThan(12000);
    const p = buildContextPack(inputs.data, { task: 'legal case management precedent chains regulatory change propagation', maxTokens: 20000 });
    expect(p.maxTokens).toBe(12000);
    expect(p.tokens).toBeLessThanOrEqual(12000);
    expect(p.citations[0]?.path).toBe(long.path);
    expect(p.contextPackMarkdown).toMatch(/_Cut at a heading boundary: /);
  });
  it.each([300, 1000, 6000, 12000])('never exceeds a budget of %i tokens', (maxTokens) => {
    const p = buildContextPack(inputs.data, { task: 'how should an agent decide which notes to load into a limited context window', maxTokens });
    expect(countTokens(p.contextPackMarkdown)).toBeLessThanOrEqual(maxTokens);
  });
});
