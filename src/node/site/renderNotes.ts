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
  /** The HTML of its claimed fenced blocks, by fenceKey (src/node/site/claimedFences.ts). */
  fences?: Record<string, string> | undefined;
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
  /** Worker threads; 0 renders here, synchronously, before returning. */
  workers: number;
  /** The compiled `renderNotesWorker.js`. */
  workerUrl: URL;
}

const BATCH = 16; // notes per message: few enough to keep both workers busy to the end

/**
 * Render the jobs into the HTML cache, in worker threads that run while Astro bundles the site (the build waits
 * for them before it renders pages). A page whose HTML is missing renders it itself (src/runtime/noteHtml.ts).
 */
export function renderNotes(setup: RenderSetup, jobs: readonly RenderJob[], options: RenderPoolOptions): Promise<void> {
  if (jobs.length === 0) return Promise.resolve();
  if (options.workers <= 0) {
    const render = rendererFor(setup);
    for (const job of jobs) writeNoteHtml(setup.dir, job.key, render(job));
    return Promise.resolve();
  }
  const queue = [...jobs];
  const workers: Worker[] = [];
  return new Promise<void>((resolveAll, rejectAll) => {
    let running = 0;
    const fail = (err: unknown) => {
      for (const w of workers) void w.terminate();
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
      worker.on('message', () => feed(worker));
      worker.on('error', fail);
      feed(worker);
    }
  });
}
