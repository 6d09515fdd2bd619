// Every kb mcp result holds at most 20,000 tokens (o200k) unless the caller asks for less; a longer answer is
// cut into pages with a cursor, never silently: the pages of a list hold every item once, the parts of a long
// text join into it. cutPage alone, then through the server on a folder large enough to need pages.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { cutPage, type Pageable } from '../../src/mcp/cutPage.js';
import type { PagePosition } from '../../src/mcp/cursor.js';
import { RESULT_TOKENS } from '../../src/mcp/tools/kbTool.js';
import { writeCorpus } from '../../scripts/bench/writeCorpus.js';
import { tempDir } from './foundationSupport.js';
import { cli, resultTokens, startServer, texts, TODAY, type Server } from './mcpSupport.js';

const START: PagePosition = { item: 0, block: 0, offset: 0 };

/** Every page of an answer, in order. */
function pages(answer: Pageable, limit: number): ReturnType<typeof cutPage>[] {
  const out: ReturnType<typeof cutPage>[] = [];
  for (let at: PagePosition | undefined = START; at && out.length < 1000; at = out[out.length - 1]!.next) out.push(cutPage(answer, at, limit));
  return out;
}

/** A list of items rendered as one line each and a JSON array of them. */
function list(items: string[]): Pageable {
  return { total: items.length, render: (s, e) => [items.slice(s, e).join('\n'), JSON.stringify(items.slice(s, e), null, 2)] };
}

