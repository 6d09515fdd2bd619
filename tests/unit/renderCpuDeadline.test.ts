// The render deadline counts the worker thread's CPU time (threadCpuClock.ts): a note that takes long because the
// machine is busy is not stopped, and one that waits past WALL_CAP deadlines without working still is. The worker
// (waitingRenderWorker.mjs) runs the pool's real worker body; its WAIT note waits on a lock, using no CPU, and says
// so; the test then lets (fake) deadlines pass, and releases the lock. Nothing waits on the machine's speed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readNoteHtml } from '../../src/node/site/noteHtmlCache.ts';
import { renderNotes, type RenderJob, type RenderSetup } from '../../src/node/site/renderNotes.ts';
import { timedOutNote } from '../../src/node/site/timedOutNote.ts';
import { threadStatPath, WALL_CAP } from '../../src/node/threadCpuClock.ts';

const root = mkdtempSync(join(tmpdir(), 'kb-render-cpu-deadline-'));
const waits = new BroadcastChannel('kb-test-render-wait'); // WAIT_CHANNEL in waitingRenderWorker.mjs
const worker = pathToFileURL(join(import.meta.dirname, 'waitingRenderWorker.mjs'));
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const DEADLINE_MS = 1000;

beforeAll(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterAll(() => {
  waits.close();
  vi.useRealTimers();
  rmSync(root, { recursive: true, force: true });
});

const job = (path: string, markdown: string): RenderJob => ({ key: path.replace(/\W/g, '-'), path, markdown, embeds: {}, sizes: {} });

// Linux only: elsewhere the deadline is on the wall clock (renderDeadline.test.ts).
describe.skipIf(threadStatPath() === undefined)('the render deadline on the worker thread CPU clock', () => {
  it.each([
    ['waits through WALL_CAP - 1 deadlines of wall time, then renders: not timed out', WALL_CAP - 1, []],
    ['is still waiting after WALL_CAP deadlines: timed out, published as text', WALL_CAP, ['slow.md']],
  ])('a note that %s', async (_case, deadlinesPassed, timedOut) => {
    const lock = new Int32Array(new SharedArrayBuffer(4));
    const setup = { dir: join(root, String(deadlinesPassed)), base: '/', trustHtml: false, targets: [], files: [], lock: lock.buffer } as RenderSetup;
    // The waiting note first: the first deadline the pool arms is its own (a note before it would arm one too, whose
    // time could pass below instead, on a busy machine that reads the worker's reports late).
    const jobs = [job('slow.md', 'WAIT, then **render**.'), job('after.md', 'After.')];
    const waiting = new Promise((resolve) => (waits.onmessage = resolve));
    const result = renderNotes(setup, jobs, { workers: 1, workerUrl: worker, deadlineMs: DEADLINE_MS });
    await waiting;
    // Once the pool has armed the note's deadline (when it reads the note's start, maybe later), that many deadlines of
    // (fake) wall time pass at once. Not a count of timers: a deadline whose thread used a clock tick of CPU (10 ms)
    // checks again a little sooner, so WALL_CAP deadlines of wall time can take one timer more than WALL_CAP.
    while (vi.getTimerCount() === 0) await nextTurn();
    vi.advanceTimersByTime(deadlinesPassed * DEADLINE_MS);
    Atomics.store(lock, 0, 1);
    Atomics.notify(lock, 0);
    expect(await result).toEqual({ timedOut });
    const slow = jobs[0]!;
    if (timedOut.length) expect(readNoteHtml(setup.dir, slow.key)).toEqual(timedOutNote(slow.markdown));
    else expect(readNoteHtml(setup.dir, slow.key)?.html).toBe('<p>WAIT, then <strong>render</strong>.</p>');
    expect(readNoteHtml(setup.dir, jobs[1]!.key)?.html).toBe('<p>After.</p>');
  });
});
