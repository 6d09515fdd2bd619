// The render stage of `kb build`: every page of the site rendered by the compiled site's App (src/site/app/loadApp.ts)
// in worker threads, each loading the site once and taking pages in batches as it frees, and written into the output
// folder. A note page renders its note's Markdown when the HTML cache does not hold it. A page's HTML depends only on
// its URL and the prepared data, so the output is the same whatever the number of workers or the order they finish in.
//
// One note never stops the build. A page still rendering at the deadline has its worker stopped; a page that fails has
// its error kept. Either way a note page is tried again with its note shown as text (`fallback`, which puts that text
// in the HTML cache), and a page that fails even so is written as a plain page by `lastResort`; the outcome names each.
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { PortalRuntimeConfig } from '../../core/site/portalData.js';
import type { RenderedPage } from '../../core/site/pageTypes.js';
import { compareStrings } from '../../core/util/compare.js';
import { workerDeadline } from '../../node/threadCpuClock.js';

/** A page to render (pageTypes.ts renderedPages), with its params when its route is dynamic. */
export type PageJob = RenderedPage;

/** The page worker threads, started before the folder is read (startPageWorkers). */
export interface PageWorkersInput {
  /** Worker threads (renderWorkers; default: up to one per core, as many as the pages are worth). */
  workers?: number | undefined;
  /** The compiled site (default lib/app/). */
  appDir?: string | undefined;
  /** The threads' module (tests give one of their own; default renderPagesWorker.js). */
  workerUrl?: URL | undefined;
}

/** What the pages are rendered with, once the folder is prepared. */
export interface RenderPagesInput {
  /** The site's base path (`/`, `/wiki/`). */
  base: string;
  /** The output folder. */
  outDir: string;
  /** The prepared data pages read. */
  data: PortalRuntimeConfig;
  /** How long one page may render (ms of its worker's CPU time, threadCpuClock.ts; default 10,000; 0: no deadline). */
  deadlineMs?: number | undefined;
  /** Incremental builds: the salt of every fingerprint, and the previous build's fingerprints by page path. */
  reuse?: { salt: string; previous: ReadonlyMap<string, string> } | undefined;
  /** Pages that wait for something before they render (the packs they show): handed out last, once `ready`. */
  gated?: { pages: readonly PageJob[]; ready: Promise<unknown> } | undefined;
  /**
   * Called once every page but the gated ones is rendered, kept or written as a plain page, with what became of them
   * (sorted by path): what reads only those pages (the search index) can start while the gated ones wait.
   */
  ungatedDone?: ((pages: RenderOutcome['pages']) => void) | undefined;
  /** A failed or overdue note page: put its note's text where the page reads its body; false when the page is no note page. */
  fallback: (page: PageJob) => boolean;
  /** Writes a page that could not be rendered even so: a plain page saying so. */
  lastResort: (page: PageJob, reason: string) => void;
}

/** Threads that load the compiled site as soon as they start, then render the pages they are given. */
export interface PageWorkers {
  /** Every page, once: rendered, kept or written as a plain page (the pool ends with it). */
  render(pages: readonly PageJob[], input: RenderPagesInput): Promise<RenderOutcome>;
  /** Stops the threads without rendering (a build that takes another path). */
  close(): void;
}

/** What became of the pages. */
export interface RenderOutcome {
  /** Every page rendered or kept, with its fingerprint when it has one: what the next build compares with. */
  pages: { page: PageJob; fingerprint: string | undefined; kept: boolean }[];
  /** Pages shown with their note as text, and why (`the render deadline`, the error's first line), by path. */
  fellBack: { page: PageJob; reason: string }[];
  /** Pages written as a plain page (lastResort). */
  failed: { page: PageJob; reason: string }[];
}

/** What the worker is given (renderPagesWorker.ts) when it starts, to load the compiled site… */
export interface PagesWorkerData {
  appDir: string | undefined;
  /** A port the worker reports on as it goes, read by the deadline even while this thread is busy. */
  progress: MessagePort;
}

/** …and its first message, once the folder is prepared: where the site goes, the data pages read, the fingerprints' salt. */
export interface PagesSetup {
  base: string;
  outDir: string;
  data: PortalRuntimeConfig;
  salt: string | undefined;
}

/** A worker's reports: a page started, a page done (rendered, kept or failed), pages kept (sent together), a batch done. */
export type PagesProgress =
  | { thread: string }
  | { start: number }
  | { end: number; fingerprint?: string | undefined; kept?: boolean; error?: string | undefined }
  | { keptPages: [end: number, fingerprint: string][] }
  | { batch: 'done' };

/** A batch: the pages, and which of them the previous build has with the same fingerprint (kept if equal). */
export interface PagesBatch {
  pages: PageJob[];
  previous: (string | undefined)[];
}

