// Nothing lost (issue 7): every file under a knowledge folder gets exactly one outcome, and the counts add up,
// on every fixture folder and on the real corpus.
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { main } from '../../src/cli/main.js';
import { accountingOf, captureIo, corpus, fixture, fixtureFolders, tempDir } from './foundationSupport.js';

/** Every fixture folder and the real corpus, each found when its tests run (a missing corpus fails them, saying where to put it). */
const folders: [string, () => string][] = [
  ...fixtureFolders().map((name): [string, () => string] => [`tests/fixtures/${name}`, () => fixture(name)]),
  ['../shared/corpora/arscontexta', () => corpus('arscontexta')],
];

describe.each(folders)('%s', (_name, dir) => {
  let indexed: ReturnType<typeof indexKnowledgeFolder> | undefined;
  const read = () => (indexed ??= indexKnowledgeFolder(dir()));
  const accounting = () => accountingOf(read());
  it('indexed + warned + ideas + unpublished + excluded = files seen', () => expect(accounting().sum).toBe(accounting().filesSeen));
  it('lists every file once', () => expect(accounting().duplicates).toEqual([]));
  it('every indexed note is in the report', () => expect(accounting().notesInReport).toBe(true));
  it('every exclusion names its rule, every warning its file', () => {
    const result = read();
    for (const e of result.report) if (e.outcome === 'excluded' || e.outcome === 'unpublished') expect(e.rule).toBeTruthy();
    for (const e of result.report.filter((x) => x.outcome === 'warned')) expect(e.messages?.every((m) => m.startsWith(e.path))).toBe(true);
  });
});

describe('../shared/corpora/arscontexta', () => {
  it('indexes the 249 methodology notes, 3 of them with YAML warnings, and kb index exits 0', async () => {
    const io = captureIo(process.cwd());
    expect(await main(['index', '--kb', corpus('arscontexta/methodology'), '--out', tempDir(), '--json'], io)).toBe(0);
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
