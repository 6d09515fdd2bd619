import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import type { NoteTarget } from '../../core/links/createLinkResolver.js';
import { compareStrings } from '../../core/util/compare.js';
import type { MdxNoteData } from '../../markdown/parseMdx.js';
import type { ImageSize } from '../../markdown/renderContext.js';
import { writeNoteHtml, writeTimedOutNoteHtml } from './noteHtmlCache.js';
import { renderTempTag, type RenderProgress, type RenderWorkerData } from './serveRenderJobs.js';
import { timedOutNote } from './timedOutNote.js';
import { workerDeadline } from '../threadCpuClock.js';

/** One note to render: its cache key, path, the Markdown the page shows, and what it embeds and shows. */
export interface RenderJob {
  key: string;
  path: string;
  markdown: string;
  /** The Markdown of each note it embeds (any depth), by path. */
  embeds: Record<string, string>;
  /** Its images' sizes, by path. */
  sizes: Record<string, ImageSize>;
  /** The HTML of its claimed fenced blocks, by fenceKey (src/node/site/collectFences.ts). */
  fences?: Record<string, string> | undefined;
  /** An `.mdx` note whose code is data: `markdown` is its MDX, read with this (JSON: dates as ISO text). */
  mdx?: MdxNoteData | undefined;
}

/** What every render, in this thread or a worker, needs besides the job. */
export interface RenderSetup {
  /** The HTML cache folder. */
  dir: string;
  /** The portal's root URL path (base + prefix). */
  base: string;
  trustHtml: boolean;
  /** Every note a link may name (with its aliases). */
  targets: NoteTarget[];
  /** Every attachment a link may name. */
  files: string[];
}

export interface RenderPoolOptions {
  /** Worker threads; 0 renders here, in this thread (with no deadline: nothing can stop it). */
  workers: number;
  /** The compiled `renderNotesWorker.js`. */
  workerUrl: URL;
  /**
   * How long one note may render in a worker before it is stopped and published as text, in ms of the worker's CPU
   * time (wall time where the system cannot tell: threadCpuClock.ts). Default 10,000; 0: no deadline.
   */
  deadlineMs?: number | undefined;
}

/** What the pool reports: the notes that hit the deadline (paths, sorted), published as text (timedOutNote.ts). */
export interface RenderOutcome {
  timedOut: string[];
}

export const DEFAULT_RENDER_DEADLINE_MS = 10_000;

const BATCH = 16; // notes per message: few enough to keep both workers busy to the end
const IN_FLIGHT = 2; // batches a worker holds at once

/**
 * Render the jobs into the HTML cache, in worker threads that run while Astro bundles the site (the build waits
 * for them before it renders pages). A page whose HTML is missing renders it itself (src/runtime/noteHtml.ts), so
 * a note still rendering at the deadline gets its text written in its place: its worker is stopped, and a new
 * one takes the rest of the batch.
 */
export function renderNotes(setup: RenderSetup, jobs: readonly RenderJob[], options: RenderPoolOptions): Promise<RenderOutcome> {
  if (jobs.length === 0) return Promise.resolve({ timedOut: [] });
  if (options.workers <= 0) {
    // The pipeline is loaded when a note needs it, not by every process that imports this module.
    return import('./noteRenderer.js').then(({ rendererFor }) => {
      const render = rendererFor(setup);
      for (const job of jobs) writeNoteHtml(setup.dir, job.key, render(job));
      return { timedOut: [] };
    });
  }
  const deadline = options.deadlineMs ?? DEFAULT_RENDER_DEADLINE_MS;
  const queue = [...jobs];
  const timedOut: string[] = [];
  const stops = new Set<() => void>();
  return new Promise<RenderOutcome>((resolveAll, rejectAll) => {
    let running = Math.min(options.workers, Math.ceil(jobs.length / BATCH));
    const retire = () => {
      if (--running === 0) resolveAll({ timedOut: timedOut.sort(compareStrings) });
    };
    const fail = (err: unknown) => {
      for (const stop of stops) stop();
      rejectAll(err);
    };
    const start = () => {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(options.workerUrl, { workerData: { setup, progress: port2 } satisfies RenderWorkerData, transferList: [port2] });
      // The batches posted and not finished, oldest first: two at a time, so a worker has the next batch at hand
      // while this thread is busy (building the packs beside the pool) and cannot answer it at once.
      const posted: RenderJob[][] = [];
      let current: number | undefined; // the oldest batch's note being rendered
      let started = 0; // notes started: tells a deadline whether its note is still the one rendering
      const limit = workerDeadline(deadline); // on the worker thread's CPU time, once it has said where to read it
      const stop = () => {
        limit.close();
        port1.close();
        stops.delete(stop);
        const tmp = current === undefined ? undefined : join(setup.dir, `${posted[0]![current]!.key}.json.${renderTempTag(worker.threadId)}.tmp`);
        void worker.terminate().then(() => tmp && rmSync(tmp, { force: true }));
      };
      stops.add(stop);
      const feed = () => {
        while (posted.length < IN_FLIGHT && queue.length > 0) {
          const batch = queue.splice(0, BATCH);
          posted.push(batch);
          worker.postMessage(batch);
        }
        if (posted.length === 0) {
          stop();
          retire();
        }
      };
      const progress = (p: RenderProgress) => {
        limit.cancel();
        if ('thread' in p) return limit.clockAt(p.thread);
        if ('end' in p) {
          current = undefined;
          if (p.end === posted[0]!.length - 1) {
            posted.shift();
            feed();
          }
          return;
        }
        current = p.start;
        const armed = ++started;
        limit.arm(() => overdue(armed));
      };
      const overdue = (armed: number) => {
        // This thread may have been busy (Astro bundles beside the pool) while the note finished: read what the
        // worker reported since, and stop only a note that is still rendering.
        for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) progress(m.message as RenderProgress);
        if (started !== armed || current === undefined) return;
        const job = posted[0]![current]!;
        timedOut.push(job.path);
        writeTimedOutNoteHtml(setup.dir, job.key, timedOutNote(job.markdown));
        // The rest of its batch, and the batch after it, go back to the queue's head in order.
        queue.unshift(...posted[0]!.slice(current + 1), ...posted.slice(1).flat());
        stop();
        if (queue.length) start();
        else retire();
      };
      port1.on('message', progress);
      worker.on('error', fail);
      feed();
    };
    for (let i = 0; i < running; i++) start();
  });
}
