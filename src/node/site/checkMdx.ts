// Whether each `.mdx` note compiles, before Astro is given it. MDX keeps its own (micromark-based) compiler, which
// can take minutes on a note shaped to make a parser quadratic, and Astro's own compile of it cannot be stopped.
// So the trial compile runs in a worker thread with the render deadline: a note still compiling at the deadline
// is not given to Astro; its worker is stopped and the note is rendered as Markdown (in linear time), like a note
// that does not compile, and the build's summary names it.
import { compile } from '@mdx-js/mdx';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** One note's verdict: it compiles, it does not (the compiler's first line), or it was still compiling at the deadline. */
export type MdxVerdict = { ok: true } | { ok: false; reason: string } | { ok: false; timedOut: true };

/** What the worker is posted, and what it answers. */
export interface MdxCheckRequest {
  i: number;
  body: string;
}
export type MdxCheckReply = { i: number; ok: true } | { i: number; ok: false; reason: string } | { ready: true };

export interface MdxCheckOptions {
  /** How long one note may compile (ms); 0: no deadline, compiled in this thread. */
  deadlineMs: number;
  /** The worker module (tests pass their own); default checkMdxWorker.js beside this module, once compiled. */
  workerUrl?: URL | undefined;
}

const WORKER = new URL('./checkMdxWorker.js', import.meta.url);

/** The first line of a compile error: what the build's warning quotes. */
export async function compileVerdict(body: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await compile(body);
    return { ok: true };
  } catch (err) {
    return { ok: false, reason: (err as Error).message.split('\n')[0] ?? 'unknown error' };
  }
}

/** Each body's verdict, in order. Without a deadline (or a compiled worker, as under the unit tests' sources), in this thread. */
export async function checkMdx(bodies: readonly string[], options: MdxCheckOptions): Promise<MdxVerdict[]> {
  const url = options.workerUrl ?? WORKER;
  if (bodies.length === 0) return [];
  if (options.deadlineMs <= 0 || (url.protocol === 'file:' && !existsSync(fileURLToPath(url)))) {
    const verdicts: MdxVerdict[] = [];
    for (const body of bodies) verdicts.push(await compileVerdict(body));
    return verdicts;
  }
  return inWorker(bodies, url, options.deadlineMs);
}

/** One worker compiles the notes one after the other; a note past the deadline stops it, and a new one takes the rest. */
function inWorker(bodies: readonly string[], url: URL, deadlineMs: number): Promise<MdxVerdict[]> {
  const verdicts: (MdxVerdict | undefined)[] = bodies.map(() => undefined);
  let next = 0;
  return new Promise((resolve, reject) => {
    const start = () => {
      const worker = new Worker(url);
      let timer: NodeJS.Timeout | undefined;
      let current = -1;
      const post = () => {
        if (next >= bodies.length) {
          void worker.terminate();
          resolve(verdicts as MdxVerdict[]);
          return;
        }
        current = next++;
        worker.postMessage({ i: current, body: bodies[current]! } satisfies MdxCheckRequest);
        timer = setTimeout(() => {
          verdicts[current] = { ok: false, timedOut: true };
          worker.removeAllListeners();
          void worker.terminate();
          start();
        }, deadlineMs);
      };
      worker.on('message', (reply: MdxCheckReply) => {
        // The deadline counts from the compiler's readiness, not from the thread's start-up and module loading.
        if ('ready' in reply) return post();
        if (reply.i !== current) return;
        clearTimeout(timer);
        verdicts[reply.i] = reply.ok ? { ok: true } : { ok: false, reason: reply.reason };
        post();
      });
      worker.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    };
    start();
  });
}
