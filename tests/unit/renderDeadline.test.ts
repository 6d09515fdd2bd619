// The render deadline: a note still rendering when it passes is published as its Markdown in plain text, its
// worker is replaced, the other notes render as always, and the build names it. A note of the test worker that
// contains HANG never finishes (hangingRenderWorker.mjs) and says so on a broadcast channel; the pool's deadline
// timers are fake ones that pass only then, and the test worker arms none for any other note. So which notes time
// out never depends on the machine's speed: a slow note is never timed out, and a note that hangs always is.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseKbPortalOptions } from '../../src/site/options/kbPortalOptions.ts';
import { outputSummary } from '../../src/site/emit/outputSummary.ts';
import { kbPortalOptionsFromEnvironment } from '../../src/node/kbEnvironment.ts';
import { hasNoteHtml, readNoteHtml } from '../../src/node/site/noteHtmlCache.ts';
import { renderWorkers } from '../../src/node/site/noteRenderJobs.ts';
import { renderNotes, type RenderJob, type RenderSetup } from '../../src/node/site/renderNotes.ts';
import { timedOutNote } from '../../src/node/site/timedOutNote.ts';

const root = mkdtempSync(join(tmpdir(), 'kb-render-deadline-'));

// Each hang the test worker reports has one deadline armed for it, once the pool has read the note's start (a
// message on another channel, so it may come later): the deadlines pass as they are armed, never on a clock.
const hangs = new BroadcastChannel('kb-test-render-hang'); // HANG_CHANNEL in hangingRenderWorker.mjs
let reported = 0;
let passed = 0;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
async function passDeadlines(): Promise<void> {
  while (passed < reported) {
    const armed = vi.getTimerCount();
    if (armed > 0) {
      passed += armed;
      vi.runOnlyPendingTimers();
    } else await nextTurn();
  }
}
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  hangs.onmessage = () => {
    if (reported++ === passed) void passDeadlines();
  };
});
afterAll(() => {
  hangs.close();
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

// Worker threads run compiled modules (lib/, built by `npm install` and before the tests).
const lib = (name: string) => pathToFileURL(join(import.meta.dirname, '../../lib/node/site', name));
const hanging = pathToFileURL(join(import.meta.dirname, 'hangingRenderWorker.mjs'));
const real = lib('renderNotesWorker.js');

let folders = 0;
const setupIn = (): RenderSetup => ({
  dir: join(root, String(folders++)),
  base: '/wiki/',
  trustHtml: false,
  targets: [{ path: 'decisions/001-offset.md', slug: 'decisions/001-offset', title: 'Offset' }],
  files: [],
});

const job = (path: string, markdown: string): RenderJob => ({ key: path.replace(/\W/g, '-'), path, markdown, embeds: {}, sizes: {} });
/** What a page shows for a note rendered in time, written out: its wikilink resolved to the target's page, its heading with an id. */
const shown = (html: string, headings: { depth: number; id: string; text: string }[] = []) => ({
  html,
  hasMath: false,
  hasMermaid: false,
  headings,
  attachments: [],
  embeds: [],
  brokenLinks: [],
});
/** The page of `normal(n)`'s note i. */
const normalShown = (i: number) =>
  shown(`<p>Note ${i} sees <a href="/wiki/notes/decisions/001-offset/" class="wikilink">Offset</a>.</p>\n<h2 id="part-${i}">Part ${i}</h2>`, [
    { depth: 2, id: `part-${i}`, text: `Part ${i}` },
  ]);
/** A job's page as written out above: a note of normal(n) by the number in its name, the script note sanitised. */
const expectedOf = (j: RenderJob) => (j.path === 'script.md' ? shown('\n<h1 id="head">Head</h1>') : normalShown(Number(/n(\d+)\.md$/.exec(j.path)![1])));
const hostile = 'HANG <script>alert(1)</script> & "quotes" \'apostrophes\' [[Offset]] <img src=x onerror=alert(2)>';
const normal = (n: number) => Array.from({ length: n }, (_, i) => job(`notes/n${String(i).padStart(2, '0')}.md`, `Note ${i} sees [[Offset]].\n\n## Part ${i}`));

const NOTICE = '<p class="kb-render-timeout-notice">This note took too long to render and is shown as text.</p>';

describe('renderNotes with a deadline', () => {
  // One worker takes 16 notes a batch: a hang mid-batch leaves the batch's rest to the new worker.
  describe.each([
    [
      'one hanging note among others, one worker',
      1,
      [...normal(2), job('hostile.md', hostile), ...normal(2).map((j) => job(`b/${j.path}`, j.markdown))],
      ['hostile.md'],
    ],
    [
      'a hang mid-batch, the batch rest and the next batch after it',
      1,
      [...normal(5), job('mid.md', 'HANG mid'), ...normal(20).map((j) => job(`c/${j.path}`, j.markdown))],
      ['mid.md'],
    ],
    ['the last note hangs (nothing left for a new worker)', 1, [...normal(3), job('z-last.md', 'HANG last')], ['z-last.md']],
    ['every note hangs, two workers', 2, [job('h1.md', 'HANG 1'), job('h2.md', 'HANG 2'), job('h3.md', 'HANG 3')], ['h1.md', 'h2.md', 'h3.md']],
    [
      'two hangs in two workers, reported sorted',
      2,
      [job('y.md', 'HANG y'), ...normal(17), job('x.md', 'HANG x'), ...normal(3).map((j) => job(`d/${j.path}`, j.markdown))],
      ['x.md', 'y.md'],
    ],
  ])('%s', (_case, workers, jobs, expected) => {
    const setup = setupIn();
    // Started by the first test, so one pool runs at a time.
    let started: ReturnType<typeof renderNotes> | undefined;
    const run = () => (started ??= renderNotes(setup, jobs, { workers, workerUrl: hanging, deadlineMs: 10_000 }));

    it('finishes and reports the notes that hit the deadline', { timeout: 120_000 }, async () => expect(await run()).toEqual({ timedOut: expected }));
    it('renders every other note exactly as without a deadline', async () => {
      await run();
      for (const j of jobs.filter((j) => !expected.includes(j.path))) expect(readNoteHtml(setup.dir, j.key)).toEqual(expectedOf(j));
    });
    it('publishes each timed-out note as its escaped text, which the next build renders again', async () => {
      await run();
      for (const j of jobs.filter((j) => expected.includes(j.path))) {
        expect(readNoteHtml(setup.dir, j.key)).toEqual(timedOutNote(j.markdown));
        expect(hasNoteHtml(setup.dir, j.key)).toBe(false);
      }
      expect(readdirSync(setup.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });

  it.each([
    ['the default deadline', undefined],
    ['no deadline (0)', 0],
  ])('with %s, the real worker renders every note, the script removed', async (_case, deadlineMs) => {
    const setup = setupIn();
    const jobs = [...normal(3), job('script.md', '<script>alert(1)</script>\n\n# Head')];
    expect(await renderNotes(setup, jobs, { workers: 1, workerUrl: real, deadlineMs })).toEqual({ timedOut: [] });
    for (const j of jobs) expect(readNoteHtml(setup.dir, j.key)).toEqual(expectedOf(j));
  });
});

describe('timedOutNote: what a note that hit the deadline shows', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['an attribute breakout', '<img src=x onerror="alert(1)">', '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;'],
    ['apostrophes and ampersands', "Tom's &amp; Jerry's", 'Tom&#39;s &amp;amp; Jerry&#39;s'],
    ['a closing pre', '</pre><script>x()</script>', '&lt;/pre&gt;&lt;script&gt;x()&lt;/script&gt;'],
    ['Markdown, kept as written', '# Title\n\n- [[Offset]] **bold**', '# Title\n\n- [[Offset]] **bold**'],
  ])('escapes %s', (_case, markdown, text) => {
    const shown = timedOutNote(markdown);
    expect(shown.html).toBe(`${NOTICE}\n<pre class="kb-render-timeout">${text}</pre>\n`);
    expect(shown).toMatchObject({ hasMath: false, hasMermaid: false, headings: [], attachments: [], embeds: [], brokenLinks: [] });
  });
  it('leaves no tag of the note in the page', () => {
    const html = timedOutNote(hostile).html.replace(NOTICE, '').replace('<pre class="kb-render-timeout">', '').replace('</pre>', '');
    expect(html).not.toMatch(/[<>"']/);
  });
});

describe('the build summary names the notes that hit the deadline', () => {
  const size = { files: 10, bytes: 2_000_000, notes: 4 };
  it.each([
    ['none', [], 10_000, []],
    ['one', ['notes/slow.md'], 10_000, ['kb: 1 note hit the render deadline (10 s) and is published as text: notes/slow.md']],
    ['two', ['a.md', 'b/c.md'], 2500, ['kb: 2 notes hit the render deadline (2.5 s) and are published as text: a.md, b/c.md']],
  ])('%s', (_case, paths, deadlineMs, warn) => {
    const summary = outputSummary(size, [], { paths, deadlineMs });
    expect(summary).toEqual({ ...outputSummary(size, []), warn });
  });
});

describe('renderWorkers with a deadline', () => {
  it.each([
    ['a small folder renders in one worker the deadline can stop', 50, undefined, 10_000, 1],
    ['without a deadline, in the build thread', 50, undefined, 0, 0],
    ['nothing to render, no worker', 0, undefined, 10_000, 0],
    ['renderWorkers: 0 wins (no deadline then)', 50, 0, 10_000, 0],
  ])('%s', (_rule, jobs, asked, deadlineMs, expected) => expect(renderWorkers(jobs, asked, deadlineMs)).toBe(expected));
});

describe('the deadline option', () => {
  it.each([
    ['unset: 10 s', {}, 10_000],
    ['KB_RENDER_DEADLINE_MS sets it', { KB_RENDER_DEADLINE_MS: '2500' }, 2500],
    ['0 turns it off', { KB_RENDER_DEADLINE_MS: '0' }, 0],
  ])('%s', (_rule, env, expected) => expect(parseKbPortalOptions(kbPortalOptionsFromEnvironment(env)).renderDeadlineMs).toBe(expected));
  it('a malformed KB_RENDER_DEADLINE_MS names the variable', () =>
    expect(() => kbPortalOptionsFromEnvironment({ KB_RENDER_DEADLINE_MS: '10s' })).toThrow(/KB_RENDER_DEADLINE_MS must be a whole number/));
});
