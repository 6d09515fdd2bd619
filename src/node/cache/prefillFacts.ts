import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { scanLinks } from '../../core/links/scanLinks.js';
import { stripComments } from '../../core/model/stripComments.js';
import { countTokens } from '../../core/tokens/countTokens.js';
import { nodeFs } from '../fs/kbFs.js';
import { normaliseSourceText } from '../parseSourceText.js';
import { decodeSource, readSourceBytes } from '../readSourceFile.js';
import { secretPolicyOf } from '../security/redactSecrets.js';
import { bodyOf, factsFor, fileReadingKey, type FileReading, type FileReadingStore } from './fileReading.js';

/** What a prefill is asked: the folder, the files to read (relative paths), the secret policy as configured. */
export interface PrefillJob {
  kbDir: string;
  paths: readonly string[];
  secrets: { allowAll: boolean; allow: readonly string[] };
  /** Scan each body's links too (the reading was asked for them: FileReading.links). Default: no. */
  links?: boolean | undefined;
}

/** How the work is shared; the defaults suit a CLI run. */
export interface PrefillOptions {
  /** Below this many files the threads' start-up costs more than they save. */
  minFiles: number;
  /** Worker threads beside this one (0: none). */
  workers: number;
  /** Whether this thread takes files too (a test sets false to make the workers do all of it). */
  mainTakes: boolean;
}

export const DEFAULT_PREFILL: PrefillOptions = {
  minFiles: 400,
  workers: Math.min(3, Math.max(0, availableParallelism() - 1)),
  mainTakes: true,
};

/** One file's facts as a worker sends them back. */
export type Prefilled = [key: string, facts: FileReading];

const WORKER = new URL('./prefillWorker.js', import.meta.url);

/**
 * Derive the facts of many files at once (secret scan, YAML, the frontmatter schema, the body scan, the o200k
 * token count and, when asked, the links: the cold index's CPU) in worker threads beside this one, and put them
 * in `store`; the reading that follows finds them there and only reads and hashes each file. This thread and the workers
 * take files from one shared counter, so a worker still starting up takes fewer. Nothing here decides what is
 * read: `paths` are the files the reading will read, and a file this skips (too large, binary, unreadable) is
 * skipped and reported by the reading as before. Returns how many files the workers did (0 when not worth it,
 * or when running from TypeScript sources, where there is no compiled worker).
 */
export function prefillFacts(job: PrefillJob, store: FileReadingStore, options: Partial<PrefillOptions> = {}): number {
  const o = { ...DEFAULT_PREFILL, ...options };
  if (o.workers < 1 || job.paths.length < o.minFiles || !existsSync(fileURLToPath(WORKER))) return 0;
  const next = new Int32Array(new SharedArrayBuffer(4));
  const running = o.workers;
  const done = new Int32Array(new SharedArrayBuffer(4 * running));
  const channels = Array.from({ length: running }, () => new MessageChannel());
  const workers = channels.map(
    (c, w) => new Worker(WORKER, { workerData: { job, next, done, slot: w, port: c.port2 }, transferList: [c.port2], stdout: false, stderr: false }),
  );
  const started = Date.now();
  if (o.mainTakes) takeFiles(job, next, (key, facts) => store.set(key, facts));
  let byWorkers = 0;
  for (let w = 0; w < running; w++) {
    // A worker that died mid-way leaves its files to the reading, which derives what it does not find.
    Atomics.wait(done, w, 0, 10_000 + 2 * (Date.now() - started));
    for (let m = receiveMessageOnPort(channels[w]!.port1); m; m = receiveMessageOnPort(channels[w]!.port1)) {
      for (const [key, facts] of m.message as Prefilled[]) store.set(key, facts);
      byWorkers += (m.message as Prefilled[]).length;
    }
    void workers[w]!.terminate();
    channels[w]!.port1.close();
  }
  return byWorkers;
}

/** Take files from the shared counter until none is left, handing each one's facts to `put`. */
export function takeFiles(job: PrefillJob, next: Int32Array, put: (key: string, facts: FileReading) => void): void {
  const policy = secretPolicyOf(job.secrets);
  for (let i = Atomics.add(next, 0, 1); i < job.paths.length; i = Atomics.add(next, 0, 1)) {
    const found = factsOfFile(job, job.paths[i]!, policy);
    if (found) put(...found);
  }
}

/** As readSource derives them (and tokensFor counts them, linksFor scans them); undefined for a file readSource leaves out. */
function factsOfFile(job: PrefillJob, path: string, policy: Parameters<typeof factsFor>[4]): Prefilled | undefined {
  const abs = join(job.kbDir, path);
  const read = readSourceBytes(nodeFs, abs);
  if ('rule' in read) return undefined;
  const { buf } = read;
  const { text } = decodeSource(buf);
  const key = fileReadingKey(buf, abs);
  const normalised = normaliseSourceText(text);
  const facts = factsFor(undefined, key, normalised, abs, policy);
  const body = stripComments(bodyOf(facts, normalised).body);
  facts.tokens = countTokens(body);
  if (job.links) facts.links = scanLinks(body);
  return [key, facts];
}
