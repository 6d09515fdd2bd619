// llms.txt and the full text for agents (src/core/outputs/renderLlmsTxt.ts): agents read about the first 100,000
// characters of a file, so a long full text is split into per-section files under that, listed from llms.txt
// and llms-full.txt; every note is in exactly one part, in the order llms-full.txt has them.
import { describe, expect, it } from 'vitest';
import type { KbIndex, NoteEntry } from '../../src/core/index/kbIndexSchema.ts';
import { bodiesFromSpans } from '../../src/core/outputs/bodySpans.ts';
import {
  llmsFullBodySpans,
  llmsFullPartChunks,
  llmsFullParts,
  llmsFullTxtChunks,
  renderLlmsFullIndex,
  renderLlmsTxt,
} from '../../src/core/outputs/renderLlmsTxt.ts';
import { HOST_LIMITS, outputSummary } from '../../src/site/emit/outputSummary.ts';

function note(path: string, type: string | undefined, tier: NoteEntry['tier'] = 'cross-project'): NoteEntry {
  const slug = path.replace(/\.md$/, '');
  return { path, slug, title: slug.split('/').pop()!, description: `About ${slug}`, tags: ['t'], tier, ...(type ? { type } : {}) } as unknown as NoteEntry;
}

function folder(sizes: Record<string, [type: string | undefined, chars: number]>) {
  const notes = Object.entries(sizes).map(([path, [type]]) => note(path, type));
  const bodies = new Map(Object.entries(sizes).map(([path, [, chars]]) => [path, `${path} `.repeat(Math.ceil(chars / (path.length + 1))).slice(0, chars)]));
  const index = { title: 'KB', description: 'A test folder.', notes } as unknown as KbIndex;
  return { index, bodies };
}

const url = (slug: string) => `/notes/${slug}.md`;

