// One note never stops the others: each per-note step runs under a guard (src/core/util/perNote.ts) that gives the
// note a fallback and a warning naming the file. Here a step is made to throw on one note (a marker in its body),
// as a stack overflow on a note nested past every limit would; without its guard each test fails with that throw.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { buildLinkGraph } from '../../src/core/graph/buildLinkGraph.js';
import type { KbIssue } from '../../src/core/util/issue.js';
import { perNote } from '../../src/core/util/perNote.js';
import { MAX_HTML_DEPTH, createNoteRenderer, rawHtmlDepth } from '../../src/markdown/createNoteRenderer.js';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.js';
import { createSitePaths } from '../../src/core/site/sitePaths.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';

const boom = (step: string) => new RangeError(`Maximum call stack size exceeded (${step})`);

vi.mock('../../src/core/context/extractExcerpt.js', async (original) => {
  const real = await original<typeof import('../../src/core/context/extractExcerpt.js')>();
  return {
    ...real,
    extractExcerpt: (n: { path: string }, body: string) => (body.includes('BOOM-EXCERPT') ? throwing('excerpt') : real.extractExcerpt(n as never, body)),
  };
});
vi.mock('../../src/core/links/scanLinks.js', async (original) => {
  const real = await original<typeof import('../../src/core/links/scanLinks.js')>();
  return { ...real, scanLinks: (body: string) => (body.includes('BOOM-LINKS') ? throwing('links') : real.scanLinks(body)) };
});
vi.mock('../../src/core/model/readBody.js', async (original) => {
  const real = await original<typeof import('../../src/core/model/readBody.js')>();
  return { ...real, readBody: (body: string) => (body.includes('BOOM-INDEX') ? throwing('index') : real.readBody(body)) };
});
vi.mock('../../src/core/tokens/countTokens.js', async (original) => {
  const real = await original<typeof import('../../src/core/tokens/countTokens.js')>();
  return { ...real, countTokens: (text: string) => (text.includes('BOOM-TOKENS') ? throwing('tokens') : real.countTokens(text)) };
});
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
function throwing(step: string): never {
  throw boom(step);
}

