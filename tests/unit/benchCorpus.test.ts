// The benchmark's corpus generator: seeded and deterministic, the aria layout the index reads, and the
// sizes and distributions issue 6 asks for. No timing here: timing belongs to `npm run bench`.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFiles, planCorpus, projectCount, sampleLength, tagPoolSize, type CorpusPlan } from '../../scripts/bench/generateCorpus.ts';
import { createRng } from '../../scripts/bench/random.ts';
import { writeCorpus } from '../../scripts/bench/writeCorpus.ts';
import { parseAliasesMd } from '../../src/core/aliases/parseAliasesMd.ts';
import { indexKnowledgeFolder, type IndexedFolder } from '../../src/node/indexKnowledgeFolder.ts';

function digest(plan: CorpusPlan): string {
  const h = createHash('sha256');
  for (const f of corpusFiles(plan)) h.update(`${f.path}\0${f.text}\0`);
  return h.digest('hex');
}

describe('determinism', () => {
  it.each([
    ['same seed, same files', 7, 7, true],
    ['another seed, other files', 7, 8, false],
  ])('%s', (_label, a, b, same) => {
    const first = digest(planCorpus({ notes: 120, seed: a }));
    const second = digest(planCorpus({ notes: 120, seed: b }));
    expect(first === second).toBe(same);
  });

  it('a note renders the same alone as in the full stream', () => {
    const plan = planCorpus({ notes: 50, seed: 3 });
    const streamed = [...corpusFiles(plan)].find((f) => f.path === plan.notes[17]!.path)!;
    expect(streamed.text).toBe([...corpusFiles(planCorpus({ notes: 50, seed: 3 }))].find((f) => f.path === streamed.path)!.text);
  });
});

describe('note lengths: median ~5,000 characters, a tail to 60,000', () => {
  const rng = createRng(11);
  const lengths = Array.from({ length: 20_000 }, () => sampleLength(rng)).sort((a, b) => a - b);
  it.each([
    ['median within 10% of 5,000', () => Math.abs(lengths[10_000]! - 5000) / 5000 < 0.1],
    ['none above 60,000', () => lengths[lengths.length - 1]! <= 60_000],
    ['the tail reaches 60,000', () => lengths.filter((l) => l === 60_000).length >= 5],
    ['1% are longer than 30,000', () => lengths.filter((l) => l > 30_000).length > 100],
    ['none shorter than 400', () => lengths[0]! >= 400],
  ])('%s', (_label, check) => expect(check()).toBe(true));

  it('written notes land near their target length', () => {
    const plan = planCorpus({ notes: 400, seed: 5 });
    const notePaths = new Set(plan.notes.map((n) => n.path));
    const files = [...corpusFiles(plan)].filter((f) => notePaths.has(f.path));
    const sizes = files.map((f) => f.text.length).sort((a, b) => a - b);
    expect(Math.abs(sizes[200]! - 5000) / 5000).toBeLessThan(0.2);
  });
});

describe('tags, aliases and projects', () => {
  const plan = planCorpus({ notes: 3000, seed: 42 });
  const uses = new Map<string, number>();
  for (const n of plan.notes) for (const t of n.tags) uses.set(t, (uses.get(t) ?? 0) + 1);
  const counts = [...uses.values()].sort((a, b) => b - a);

  it.each([
    ['the pool grows like √n', () => plan.tags.length === tagPoolSize(3000) && tagPoolSize(100_000) < 10 * tagPoolSize(1000)],
    ['tags are long-tailed: the top tag is used 20× more than the median one', () => counts[0]! > 20 * counts[Math.floor(counts.length / 2)]!],
    ['some tags are used only once or twice', () => counts.some((c) => c <= 2)],
    ['no note is tagged with an alias (that is an index error)', () => plan.notes.every((n) => n.tags.every((t) => !plan.aliases.some(([a]) => a === t)))],
    ['every alias points at a tag of the pool', () => plan.aliases.every(([, c]) => plan.tags.includes(c))],
    ['project count follows the size', () => plan.projects.length === projectCount(3000)],
    ['some projects share knowledge from a repo folder', () => plan.projects.some((p) => p.shared && p.path)],
    ['each note has 1 to 6 tags', () => plan.notes.every((n) => n.tags.length >= 1 && n.tags.length <= 6)],
  ])('%s', (_label, check) => expect(check()).toBe(true));

  it('aliases.md lines are read by the real parser', () => {
    const aliasesMd = [...corpusFiles(planCorpus({ notes: 10, seed: 1 }))].find((f) => f.path === 'aliases.md')!;
    const parsed = parseAliasesMd(aliasesMd.text).map((e) => [e.alias, e.canonical]);
    expect(parsed).toEqual(planCorpus({ notes: 10, seed: 1 }).aliases);
  });
});

describe('the real pipeline reads the generated folder', () => {
  let dir: string;
  let folder: IndexedFolder;
  let plan: CorpusPlan;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kb-bench-corpus-'));
    writeCorpus(join(dir, 'kb'), { notes: 300, seed: 9 });
    plan = planCorpus({ notes: 300, seed: 9 });
    folder = indexKnowledgeFolder(join(dir, 'kb'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['every planned note is indexed', () => folder.index.notes.length === 300],
    ['ideas are ideas', () => folder.counts.ideas === plan.ideas.length && folder.index.ideas.length === plan.ideas.length],
    ['the aria layout is detected', () => folder.index.layout === 'aria'],
    ['every tier is present', () => ['cross-project', 'project', 'reviews', 'team-shared'].every((t) => folder.index.notes.some((n) => n.tier === t))],
    ['team-shared notes include cross/', () => folder.index.notes.some((n) => n.tier === 'team-shared' && n.scope === 'cross')],
    ['aliases resolve', () => Object.keys(folder.index.aliases).length === plan.aliases.length],
    ['projects come from kb.config.yaml', () => folder.index.projects.length === plan.projects.length],
    [
      'broken YAML warns and keeps the note',
      () => plan.notes.filter((n) => n.frontmatter === 'broken-yaml').every((n) => folder.report.some((e) => e.path === n.path && e.outcome === 'warned')),
    ],
    // the extras, plus kb.config.yaml (not Markdown) and aliases.md (root meta)
    ['excluded files are excluded, each once', () => folder.counts.excluded === plan.extras.length + 2],
    ['wikilinks are found', () => folder.index.notes.filter((n) => n.wikilinks.length > 0).length > 150],
    ['semantic hints are read', () => folder.index.notes.some((n) => n.hints.length > 0)],
    ['notes have headings', () => folder.index.notes.every((n) => n.headings.length >= 1)],
  ])('%s', (_label, check) => expect(check()).toBe(true));
});
