// The note HTML cache and its render pool (src/node/site/): what makes warm rebuilds cheap and cold ones parallel.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { noteHtmlKey, pruneNoteHtml, readNoteHtml, writeNoteHtml, type NoteHtmlInputs } from '../../src/node/site/noteHtmlCache.ts';
import { renderNotes, type RenderSetup } from '../../src/node/site/renderNotes.ts';
import { renderWorkers } from '../../src/node/site/noteRenderJobs.ts';

const dir = mkdtempSync(join(tmpdir(), 'kb-note-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const inputs: NoteHtmlInputs = { version: '1', base: '/', trustHtml: false, links: ['decisions/001-offset'], markdown: 'See [[001-offset]].' };

describe('noteHtmlKey: a cached page is reused only when nothing it depends on changed', () => {
  it.each([
    ['the Markdown', { markdown: 'See [[001-offset]]!' }],
    ['where a wikilink leads', { links: [''] }],
    ['the base path', { base: '/wiki/' }],
    ['trusting raw HTML', { trustHtml: true }],
    ['the pipeline version', { version: '2' }],
    ['an embedded note', { embeds: { 'b.md': 'B' } }],
    ['an image size', { sizes: { 'a.png': { width: 1, height: 2 } } }],
  ])('changes with %s', (_what, change) => expect(noteHtmlKey({ ...inputs, ...change })).not.toBe(noteHtmlKey(inputs)));
  it('is stable for the same inputs', () => expect(noteHtmlKey({ ...inputs })).toBe(noteHtmlKey(inputs)));
});

const rendered = (html: string) => ({ html, hasMath: false, hasMermaid: false, headings: [], attachments: [], embeds: [], brokenLinks: [] });

describe('the HTML cache on disk', () => {
  it('reads what was written, and nothing for an unknown key', () => {
    writeNoteHtml(dir, 'aaaa', rendered('<p>a</p>'));
    expect(readNoteHtml(dir, 'aaaa')).toEqual(rendered('<p>a</p>'));
    expect(readNoteHtml(dir, 'bbbb')).toBeUndefined();
  });
  it('prunes the files the build no longer uses', () => {
    writeNoteHtml(dir, 'keep', rendered('k'));
    writeNoteHtml(dir, 'drop', rendered('d'));
    pruneNoteHtml(dir, new Set(['keep', 'aaaa']));
    expect(readdirSync(dir).sort()).toEqual(['aaaa.json', 'keep.json']);
  });
});

describe('renderNotes', () => {
  const setup: RenderSetup = {
    dir,
    base: '/wiki/',
    trustHtml: false,
    targets: [{ path: 'decisions/001-offset.md', slug: 'decisions/001-offset', title: 'Offset' }],
    files: [],
  };
  const jobs = [
    { key: 'w1', path: 'a.md', markdown: 'See [[Offset]].', embeds: {}, sizes: {} },
    { key: 'w2', path: 'b.md', markdown: '<script>alert(1)</script>\n\n# Head', embeds: {}, sizes: {} },
  ];
  const expected = ['<p>See <a href="/wiki/notes/decisions/001-offset/" class="wikilink">Offset</a>.</p>', '<h1 id="head">Head</h1>'];
  it.each([
    ['in this thread', 0],
    ['in a worker thread', 1],
  ])('renders wikilinks and sanitises %s', async (_where, workers) => {
    const keyed = jobs.map((j) => ({ ...j, key: `${j.key}-${workers}` }));
    // Worker threads run the compiled module (lib/, built by `npm install` and before the tests).
    await renderNotes(setup, keyed, { workers, workerUrl: pathToFileURL(join(import.meta.dirname, '../../lib/node/site/renderNotesWorker.js')) });
    expect(keyed.map((j) => readNoteHtml(dir, j.key)?.html.trim())).toEqual(expected);
  });
});

describe('renderWorkers', () => {
  it.each([
    ['small folders render in the build thread', 50, undefined, 0],
    ['renderWorkers: 0 wins', 5000, 0, 0],
    ['renderWorkers sets the count', 50, 3, 3],
  ])('%s', (_rule, jobs, asked, expected) => expect(renderWorkers(jobs, asked)).toBe(expected));
  it('large folders use worker threads', () => expect(renderWorkers(5000)).toBeGreaterThan(0));
});