/** Pages a batch holds, a page likely kept weighing KEPT_WEIGHT: fewer round trips where a rebuild keeps most pages. */
const BATCH = 8;
export const DEFAULT_PAGE_DEADLINE_MS = 10_000;

/** The file a page is written to: `notes/a/` → `notes/a/index.html`, the home page `index.html`, `404` → `404.html`. */
export function pageOutputFile(path: string): string {
  if (path === '404') return '404.html';
  return `${path}index.html`;
}

/** The request URL of a page under `base`. */
export function pageUrl(base: string, path: string): string {
  return `http://kb-portal.invalid${base}${path === '404' ? '404/' : path}`;
}

/** Pages a thread is worth starting for: one renders ~200 pages in the time another takes to load the site. */
const PAGES_PER_THREAD = 200;
/** What a page the previous build has a fingerprint for weighs, against one that renders: kept, it costs ~1/8 of that. */
const KEPT_WEIGHT = 1 / 8;

/** How many of the pages first in `queue` the next batch takes: BATCH pages' weight (a page the previous build has weighs KEPT_WEIGHT). */
function batchLength(queue: readonly PageJob[], previous: ReadonlyMap<string, string> | undefined): number {
  let weight = 0;
  let n = 0;
  for (; n < queue.length && weight < BATCH; n++) weight += previous?.has(queue[n]!.path) ? KEPT_WEIGHT : 1;
  return n;
}

/**
 * Starts a page thread now, which loads the compiled site (~0.8 s of module loading) while this thread reads the
 * folder and renders the notes' Markdown; `render` starts the others the site's pages are worth, and hands out the
 * pages. (Starting them all now buys nothing on a folder that keeps both cores busy meanwhile, and holds their
 * memory longer; a small folder's pages need only the first.)
 */
export function startPageWorkers(pool: PageWorkersInput): PageWorkers {
  const workerUrl = pool.workerUrl ?? new URL('./renderPagesWorker.js', import.meta.url);
  const most = Math.max(1, pool.workers ?? availableParallelism());
  // Asked for a number of threads (renderWorkers), a site gets them (one per batch at most); else one per core, as
  // many as its pages are worth.
  const per = pool.workers === undefined ? PAGES_PER_THREAD : BATCH;
  const spawn = () => {
    const { port1, port2 } = new MessageChannel();
    const workerData: PagesWorkerData = { appDir: pool.appDir, progress: port2 };
    const thread: Spawned = { worker: new Worker(workerUrl, { workerData, transferList: [port2] }), port: port1, error: undefined };
    // A thread that fails while it loads, before it is given pages: its error is the render's.
    thread.worker.once('error', (err) => (thread.error ??= err));
    return thread;
  };
  const spawned = [spawn()];
  const wanted = (pages: number) => Math.min(most, Math.max(1, Math.ceil(pages / per)));
  const close = (threads: readonly Spawned[]) => {
    for (const { worker, port } of threads) {
      port.close();
      void worker.terminate();
    }
  };
  let used = false;
  return {
    render(pages, input) {
      if (used) throw new Error('kb-portal: the page workers render once (internal error)');
      used = true;
      const all = [...pages, ...(input.gated?.pages ?? [])];
      // A page the previous build has a fingerprint for is likely kept (a rebuild after an edit keeps most): the
      // threads are started for the pages likely to render, and more once rendering shows there are more (`grow`).
      const previous = input.reuse?.previous;
      const work = pool.workers !== undefined || !previous ? all.length : all.reduce((w, p) => w + (previous.has(p.path) ? KEPT_WEIGHT : 1), 0);
      const count = all.length === 0 ? 0 : wanted(work);
      while (spawned.length < count) spawned.push(spawn());
      close(spawned.slice(count));
      return renderWith(spawned.slice(0, count), spawn, pages, input, pool.workers === undefined ? { most, per } : undefined);
    },
    close: () => close(used ? [] : spawned),
  };
}

type Spawned = { worker: Worker; port: MessagePort; error: unknown };

/**
 * Renders the pages with `threads`, and with more (up to `grow.most`) while the pages rendered so far say that more
 * than `grow.per` pages a thread are left to render.
 */
