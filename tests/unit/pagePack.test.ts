// A pack for a page (`kb context --note`, MCP `context` with `note`, the site's "Pack for this page"): the note
// first, whole when it fits, then only the notes around it (links both ways, shared tags), ranked by its title and
// headings; the seed's sections and budget rules stay those of every pack.
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.ts';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import { createPackDataLoader } from '../../src/core/context/packLoader.ts';
import { noteShardOf, PACK_FILES, packDataFiles, type PackData } from '../../src/core/context/packParts.ts';
import { packRequestSchema, type PackRequest } from '../../src/core/context/packTypes.ts';
import { packCommandLine } from '../../src/core/context/packCommandLine.ts';
import { shellWord } from '../../src/core/options/flagFace.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { main as run } from '../../src/cli/main.ts';
import { unpackAscending } from '../../src/core/rank/packedInts.ts';
import { captureIo, CONTENT } from './foundationSupport.ts';

const TODAY = '2026-10-15';
const sample = indexKnowledgeFolder(CONTENT);
const data: PackData = buildPackData(sample.index, sample.bodies);
const pack = (request: Omit<PackRequest, 'today'>) => buildContextPack(data, { today: TODAY, ...request } as PackRequest);
const SEED = 'decisions/005-cursor-pagination.md';
const seedNote = sample.index.notes.find((n) => n.path === SEED)!;
const SECTIONS = [
  '## Task',
  '## Context Summary',
  '## Repo/Project Context',
  '## Decisions',
  '## Lessons',
  '## Patterns',
  '## Pitfalls',
  '## Files to Inspect',
  '## Open Questions',
];

/** The notes a page pack may cite beside its seed: linked either way (the stored wikilink neighbours), or sharing a tag. */
function around(path: string): Set<string> {
  const note = sample.index.notes.find((n) => n.path === path)!;
  const stored = data.notes.flatMap((shard) => shard!.notes).find((x) => x.path === path)!;
  const near = new Set(unpackAscending(stored.links).map((k) => sample.index.notes[k]!.path));
  for (const n of sample.index.notes) if (n.tags.some((t) => note.tags.includes(t))) near.add(n.path);
  near.delete(path);
  return near;
}

