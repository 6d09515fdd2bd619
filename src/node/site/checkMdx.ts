// Whether each `.mdx` note compiles, before Astro is given it. MDX keeps its own (micromark-based) compiler, which
// can take minutes on a note shaped to make a parser quadratic, and Astro's own compile of it cannot be stopped.
// So the trial compile runs in a worker thread with the render deadline: a note still compiling at the deadline
// is not given to Astro; its worker is stopped and the note is rendered as Markdown (in linear time), like a note
// that does not compile, and the build's summary names it.
import { compile } from '@mdx-js/mdx';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { mdxCodeCheck, MdxCodeError } from './mdxCodeCheck.js';

/**
 * One note's verdict: it compiles, it does not (the compiler's first line), it holds code the build does not run
 * (mdxCodeCheck.ts: what, and its body line), or it was still compiling at the deadline.
 */
export type MdxVerdict = CompileVerdict | { ok: false; timedOut: true };
type CompileVerdict = { ok: true } | { ok: false; reason: string; code?: { what: string; line: number; kind: 'code' | 'html' } };

/** What the worker is posted, and what it answers. */
export interface MdxCheckRequest {
  i: number;
  body: string;
  /** `--trust-html`: the note's JavaScript runs as written (no mdxCodeCheck). */
  trust: boolean;
}
export type MdxCheckReply = ({ i: number } & CompileVerdict) | { ready: true };

export interface MdxCheckOptions {
  /** How long one note may compile (ms); 0: no deadline, compiled in this thread. */
  deadlineMs: number;
  /** The worker module (tests pass their own); default checkMdxWorker.js beside this module, once compiled. */
  workerUrl?: URL | undefined;
  /** `--trust-html`: the notes' JavaScript runs as written. Default false: only data (mdxCodeCheck.ts). */
  trust?: boolean | undefined;
}

const WORKER = new URL('./checkMdxWorker.js', import.meta.url);

/** The first line of a compile error: what the build's warning quotes. Untrusted, the note's code is checked too. */
export async function compileVerdict(body: string, trust = false): Promise<CompileVerdict> {
  try {
    await compile(body, trust ? {} : { remarkPlugins: [mdxCodeCheck] });
    return { ok: true };
  } catch (err) {
    const cause = err instanceof MdxCodeError ? err : (err as { cause?: unknown }).cause;
    if (cause instanceof MdxCodeError) return { ok: false, reason: cause.message, code: { what: cause.what, line: cause.line, kind: cause.kind } };
    return { ok: false, reason: (err as Error).message.split('\n')[0] ?? 'unknown error' };
  }
}

/** Each body's verdict, in order. Without a deadline (or a compiled worker, as under the unit tests' sources), in this thread. */
export async function checkMdx(bodies: readonly string[], options: MdxCheckOptions): Promise<MdxVerdict[]> {
  const url = options.workerUrl ?? WORKER;
  if (bodies.length === 0) return [];
  if (options.deadlineMs <= 0 || (url.protocol === 'file:' && !existsSync(fileURLToPath(url)))) {
    const verdicts: MdxVerdict[] = [];
    for (const body of bodies) verdicts.push(await compileVerdict(body, options.trust ?? false));
    return verdicts;
  }
  return inWorker(bodies, url, options.deadlineMs, options.trust ?? false);
}

/** One worker compiles the notes one after the other; a note past the deadline stops it, and a new one takes the rest. */
function inWorker(bodies: readonly string[], url: URL, deadlineMs: number, trust: boolean): Promise<MdxVerdict[]> {
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
        worker.postMessage({ i: current, body: bodies[current]!, trust } satisfies MdxCheckRequest);
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
        const { i, ...verdict } = reply;
        verdicts[i] = verdict;
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
