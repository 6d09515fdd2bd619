// Nothing lost (issue 7): every file under a knowledge folder gets exactly one outcome, and the counts add up,
// on every fixture folder and on the real corpus.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { main } from '../../src/cli/main.js';
import { accountingOf, captureIo, CORPORA, fixture, fixtureFolders, tempDir } from './foundationSupport.js';

const ARSCONTEXTA = join(CORPORA, 'arscontexta');
const folders: [string, string][] = [
  ...fixtureFolders().map((name): [string, string] => [`tests/fixtures/${name}`, fixture(name)]),
  ...(existsSync(ARSCONTEXTA) ? [['../shared/corpora/arscontexta', ARSCONTEXTA] as [string, string]] : []),
];

describe.each(folders)('%s', (_name, dir) => {
  const result = indexKnowledgeFolder(dir);
  const a = accountingOf(result);
  it('indexed + warned + ideas + unpublished + excluded = files seen', () => expect(a.sum).toBe(a.filesSeen));
  it('lists every file once', () => expect(a.duplicates).toEqual([]));
  it('every indexed note is in the report', () => expect(a.notesInReport).toBe(true));
  it('every exclusion names its rule, every warning its file', () => {
    for (const e of result.report) if (e.outcome === 'excluded' || e.outcome === 'unpublished') expect(e.rule).toBeTruthy();
    for (const e of result.report.filter((x) => x.outcome === 'warned')) expect(e.messages?.every((m) => m.startsWith(e.path))).toBe(true);
  });
});

describe.skipIf(!existsSync(ARSCONTEXTA))('../shared/corpora/arscontexta', () => {
  it('indexes the 249 methodology notes, 3 of them with YAML warnings, and kb index exits 0', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', join(ARSCONTEXTA, 'methodology'), '--out', tempDir(), '--json'], io)).toBe(0);
    const { counts, issues } = JSON.parse(io.stdout.join('')) as { counts: { indexed: number; warned: number }; issues: { code: string }[] };
    expect(counts.indexed + counts.warned).toBe(249);
    expect(issues.filter((i) => i.code === 'yaml-invalid')).toHaveLength(3);
  });
});

describe('kb index --json report', () => {
  it('carries the counts and one entry per file', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', fixture('aria-basic'), '--out', tempDir(), '--json'], io)).toBe(0);
    const json = JSON.parse(io.stdout.join('')) as { counts: { filesSeen: number }; files: { path: string; outcome: string }[]; written: string[] };
    expect(json.files).toHaveLength(json.counts.filesSeen);
    expect(json.written).toEqual(['kb-index.json', 'index.md', 'kb-tags.txt', 'kb-categories.txt']);
  });
});
