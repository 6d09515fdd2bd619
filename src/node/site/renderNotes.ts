import { Worker } from 'node:worker_threads';
import type { NoteTarget } from '../../core/links/createLinkResolver.js';
import type { ImageSize } from '../../markdown/renderContext.js';
import { rendererFor } from './noteRenderer.js';
import { writeNoteHtml } from './noteHtmlCache.js';

/** One note to render: its cache key, path, the Markdown the page shows, and what it embeds and shows. */
export interface RenderJob {
  key: string;
  path: string;
  markdown: string;
  /** The Markdown of each note it embeds (any depth), by path. */
  embeds: Record<string, string>;
  /** Its images' sizes, by path. */
  sizes: Record<string, ImageSize>;
}

/** What every render, in this thread or a worker, needs besides the job. */
export interface RenderSetup {
  /** The HTML cache folder (noteHtmlDir). */
  dir: string;
  base: string;
  trustHtml: boolean;
  /** Every note a link may name (with its aliases). */
  targets: NoteTarget[];
  /** Every attachment a link may name. */
  files: string[];
}

export interface RenderPoolOptions {
  /** Worker threads; 0 renders here, synchronously, before returning. */
  workers: number;
  /** `renderNotesWorker.mjs`. */
  workerUrl: URL;
}

const BATCH = 16; // notes per message: few enough to keep both workers busy to the end

// Renders still running, by key, so a page waits for its own note only. On globalThis because the
// loader and the pages load this module through different bundles of the one build process.
const MEMO = Symbol.for('kb-portal.noteRenders');
const store = globalThis as unknown as Record<symbol, Map<string, Promise<void>> | undefined>;
function pending(): Map<string, Promise<void>> {
  return (store[MEMO] ??= new Map());
}

/**
 * Render the jobs into the HTML cache. With workers, the renders run in worker threads while Astro goes on
 * bundling and rendering other pages (the build has two cores; Astro uses one): the returned promise settles
 * when all are written, and `renderedNote` waits for the one a page needs. A failed render rejects both.
 */
export function renderNotes(setup: RenderSetup, jobs: readonly RenderJob[], options: RenderPoolOptions): Promise<void> {
  if (jobs.length === 0) return Promise.resolve();
  if (options.workers <= 0) {
    const render = rendererFor(setup);
    for (const job of jobs) writeNoteHtml(setup.dir, job.key, render(job));
    return Promise.resolve();
  }
  const waiting = new Map<string, { resolve: () => void; reject: (err: unknown) => void }>();
  for (const job of jobs) {
    const promise = new Promise<void>((resolve, reject) => waiting.set(job.key, { resolve, reject }));
    promise.catch(() => undefined); // a page that awaits it sees the error; nobody else must crash on it
    pending().set(job.key, promise);
  }
  const queue = [...jobs];
  const workers: Worker[] = [];
  return new Promise<void>((resolveAll, rejectAll) => {
    let running = 0;
    const fail = (err: unknown) => {
      for (const w of workers) void w.terminate();
      for (const [key, d] of waiting) {
        d.reject(err);
        pending().delete(key);
      }
      rejectAll(err);
    };
    const feed = (worker: Worker) => {
      if (queue.length) return worker.postMessage(queue.splice(0, BATCH));
      void worker.terminate();
      if (--running === 0) resolveAll();
    };
    const count = Math.min(options.workers, Math.ceil(jobs.length / BATCH));
    for (let i = 0; i < count; i++) {
      const worker = new Worker(options.workerUrl, { workerData: setup });
      workers.push(worker);
      running++;
      worker.on('message', (keys: string[]) => {
        for (const key of keys) {
          waiting.get(key)?.resolve();
          waiting.delete(key);
          pending().delete(key);
        }
        feed(worker);
      });
      worker.on('error', fail);
      feed(worker);
    }
  });
}

/** Resolves when the note with this key is in the cache (at once when it is not being rendered). */
export function renderedNote(key: string): Promise<void> {
  return pending().get(key) ?? Promise.resolve();
}
