import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildPackData, PACK_DATA_VERSION, type PackData } from '../../core/context/buildPackData.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { noteHtmlDir } from './noteHtmlCache.js';

/** The inputs of buildPackData, as a worker receives them (a Map does not cross threads as cheaply). */
export interface PackDataJob {
  index: KbIndex;
  bodies: [string, string][];
}

/** Below this many notes the pack data is built in the build's own thread, when a page first asks for it. */
const WORKER_FROM_NOTES = 1000;

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
  const cached = readCached(dir, key);
  const data = cached
    ? Promise.resolve(cached)
    : workerUrl && index.notes.length >= WORKER_FROM_NOTES
      ? inWorker(workerUrl, { index, bodies: [...bodies] })
      : Promise.resolve().then(() => buildPackData(index, bodies));
  const saved = cached ? data : data.then((d) => (save(dir, key, d), d));
  saved.catch(() => undefined); // the page that awaits it reports the error
  store[MEMO] = { index, bodies, data: saved };
  return saved;
}

function packDataKey(index: KbIndex, bodies: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256').update(`${PACK_DATA_VERSION}\0`).update(JSON.stringify(index)).update('\0');
  for (const n of index.notes) hash.update(bodies.get(n.path) ?? '').update('\0');
  return hash.digest('hex').slice(0, 32);
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

function readCached(dir: string, key: string): PackData | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, `${key}.json`), 'utf8')) as PackData;
  } catch {
    return undefined;
  }
}

/** One entry: the latest. Written beside its name and renamed, so a concurrent reader never sees half a file. */
function save(dir: string, key: string, data: PackData): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `${key}.${process.pid}.tmp`);
  writeFileSync(tmp, JSON.stringify(data));
  renameSync(tmp, join(dir, `${key}.json`));
  for (const name of readdirSync(dir)) if (name !== `${key}.json` && !name.endsWith('.tmp')) rmSync(join(dir, name), { force: true });
}