describe('llmsFullParts', () => {
  it('a full text that fits in one file is not split', () => {
    const { index, bodies } = folder({ 'a.md': ['decision', 1000], 'b.md': ['lesson', 2000] });
    expect(llmsFullParts(index, bodies, url, 100_000)).toEqual([]);
  });

  const big = folder({
    'd/1.md': ['decision', 40_000],
    'd/2.md': ['decision', 40_000],
    'd/3.md': ['decision', 40_000],
    'l/1.md': ['lesson', 10_000],
    'huge.md': ['approach', 150_000],
    'other.md': [undefined, 500],
  });
  const parts = llmsFullParts(big.index, big.bodies, url, 100_000);

  it.each([
    ['every part holds one section', () => parts.every((p) => new Set(p.notes.map((n) => n.type ?? '')).size === 1)],
    [
      'every part but a single over-long note stays under the limit',
      () => parts.every((p) => p.notes.length === 1 || [...llmsFullPartChunks(big.index, p, big.bodies, url)].join('').length <= 100_000),
    ],
    [
      'every note is in exactly one part',
      () =>
        parts
          .flatMap((p) => p.notes.map((n) => n.path))
          .sort()
          .join() ===
        big.index.notes
          .map((n) => n.path)
          .sort()
          .join(),
    ],
    [
      'the notes keep llms-full.txt’s order',
      () => {
        const order = [...llmsFullTxtChunks(big.index, big.bodies, url)].join('').match(/^### .+$/gm)!;
        return parts.flatMap((p) => p.notes.map((n) => `### ${n.title}`)).join() === order.join();
      },
    ],
  ])('%s', (_rule, holds) => expect(holds()).toBe(true));

  it('names the parts by section, numbered, with "part k of n" where a section is split', () =>
    expect(parts.map((p) => [p.file, p.title])).toEqual([
      ['llms-full/01-decisions.txt', 'Decisions (part 1 of 2)'],
      ['llms-full/02-decisions.txt', 'Decisions (part 2 of 2)'],
      ['llms-full/03-lessons.txt', 'Lessons'],
      ['llms-full/04-approaches.txt', 'Approaches'],
      ['llms-full/05-notes.txt', 'Notes'],
    ]));

  it('llms.txt lists the parts; llms-full.txt says where the text is', () => {
    const fullText = parts.map((p) => ({ url: `/${p.file}`, title: p.title, notes: p.notes.length }));
    expect(renderLlmsTxt({ index: big.index, mdUrl: url, fullText })).toContain(
      '## Full text\n\n- [Decisions (part 1 of 2)](/llms-full/01-decisions.txt): 2 notes, in full',
    );
    expect(renderLlmsFullIndex(big.index, fullText)).toContain('- [Approaches](/llms-full/04-approaches.txt): 1 note');
  });

  it('without raw Markdown, llms.txt says its links are pages', () =>
    expect(renderLlmsTxt({ index: big.index, mdUrl: (s) => `/notes/${s}/`, linkKind: 'page' })).toMatch(
      /Each link is the page of one note\.[\s\S]*\(\/notes\/d\/1\/\)/,
    ));
});

// The keyword search reads bodies out of the full text (kb-body-spans.json): each must come back as written, so
// the first matching line and its number are the CLI's. Bodies here start with blank lines and indentation, end in
// whitespace and hold non-Latin text (UTF-16 offsets).
describe('llmsFullBodySpans: bodies read back from the full text', () => {
  const tricky = (path: string, chars: number) => `\n\n  ${path} — 東京 🙂\n${'x'.repeat(chars)}\n\n## H\n\ntext\n  \n`;
  const make = (sizes: Record<string, [string | undefined, number]>) => {
    const { index } = folder(sizes);
    const bodies = new Map(Object.entries(sizes).map(([path, [, chars]]) => [path, tricky(path, chars)]));
    return { index, bodies };
  };
  const readBack = async (index: KbIndex, bodies: Map<string, string>, limit: number, only?: string[]) => {
    const parts = llmsFullParts(index, bodies, url, limit);
    const files = new Map<string, string>(
      parts.length
        ? parts.map((p) => [p.file, [...llmsFullPartChunks(index, p, bodies, url)].join('')])
        : [['llms-full.txt', [...llmsFullTxtChunks(index, bodies, url)].join('')]],
    );
    const spans = llmsFullBodySpans(index, parts, bodies, url, new Set(only ?? [...bodies.keys()]));
    const fetched: string[] = [];
    const read = await bodiesFromSpans(spans, async (f) => (fetched.push(f), files.get(f)!));
    return { parts, spans, read, fetched };
  };

  it.each([
    ['one file (llms-full.txt)', 100_000],
    ['split into parts', 30_000],
  ])('%s: every body as written, less trailing whitespace', async (_case, limit) => {
    const { index, bodies } = make({ 'd/1.md': ['decision', 20_000], 'd/2.md': ['decision', 20_000], 'l/1.md': ['lesson', 500], 'n.md': [undefined, 10] });
    const { parts, read } = await readBack(index, bodies, limit);
    expect(parts.length > 0).toBe(limit < 100_000);
    expect(Object.fromEntries(read)).toEqual(Object.fromEntries([...bodies].map(([p, b]) => [p, b.trimEnd()])));
  });

  it('lists only the notes asked for (kb search’s scope), and reads only the files that hold them', async () => {
    const { index, bodies } = make({ 'a.md': ['decision', 20_000], 'b.md': ['lesson', 20_000] });
    const { parts, spans, read, fetched } = await readBack(index, bodies, 30_000, ['b.md']);
    expect(parts.map((p) => p.file)).toEqual(['llms-full/01-decisions.txt', 'llms-full/02-lessons.txt']);
    expect([Object.keys(spans.notes), fetched, [...read.keys()]]).toEqual([['b.md'], ['llms-full/02-lessons.txt'], ['b.md']]);
  });
});

describe('outputSummary', () => {
  it.each([
    ['within the hosts’ limits', { files: 2_100, bytes: 50e6, notes: 1000 }, []],
    ['over 20,000 files', { files: HOST_LIMITS.files + 1, bytes: 50e6, notes: 9000 }, [/20,000 Cloudflare Pages/]],
    ['over 1 GB', { files: 100, bytes: HOST_LIMITS.bytes + 1, notes: 10 }, [/over the 1 GB/]],
  ])('%s', (_case, size, warnings) => {
    const { info, warn } = outputSummary(size, []);
    expect(info[0]).toMatch(/^kb: output [\d.]+ MB in \d+ files \([\d.]+ files and [\d.]+ kB per note\)$/);
    expect(warn).toHaveLength(warnings.length);
    warnings.forEach((w, i) => expect(warn[i]).toMatch(w));
  });
  it('names what an option turned off', () =>
    expect(outputSummary({ files: 1, bytes: 1, notes: 1 }, ['per-note .md files']).info).toContain('kb: turned off: per-note .md files'));
});