const words = (n: number, seed: string) => Array.from({ length: n }, (_, i) => `${seed}${i % 7} lorem${i % 13} ipsum`).join(' ');
const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i}: ${words(12, 'w')}`).join('\n');

describe.each([
  ['a list that fits: one page, every item', list(['a', 'b', 'c']), 1000, 1],
  ['a long list: pages of whole items', list(Array.from({ length: 300 }, (_, i) => `item ${i} ${words(8, 'x')}`)), 1000, 0],
  ['an empty list: one page', list([]), 1000, 1],
  ['one answer of two blocks, each fits alone: a page each', { total: 1, render: () => [lines(15), lines(15)] }, 1500, 2],
  ['one block longer than a page: parts cut at line breaks', { total: 1, render: () => [lines(400)] }, 1000, 0],
  ['one line longer than a page: parts cut inside it', { total: 1, render: () => [words(3000, 'y')] }, 1000, 0],
  ['characters outside the BMP are never split', { total: 1, render: () => ['🦆 '.repeat(4000)] }, 700, 0],
])('cutPage: %s', (_rule, answer, limit, expectedPages) => {
  const all = pages(answer, limit);
  it('every page within the limit; the last has no next', () => {
    for (const page of all) expect(page.blocks.reduce((n, b) => n + countTokens(b), 0)).toBeLessThanOrEqual(limit);
    expect(all[all.length - 1]!.next).toBeUndefined();
    if (expectedPages) expect(all).toHaveLength(expectedPages);
    else expect(all.length).toBeGreaterThan(1);
  });
  it('nothing dropped, nothing repeated', () => {
    const whole = answer.render(0, answer.total);
    if (all.every((p) => !p.split)) {
      expect(all.map((p) => [p.start, p.end])).toEqual(all.map((p, i) => [i ? all[i - 1]!.end : 0, p.end]));
      expect(all[all.length - 1]!.end).toBe(answer.total);
    } else expect(all.flatMap((p) => p.blocks).join('')).toBe(whole.join(''));
  });
  it('a page that is cut is full enough (no page wastes most of its room)', () => {
    for (const page of all.slice(0, -1)) expect(page.blocks.reduce((n, b) => n + countTokens(b), 0)).toBeGreaterThan(limit * 0.5);
  });
});

describe('cutPage: a list of whole items cuts between items, the JSON of each page parses', () => {
  it.each([500, 1200, 5000])('limit %i', (limit) => {
    const items = Array.from({ length: 200 }, (_, i) => `row ${i} ${words(10, 'z')}`);
    const all = pages(list(items), limit);
    expect(all.flatMap((p) => JSON.parse(p.blocks[1]!) as string[])).toEqual(items);
  });
});

describe('cutPage: room for the pagination line', () => {
  const items = Array.from({ length: 120 }, (_, i) => `row ${i} ${words(10, 'f')}`);
  it.each([
    ['a list cut into pages', list(items), 3000],
    ['one long text cut into parts', { total: 1, render: () => [lines(200)] }, 3000],
  ])('%s: every page but a whole answer keeps the footer free', (_rule, answer, limit) => {
    const footer = 400;
    let at: PagePosition | undefined = START;
    for (let n = 0; at && n < 100; n++) {
      const page = cutPage(answer, at, limit, footer);
      expect(page.blocks.reduce((sum, b) => sum + countTokens(b), 0)).toBeLessThanOrEqual(limit - footer);
      at = page.next;
    }
    expect(at).toBeUndefined();
  });
  it('a whole answer that fits needs no footer room', () => {
    const answer = list(items.slice(0, 20));
    const tokens = answer.render(0, 20).reduce((sum, b) => sum + countTokens(b), 0);
    expect(cutPage(answer, START, tokens, 400)).toMatchObject({ start: 0, end: 20 });
    expect(cutPage(answer, START, tokens, 400).next).toBeUndefined();
  });
});

describe('through the server: a generated folder of 400 notes', () => {
  let kb: string;
  let server: Server;
  const TAGS = 'api database testing architecture mobile';
  const TASK = 'Fix duplicate webhook deliveries creating double refunds';
  beforeAll(async () => {
    kb = writeCorpus(join(tempDir(), 'kb'), { notes: 400, seed: 7 }).dir;
    writeFileSync(
      join(kb, 'guides', 'huge.md'),
      `---\ntitle: Huge note\ntags: [huge]\n---\n\n${Array.from({ length: 12 }, (_, s) => `## Part ${s}\n\n${lines(300)}`).join('\n\n')}\n`,
    );
    server = await startServer(['--kb', kb, '--today', TODAY]);
  }, 120_000);

  /** Follow the cursors of one call to its last page. */
  async function follow(tool: string, args: Record<string, unknown>) {
    const results = [await server.call(tool, args)];
    for (let next = results[0]!._meta?.['nextCursor']; typeof next === 'string'; next = results[results.length - 1]!._meta?.['nextCursor']) {
      results.push(await server.call(tool, { ...args, cursor: next }));
      if (results.length > 100) throw new Error('no last page');
    }
    return results;
  }

  it.each([
    ['the default cap', undefined, 2],
    ['a smaller budget the caller asks for', 4000, 6],
  ])('query: %s: pages within it, every result once, as kb query --json lists them', async (_rule, maxTokens, atLeast) => {
    const all = await follow('query', { tags: TAGS, ...(maxTokens ? { maxTokens } : {}) });
    expect(all.length).toBeGreaterThanOrEqual(atLeast);
    for (const page of all) expect(resultTokens(page)).toBeLessThanOrEqual(maxTokens ?? RESULT_TOKENS);
    const expected = JSON.parse((await cli(['query', ...TAGS.split(' '), '--kb', kb, '--today', TODAY, '--json'])).out);
    const results = all.flatMap((page) => JSON.parse(texts(page)[1]!).results);
    expect(results).toEqual(expected.results);
    const total = expected.results.length;
    expect(texts(all[0]!)[0]).toMatch(new RegExp(`^Found ${total} files matching \\(1–\\d+ on this page\\): \\[`, 'm'));
    expect(texts(all[0]!).at(-1)).toMatch(
      new RegExp(`^\\[Results 1–\\d+ of ${total}\\. Next: call query again with the same arguments and "cursor": "[\\w-]+"\\.\\]$`),
    );
    expect(texts(all.at(-1)!).at(-1)).toMatch(new RegExp(`^\\[Results \\d+–${total} of ${total} \\(last page\\)\\.\\]$`));
  });

  it('search by facet only: every note once, across pages', async () => {
    const all = await follow('search', { tag: 'api', maxTokens: 2000 });
    expect(all.length).toBeGreaterThan(2);
    const expected = JSON.parse((await cli(['search', '--tag', 'api', '--kb', kb, '--json'])).out);
    expect(all.flatMap((page) => JSON.parse(texts(page)[1]!).titleMatches)).toEqual(expected.titleMatches);
  });

  it('read_note of a note over the cap: parts cut at line breaks that join into the note, then its facts', async () => {
    const all = await follow('read_note', { path: 'guides/huge.md' });
    expect(all.length).toBeGreaterThan(1);
    for (const page of all) expect(resultTokens(page)).toBeLessThanOrEqual(RESULT_TOKENS);
    const parts = all.flatMap((page) => texts(page).slice(0, -1));
    const facts = parts.pop()!;
    expect(JSON.parse(facts)).toMatchObject({ path: 'guides/huge.md', headings: Array.from({ length: 12 }, (_, s) => `## Part ${s}`) });
    const note = parts.join('');
    expect(note).toMatch(/^---\ntitle: "Huge note"\n[\s\S]*\n---\n\n## Part 0\n/);
    expect(note.endsWith(`${lines(300)}\n`)).toBe(true);
    expect(countTokens(note)).toBeGreaterThan(RESULT_TOKENS * 2);
    expect(texts(all[0]!).at(-1)).toMatch(/^\[Part of an answer too long for one page, cut at a line break\. Next: call read_note again/);
  });

  it('context at the largest pack: the Markdown, then the JSON (in parts when longer than a page), together kb context --json', async () => {
    const all = await follow('context', { task: TASK, maxTokens: 12000 });
    for (const page of all) expect(resultTokens(page)).toBeLessThanOrEqual(RESULT_TOKENS);
    const expected = (await cli(['context', '--task', TASK, '--max-tokens', '12000', '--kb', kb, '--today', TODAY, '--json'])).out;
    expect(JSON.parse(expected).tokens).toBeGreaterThan(11000);
    // Packs stop at weak notes, so the JSON may fit one page: one page for the Markdown, then as many as the JSON needs.
    expect(all.length).toBe(1 + Math.ceil(countTokens(expected) / RESULT_TOKENS));
    const blocks = all.flatMap((page) => texts(page).slice(0, -1));
    expect(blocks[0]).toBe(JSON.parse(expected).contextPackMarkdown);
    expect(blocks.slice(1).join('')).toBe(expected);
  });

  it('a cursor continues only its own call', async () => {
    const first = await server.call('query', { tags: TAGS });
    const cursor = first._meta?.['nextCursor'];
    expect(cursor).toEqual(expect.any(String));
    const other = await server.call('query', { tags: 'api', cursor });
    expect(other.isError).toBe(true);
    expect(texts(other)[0]).toContain('belongs to another call');
    const tool = await server.call('search', { tag: 'api', cursor });
    expect(texts(tool)[0]).toContain('belongs to another call');
  });

  it('a cursor of knowledge that changed since is refused, not misread', async () => {
    const cursor = (await server.call('query', { tags: TAGS }))._meta?.['nextCursor'];
    writeFileSync(join(kb, 'guides', 'new-note.md'), '---\ntitle: A new note\ntags: [api]\n---\n\nNew.\n');
    const result = await server.call('query', { tags: TAGS, cursor });
    expect(result.isError).toBe(true);
    expect(texts(result)[0]).toContain('The knowledge base changed since cursor');
  });
});
