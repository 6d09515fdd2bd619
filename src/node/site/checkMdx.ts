// Whether each `.mdx` note compiles, before Astro is given it. MDX keeps its own (micromark-based) compiler, which
// can take minutes on a note shaped to make a parser quadratic, and Astro's own compile of it cannot be stopped.
// So the trial compile runs in a worker thread with the render deadline: a note still compiling at the deadline
// is not given to Astro; its worker is stopped and the note is rendered as Markdown (in linear time), like a note
// that does not compile, and the build's summary names it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { MdxNoteData } from '../../markdown/parseMdx.js';
import type { CompileVerdict } from './compileVerdict.js';
import { workerDeadline } from '../threadCpuClock.js';

/** One note's verdict (compileVerdict.ts), or: it was still compiling at the deadline. */
export type MdxVerdict = CompileVerdict | { ok: false; timedOut: true };

/** What the worker is posted, and what it answers. */
export interface MdxCheckRequest {
  i: number;
  body: string;
  /** `--trust-html`: the note's JavaScript runs as written (no mdxCodeCheck). */
  trust: boolean;
  /** The note's data, to read it as data (parseMdx.ts) as its page will. */
  data?: MdxNoteData | undefined;
}
/** A verdict, or the worker's readiness (with where its CPU time is read: threadCpuClock.ts). */
export type MdxCheckReply = ({ i: number } & CompileVerdict) | { ready: true; thread?: string | undefined };

export interface MdxCheckOptions {
  /** How long one note may compile (ms of the worker's CPU time, threadCpuClock.ts); 0: no deadline, compiled in this thread. */
  deadlineMs: number;
  /** The worker module (tests pass their own); default checkMdxWorker.js beside this module, once compiled. */
  workerUrl?: URL | undefined;
  /** `--trust-html`: the notes' JavaScript runs as written. Default false: only data (mdxCodeCheck.ts). */
  trust?: boolean | undefined;
}

const WORKER = new URL('./checkMdxWorker.js', import.meta.url);

/** A body, or a body with the note's data (read as the page will read it). */
export type MdxCheckInput = string | { body: string; data: MdxNoteData };

/** Each body's verdict, in order. Without a deadline (or a compiled worker, as under the unit tests' sources), in this thread. */
export async function checkMdx(inputs: readonly MdxCheckInput[], options: MdxCheckOptions): Promise<MdxVerdict[]> {
  const bodies = inputs.map((input) => (typeof input === 'string' ? { body: input, data: undefined } : input));
  const url = options.workerUrl ?? WORKER;
  if (bodies.length === 0) return [];
  if (options.deadlineMs <= 0 || (url.protocol === 'file:' && !existsSync(fileURLToPath(url)))) {
    // MDX's compiler is loaded when a note needs it (~0.3 s of module loading), not at every build's start.
    const { compileVerdict } = await import('./compileVerdict.js');
    const verdicts: MdxVerdict[] = [];
    for (const { body, data } of bodies) verdicts.push(await compileVerdict(body, options.trust ?? false, data));
    return verdicts;
  }
  return inWorker(bodies, url, options.deadlineMs, options.trust ?? false);
}

/** One worker compiles the notes one after the other; a note past the deadline stops it, and a new one takes the rest. */
function inWorker(bodies: readonly { body: string; data: MdxNoteData | undefined }[], url: URL, deadlineMs: number, trust: boolean): Promise<MdxVerdict[]> {
  const verdicts: (MdxVerdict | undefined)[] = bodies.map(() => undefined);
  let next = 0;
  return new Promise((resolve, reject) => {
    const start = () => {
      const worker = new Worker(url);
      const limit = workerDeadline(deadlineMs);
      let current = -1;
      const post = () => {
        if (next >= bodies.length) {
          limit.close();
          void worker.terminate();
          resolve(verdicts as MdxVerdict[]);
          return;
        }
        current = next++;
        worker.postMessage({ i: current, ...bodies[current]!, trust } satisfies MdxCheckRequest);
        limit.arm(() => {
          verdicts[current] = { ok: false, timedOut: true };
          worker.removeAllListeners();
          limit.close();
          void worker.terminate();
          start();
        });
      };
      worker.on('message', (reply: MdxCheckReply) => {
        // The deadline counts from the compiler's readiness, not from the thread's start-up and module loading.
        if ('ready' in reply) {
          if (reply.thread !== undefined) limit.clockAt(reply.thread);
          return post();
        }
        if (reply.i !== current) return;
        limit.cancel();
        const { i, ...verdict } = reply;
        verdicts[i] = verdict;
        post();
      });
      worker.on('error', (err) => {
        limit.close();
        reject(err);
      });
    };
    start();
  });
}
