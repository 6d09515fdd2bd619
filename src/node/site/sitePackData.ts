import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildPackData, type PackData } from '../../core/context/buildPackData.js';
import { packDataKey, readPackData, savePackData } from '../context/cachedPackData.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { noteHtmlDir } from './noteHtmlCache.js';

/** The inputs of buildPackData, as a worker receives them (a Map does not cross threads as cheaply). */
export interface PackDataJob {
  index: KbIndex;
  bodies: [string, string][];
}

/**
 * Between these sizes the pack data is built in a worker thread. Below, it is quick enough in the build's own
 * thread when a page first asks for it; above, the worker's copy of every body (structured clone) would cost
 * more memory than the time it saves is worth (100,000 notes: ~700 MB of bodies, twice).
 */
const WORKER_NOTES = { from: 1000, to: 30_000 };

// Started by the content loader, awaited by the pack pages and endpoints; on globalThis because they load this
// module through different bundles of the one build process.
const MEMO = Symbol.for('kb-portal.sitePackData');
interface Memo {
  index: KbIndex;
  bodies: ReadonlyMap<string, string>;
  data: Promise<PackData>;
}
const store = globalThis as unknown as Record<symbol, Memo | undefined>;

/**
 * The site's pack data (kb-pack-data.json, every configured pack): from the cache beside the note HTML when the
 * index and bodies are unchanged, else built once — in a worker thread for a big folder, started from the
 * content loader so that it runs while Astro bundles the site instead of after.
 */
export function sitePackData(index: KbIndex, bodies: ReadonlyMap<string, string>, workerUrl?: URL): Promise<PackData> {
  const memo = store[MEMO];
  if (memo?.index === index && memo.bodies === bodies) return memo.data;
  const key = packDataKey(index, bodies);
  const dir = join(noteHtmlDir(), '..', 'kb-pack-data');
  const cached = readPackData(dir, key);
  const data = cached
    ? Promise.resolve(cached)
    : workerUrl && index.notes.length >= WORKER_NOTES.from && index.notes.length <= WORKER_NOTES.to
      ? inWorker(workerUrl, { index, bodies: [...bodies] })
      : Promise.resolve().then(() => buildPackData(index, bodies));
  const saved = cached ? data : data.then((d) => (savePackData(dir, key, d), d));
  saved.catch(() => undefined); // the page that awaits it reports the error
  store[MEMO] = { index, bodies, data: saved };
  return saved;
}

function inWorker(workerUrl: URL, job: PackDataJob): Promise<PackData> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, { workerData: job });
    worker.once('message', (data: PackData) => {
      resolve(data);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pack data worker stopped (exit code ${code})`)));
  });
}
