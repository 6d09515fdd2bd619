// `kb dev`'s pages, rendered in a thread of their own (devPagesWorker.ts): it loads the compiled site, every route's
// module included, on the other core while the server's thread loads the build's modules and indexes the folder, and a
// page that renders too long is stopped there without holding the server (the thread is started again).
import { Worker } from 'node:worker_threads';
import { workerDeadline } from '../../node/threadCpuClock.js';
import type { PortalRuntimeConfig } from '../../core/site/portalData.js';

/** The thread's data: the compiled site's folder (tests), undefined for the one the package ships. */
export interface DevPagesWorkerData {
  appDir?: string | undefined;
}

/**
 * To the thread: the site's base and its data (the first, and after each change of the folder: `ahead`, the data
 * warmed ahead as `token` and the rest of it), the `site.json` head of data being prepared (warmed ahead), or a
 * page to render.
 */
export type DevPagesRequest =
  { base: string; data: PortalRuntimeConfig; ahead?: DataAhead | undefined } | { token: number; head: string } | { id: number; url: string };

/** The data warmed ahead (DevPages.warmAhead) that `setData` points the pages at, with the rest of it (PortalDataRest as JSON). */
export interface DataAhead {
  token: number;
  rest: string;
}

/** From the thread: where its CPU clock is read (once), a page started, a page rendered (its body whole), or why it was not. */
export type DevPagesReply =
  { thread: string } | { start: number } | { id: number; status: number; headers: [string, string][]; body: Uint8Array } | { id: number; error: string };

/** A page as the server sends it on. */
export interface DevPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The data it was rendered from (the last given before the thread began it), a failed page's too; undefined before any. */
  data?: PortalRuntimeConfig | undefined;
}

export interface DevPages {
  /**
   * Points the pages at the folder's data (again after each change): pages asked for afterwards read it. `ahead`: that
   * data was warmed ahead (warmAhead), and this is the rest of it.
   */
  setData: (base: string, data: PortalRuntimeConfig, ahead?: DataAhead) => void;
  /**
   * The `site.json` head (siteDataJson) of the data the server is preparing: the thread builds that data's site model,
   * link graph and sidebar now, while the server makes the rest (pages asked for meanwhile show the data before).
   */
  warmAhead: (token: number, head: string) => void;
  /** One page, whole. */
  render: (url: string) => Promise<DevPage>;
  close: () => Promise<void>;
}

/**
 * Starts the page thread now. Pages render one at a time, in the order asked; one still rendering after `deadlineMs`
 * of the thread's CPU (0: no deadline) is answered with a 500 page that says so, and the thread is started again.
 */
export function startDevPages({
  deadlineMs,
  appDir,
  workerUrl = new URL('./devPagesWorker.js', import.meta.url),
}: {
  deadlineMs: number;
  appDir?: string | undefined;
  /** The thread's module (tests give one of their own). */
  workerUrl?: URL | undefined;
}): DevPages {
  let setup: { base: string; data: PortalRuntimeConfig } | undefined;
  let thread: { worker: Worker; deadline: ReturnType<typeof workerDeadline> } | undefined;
  let nextId = 0;
  let closed = false;
  type Job = { id: number; url: string; done: (page: DevPage) => void; failed: (err: Error) => void; data?: PortalRuntimeConfig | undefined };
  const queue: Job[] = [];
  let current: Job | undefined;

  const failPage = (status: number, text: string): DevPage => ({
    status,
    headers: [['content-type', 'text/plain; charset=utf-8']],
    body: Buffer.from(text),
  });
  const spawn = () => {
    const worker = new Worker(workerUrl, { workerData: { appDir } satisfies DevPagesWorkerData });
    const deadline = workerDeadline(deadlineMs);
    const own = { worker, deadline };
    worker.on('message', (reply: DevPagesReply) => {
      if ('thread' in reply) return deadline.clockAt(reply.thread);
      if ('start' in reply) return reply.start === current?.id ? armDeadline(own, current) : undefined;
      if (!current || reply.id !== current.id) return;
      deadline.cancel();
      const job = current;
      current = undefined;
      if ('error' in reply) job.done({ ...failPage(500, reply.error), data: job.data });
      else
        job.done({
          status: reply.status,
          headers: reply.headers,
          body: Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength),
          data: job.data,
        });
      next();
    });
    // A thread that failed (it could not load the site) or was stopped: the page it had fails, the next one starts a new thread.
    const ended = (why: string) => {
      if (thread !== own) return;
      thread = undefined;
      deadline.close();
      const job = current;
      current = undefined;
      job?.done({ ...failPage(500, why), data: job.data });
      if (!closed) next();
    };
    worker.on('error', (err) => ended(`kb dev: the page thread failed: ${err.message}`));
    worker.on('exit', () => ended('kb dev: the page thread stopped'));
    if (setup) worker.postMessage(setup satisfies DevPagesRequest);
    return own;
  };
  const next = () => {
    if (current || closed) return;
    const job = queue.shift();
    if (!job) return;
    thread ??= spawn();
    current = job;
    job.data = setup?.data;
    thread.worker.postMessage({ id: job.id, url: job.url } satisfies DevPagesRequest);
  };
  // Armed when the thread starts the page (after it has loaded the site and taken the data): the page's own time.
  const armDeadline = (own: NonNullable<typeof thread>, job: Job) =>
    own.deadline.arm(() => {
      if (thread !== own || current !== job) return;
      current = undefined;
      thread = undefined;
      own.deadline.close();
      void own.worker.terminate();
      job.done({
        ...failPage(
          500,
          `kb dev: this page was still rendering after ${deadlineMs / 1000} s and was stopped (a note on it may be too large or hostile); the page thread was started again.`,
        ),
        data: job.data,
      });
      next();
    });

  thread = spawn();
  return {
    setData(base, data, ahead) {
      setup = { base, data };
      // A thread started again after this reads the data as written (it has not warmed it ahead).
      thread?.worker.postMessage({ ...setup, ahead } satisfies DevPagesRequest);
    },
    warmAhead(token, head) {
      thread?.worker.postMessage({ token, head } satisfies DevPagesRequest);
    },
    render(url) {
      return new Promise<DevPage>((done, failed) => {
        if (closed) return failed(new Error('kb dev: the server is closing'));
        queue.push({ id: nextId++, url, done, failed });
        next();
      });
    },
    async close() {
      closed = true;
      for (const job of [...(current ? [current] : []), ...queue.splice(0)]) job.failed(new Error('kb dev: the server is closing'));
      current = undefined;
      const own = thread;
      thread = undefined;
      own?.deadline.close();
      await own?.worker.terminate();
    },
  };
}