function renderWith(
  threads: Spawned[],
  spawn: () => Spawned,
  pages: readonly PageJob[],
  input: RenderPagesInput,
  grow?: { most: number; per: number },
): Promise<RenderOutcome> {
  const outcome: RenderOutcome = { pages: [], fellBack: [], failed: [] };
  const gated = input.gated?.pages ?? [];
  if (threads.length === 0) {
    input.ungatedDone?.([]);
    return Promise.resolve(outcome);
  }
  const deadline = input.deadlineMs ?? DEFAULT_PAGE_DEADLINE_MS;
  const queue = [...pages];
  let gate: Promise<unknown> | undefined = gated.length ? input.gated!.ready : undefined;
  const tried = new Set<string>(); // pages already retried with their note as text
  const isGated = new Set(gated);
  let ungatedLeft = pages.length;
  const setup: PagesSetup = { base: input.base, outDir: input.outDir, data: input.data, salt: input.reuse?.salt };
  return new Promise((resolve, reject) => {
    let running = 0;
    let renders = 0; // pages rendered (not kept) so far: what the pages left are likely to cost
    let kept = 0;
    /** Another thread, when the pages left (as many render as have so far) are more than the running ones are worth. */
    const growing = () => {
      if (!grow || running >= grow.most || renders === 0) return;
      const left = (queue.length * renders) / (renders + kept) + (gate ? gated.length : 0);
      if (left > grow.per * running) start(spawn());
    };
    const byPath = (a: { page: PageJob }, b: { page: PageJob }) => compareStrings(a.page.path, b.page.path);
    /** A page's outcome, once: the last page not gated tells `ungatedDone`. */
    const done = (entry: RenderOutcome['pages'][number]) => {
      outcome.pages.push(entry);
      if (isGated.has(entry.page) || --ungatedLeft > 0) return;
      input.ungatedDone?.(outcome.pages.filter((p) => !isGated.has(p.page)).sort(byPath));
    };
    if (ungatedLeft === 0) input.ungatedDone?.([]);
    const stops = new Set<() => void>();
    const finish = () => {
      if (running > 0) return;
      outcome.pages.sort(byPath);
      outcome.fellBack.sort(byPath);
      outcome.failed.sort(byPath);
      resolve(outcome);
    };
    const fail = (err: unknown) => {
      for (const stop of stops) stop();
      reject(err instanceof Error ? err : new Error(String(err)));
    };
    /** A page that failed or ran out of time: again with its note as text, else a plain page. */
    const recover = (page: PageJob, reason: string) => {
      if (!tried.has(page.path) && input.fallback(page)) {
        tried.add(page.path);
        outcome.fellBack.push({ page, reason });
        queue.unshift(page);
        return;
      }
      input.lastResort(page, reason);
      outcome.failed.push({ page, reason });
      done({ page, fingerprint: undefined, kept: false });
    };
    const start = ({ worker, port: port1, error }: Spawned) => {
      running++;
      if (error !== undefined) return fail(error);
      worker.postMessage(setup);
      let batch: PageJob[] = [];
      let current: number | undefined;
      let started = 0; // pages started: tells a deadline whether its page is still the one rendering
      const limit = workerDeadline(deadline); // on the worker thread's CPU time, once it has said where to read it
      const stop = () => {
        limit.close();
        port1.close();
        stops.delete(stop);
        void worker.terminate();
      };
      stops.add(stop);
      const feed = (): void => {
        if (queue.length === 0 && gate) {
          // The pages waiting for the gate join the queue once it opens; every worker free by then waits for it.
          const opening = gate;
          void opening.then(
            () => {
              if (gate === opening) {
                gate = undefined;
                queue.push(...gated);
              }
              feed();
            },
            (err: unknown) => fail(err),
          );
          return;
        }
        batch = queue.splice(0, batchLength(queue, input.reuse?.previous));
        if (batch.length === 0) {
          stop();
          running--;
          return finish();
        }
        const previous = batch.map((p) => input.reuse?.previous.get(p.path));
        worker.postMessage({ pages: batch, previous } satisfies PagesBatch);
      };
      const progress = (p: PagesProgress) => {
        limit.cancel();
        if ('thread' in p) return limit.clockAt(p.thread);
        if ('batch' in p) {
          growing();
          return feed();
        }
        if ('start' in p) {
          current = p.start;
          const armed = ++started;
          limit.arm(() => overdue(armed));
          return;
        }
        if ('keptPages' in p) {
          for (const [end, fingerprint] of p.keptPages) progress({ end, fingerprint, kept: true });
          return;
        }
        current = undefined;
        if (p.kept) kept++;
        else renders++;
        const page = batch[p.end]!;
        if (p.error !== undefined) recover(page, p.error);
        else done({ page, fingerprint: p.fingerprint, kept: p.kept === true });
      };
      const overdue = (armed: number) => {
        // This thread may have been busy while the page finished: read what the worker reported since.
        for (let m = receiveMessageOnPort(port1); m; m = receiveMessageOnPort(port1)) progress(m.message as PagesProgress);
        if (started !== armed || current === undefined) return;
        const page = batch[current]!;
        queue.unshift(...batch.slice(current + 1));
        stop();
        running--;
        recover(page, `still rendering after ${deadline / 1000} s`);
        start(spawn());
      };
      port1.on('message', progress);
      worker.on('error', fail);
      feed();
    };
    threads.forEach(start);
  });
}