function folder(files: Record<string, string>): string {
  const kb = mkdtempSync(join(tmpdir(), 'kb-note-guards-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(kb, path, '..'), { recursive: true });
    writeFileSync(join(kb, path), text);
  }
  return kb;
}

const note = (title: string, body: string) => `---\ntags: [alpha]\ndescription: ${title} in short.\n---\n# ${title}\n\n${body}\n`;

describe('perNote', () => {
  it('returns the step’s value, or the fallback and one warning naming the file and step', () => {
    const warned: KbIssue[] = [];
    expect(
      perNote(
        'a.md',
        'x',
        () => 1,
        () => 0,
        (i) => warned.push(i),
      ),
    ).toBe(1);
    expect(
      perNote(
        'b.md',
        'the pack data',
        () => throwing('x'),
        () => 0,
        (i) => warned.push(i),
      ),
    ).toBe(0);
    expect(warned).toEqual([
      {
        severity: 'warning',
        code: 'note-failed',
        file: 'b.md',
        message:
          'the pack data failed on this note (Maximum call stack size exceeded (x)); the note is left out of it, everything else goes on. Please report it with the note.',
      },
    ]);
  });
});

describe('the index', () => {
  const r = once(() =>
    indexKnowledgeFolder(folder({ 'a.md': note('Alpha', 'Refunds [[b]] [[c]].'), 'b.md': note('Beta', 'BOOM-INDEX'), 'c.md': note('Gamma', 'BOOM-TOKENS') }), {
      cacheDir: undefined,
    }),
  );
  it('a file whose reading throws is left out, named in a warning; the rest as always', () => {
    expect(r().index.notes.map((n) => n.path)).toEqual(['a.md', 'c.md']);
    expect(r().index.notes[0]!.wikilinks).toEqual(['b', 'c']);
    expect(r().issues).toContainEqual(
      expect.objectContaining({
        code: 'note-failed',
        file: 'b.md',
        message: expect.stringMatching(/^reading the file failed on this note \(.+\); it is not indexed or published/),
      }),
    );
  });
  it('a note the index cannot read is indexed by its path alone, with a warning', () => {
    expect(r().index.notes[1]).toMatchObject({ path: 'c.md', title: 'c', tags: [] });
    expect(r().issues).toContainEqual(
      expect.objectContaining({ code: 'note-failed', file: 'c.md', message: expect.stringMatching(/^reading the note for the index failed/) }),
    );
  });
});

describe('the pack data', () => {
  const kb = folder({
    'a.md': note('Alpha', 'Refunds are retried with backoff.\n\n## Why\n\nBecause [c](c.md).'),
    'b.md': note('Beta', 'BOOM-EXCERPT refunds'),
    'c.md': note('Gamma', 'BOOM-LINKS [a](a.md) refunds'),
  });
  const warned: KbIssue[] = [];
  const stored = once(() => {
    const r = indexKnowledgeFolder(kb, { cacheDir: undefined });
    return buildPackData(r.index, r.bodies, { warn: (i) => warned.push(i) }).notes.flatMap((s) => s?.notes ?? []);
  });

  it('keeps every note: the one whose excerpt failed by its description', () => {
    expect(stored().map((n) => n.path)).toEqual(['a.md', 'b.md', 'c.md']);
    expect(stored()[1]!.units).toEqual([]);
    expect(stored()[0]!.units.map((u) => u.h ?? null)).toEqual([null, 'Why']);
  });
  it('warns once a failed step, naming the file', () => {
    stored();
    expect(warned.map((i) => [i.file, i.message.split(' failed')[0]])).toEqual([
      ['b.md', 'the pack excerpt'],
      ['c.md', 'the pack links'],
    ]);
  });
});

describe('the link graph', () => {
  it('a note whose links cannot be resolved is a node without links out, with a warning', () => {
    const warned: KbIssue[] = [];
    const sources = ['a', 'b', 'c'].map((x) => ({ path: `${x}.md`, slug: x, title: x, kind: 'note' as const, tags: [], links: ['a', 'b', 'c'] }));
    const graph = buildLinkGraph(
      sources,
      (target, from) => (from === 'b.md' ? throwing('graph') : target),
      (i) => warned.push(i),
    );
    expect(graph.out).toEqual([[1, 2], [], [0, 1]]);
    expect(warned.map((i) => i.file)).toEqual(['b.md']);
  });
});

describe('the note renderer: raw HTML nested past the limit', () => {
  const render = createNoteRenderer({ trustHtml: false, resolver: createLinkResolver({ notes: [] }), paths: createSitePaths('/') });
  it.each([
    ['unclosed divs on lines', '<div>\n'.repeat(20_000), 20_000],
    ['a line of divs and paragraphs', `<div>${'<div><p>'.repeat(20_000)}`, 20_001],
    ['inline spans', `text ${'<span><b><i>'.repeat(10_000)}`, 30_000],
    ['void and self-closing elements do not nest', '<p>a<p>b<li>c<br><img src=x><hr/>'.repeat(1_000), 0],
    ['closed elements', '<div><span>a</span></div>'.repeat(1_000), 2],
  ])('%s', (_case, html, depth) => expect(rawHtmlDepth([html])).toBe(depth));
  it('a note nested past the limit shows its HTML as text, and renders', () => {
    const html = render({ path: 'odd.md', markdown: `# Odd\n\n${'<div>\n'.repeat(MAX_HTML_DEPTH + 1)}text\n` }).html;
    expect(html).toContain('&#x3C;div>');
    expect(html).not.toContain('<div>');
  });
  it('a note within the limit renders its HTML', () => {
    const html = render({ path: 'ok.md', markdown: `# Ok\n\n${'<div>\n'.repeat(MAX_HTML_DEPTH)}text\n` }).html;
    expect(html).toContain('<div>');
  });
});