describe('a page pack', () => {
  const p = pack({ task: '', note: SEED });
  it('starts with the note, whole, in its bucket, and says in its task what seeded it', () => {
    expect(p.citations[0]).toEqual({ path: SEED, bucket: 'decisions', status: 'active', shown: 'whole' });
    const md = p.contextPackMarkdown;
    expect(md).toContain(`Seeded by the note “${seedNote.title}” (\`${SEED}\`)`);
    expect(md.indexOf(`### ${seedNote.title}`)).toBeGreaterThan(md.indexOf('## Decisions'));
    // The first entry under Decisions.
    expect(md.slice(md.indexOf('## Decisions')).match(/^### .*$/m)![0]).toBe(`### ${seedNote.title}`);
    expect(p.task).toBe(seedNote.title);
    expect(p.note).toBe(SEED);
  });
  it('cites only notes linked to it either way or sharing one of its tags', () => {
    const near = around(SEED);
    expect(near.size).toBeGreaterThan(3);
    for (const c of p.citations.slice(1)) expect(near.has(c.path), c.path).toBe(true);
    expect(p.citations.length).toBeGreaterThan(3);
  });
  it('keeps every pack rule: the sections in order, within the budget', () => {
    let at = -1;
    for (const s of SECTIONS) {
      const k = p.contextPackMarkdown.indexOf(`\n${s}\n`);
      expect(k, s).toBeGreaterThan(at);
      at = k;
    }
    for (const max of [300, 1000, 2500, 6000]) expect(pack({ task: '', note: SEED, maxTokens: max }).tokens).toBeLessThanOrEqual(max);
  });
  it('gives its note only some sections when the budget is small, never more than the budget', () => {
    const small = pack({ task: '', note: SEED, maxTokens: 900 });
    expect(small.citations[0]!.path).toBe(SEED);
    expect(small.citations[0]!.shown).not.toBe('whole');
    expect(small.tokens).toBeLessThanOrEqual(900);
  });
  it('shows its note’s bucket even when the request leaves it out', () => {
    const lessonsOnly = pack({ task: '', note: SEED, include: ['lessons'] });
    expect(lessonsOnly.citations[0]!.path).toBe(SEED);
    expect(lessonsOnly.contextPackMarkdown).toContain('\n## Decisions\n');
  });
  it('ranks by the task when one is given, still seeded by the note', () => {
    const withTask = pack({ task: 'rotate the cursor signing key', note: SEED });
    expect(withTask.citations[0]!.path).toBe(SEED);
    expect(withTask.contextPackMarkdown).toContain('rotate the cursor signing key\n\nSeeded by the note');
    expect(withTask.citations.slice(1).map((c) => c.path)).not.toEqual(p.citations.slice(1).map((c) => c.path));
  });
  it('a note with no links and no tags ranks the whole folder by its title and headings', () => {
    const lone = sample.index.notes.find((n) => n.tags.length === 0 && around(n.path).size === 0);
    if (!lone) return expect.fail('the sample has a note with no links and no tags');
    const q = pack({ task: '', note: lone.path });
    expect(q.citations[0]!.path).toBe(lone.path);
    expect(q.citations.filter((c) => c.path === lone.path)).toHaveLength(1);
    // The sample's glossary shares no word of its title and headings with another note: the pack says so.
    expect(q.warnings).toContain('No other note matches this note’s title and headings.');
    expect(q.contextPackMarkdown).toContain("the folder's notes ranked by its title and headings (it has no links or tags)");
  });
  it('an unknown note is a warning and a pack for the task', () => {
    const q = pack({ task: 'cursor pagination', note: 'no/such.md' });
    expect(q.warnings).toContain('No note at no/such.md; the pack is for the task alone.');
    expect(q.citations.length).toBeGreaterThan(0);
  });
  it('is the same pack from published parts, fetching the page note’s shard first', async () => {
    const files = new Map(packDataFiles(data).map((f) => [f.path, JSON.parse(JSON.stringify(f.value)) as unknown]));
    const fetched: string[] = [];
    const loader = createPackDataLoader(async (part) => (fetched.push(part), files.get(part)));
    const i = sample.index.notes.findIndex((n) => n.path === SEED);
    const browser = await loader.pack({ task: '', note: SEED, today: TODAY }, [], undefined, { note: i });
    expect(browser).toEqual(p);
    expect(fetched[0]).toBe(PACK_FILES.head);
    // The page note's shard comes right after the head, on its own (the hint), before any term shard.
    expect(fetched[1]).toBe(PACK_FILES.note(noteShardOf(data.head, i)));
    expect(fetched[2]).toMatch(/^t\//);
  });
});

describe('the request', () => {
  it.each([
    [{ task: '' }, 'the task is empty'],
    [{ task: '  ' }, 'the task is empty'],
    [{}, 'the task is empty'],
    [{ note: '' }, 'the note path is empty'],
  ])('%j is refused: %s', (input, message) => {
    const r = packRequestSchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(message);
  });
  it.each([[{ note: SEED }], [{ task: 'x', note: SEED }], [{ task: 'x' }]])('%j is a request', (input) =>
    expect(packRequestSchema.safeParse(input).success).toBe(true),
  );
});

describe('the command a page shows', () => {
  it.each([
    [{ task: '', note: SEED }, `kb context --note ${SEED}`],
    [{ task: 'react-native', tags: ['react-native'] }, 'kb context --task react-native --tags react-native'],
    [{ task: 'Payments API', project: 'pay' }, "kb context --task 'Payments API' --project pay"],
    [{ task: '', note: "notes/it's here.md" }, `kb context --note 'notes/it'\\''s here.md'`],
  ])('%j → %s', (request, command) => expect(packCommandLine(request)).toBe(command));
  it('quotes only what a shell would split or expand', () => {
    expect(shellWord('a/b-c_d.md')).toBe('a/b-c_d.md');
    expect(shellWord('$HOME')).toBe("'$HOME'");
    expect(shellWord('a b')).toBe("'a b'");
  });
});

describe('kb context --note', () => {
  const cli = async (argv: string[]) => {
    const io = captureIo(CONTENT);
    const code = await run(['context', ...argv, '--kb', CONTENT, '--today', TODAY, '--no-cache'], io);
    return { code, out: io.stdout.join(''), err: io.stderr.join('') };
  };
  it('prints the page pack', async () => {
    const r = await cli(['--note', SEED]);
    expect(r.code).toBe(0);
    expect(r.out.trimEnd()).toBe(pack({ task: '', note: SEED }).contextPackMarkdown.trimEnd());
  });
  it('takes a path from the working directory into the folder too', async () => {
    const io = captureIo(CONTENT.replace(/\/content$/, ''));
    const code = await run(['context', '--note', `content/${SEED}`, '--kb', CONTENT, '--today', TODAY, '--no-cache'], io);
    expect(code).toBe(0);
    expect(io.stdout.join('').trimEnd()).toBe(pack({ task: '', note: SEED }).contextPackMarkdown.trimEnd());
  });
  it('refuses a note the folder does not have, naming how paths are written (exit 2)', async () => {
    const r = await cli(['--note', 'decisions/nope.md']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--note decisions\/nope\.md: no such note in .*; give its path in the folder, e\.g\. /);
  });
  it('without a task or a note says both ways (exit 2)', async () => {
    const r = await cli([]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('or --note PATH');
  });
});
