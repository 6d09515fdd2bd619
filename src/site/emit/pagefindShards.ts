// Build stage 4: full-text search. Pagefind (through its Node API) indexes the note pages. It holds ~300 kB per
// page while indexing (2.9 GB at 10,000 notes), so above `shardPages` pages it indexes them in shards, one after
// the other, each into its own bundle (`pagefind/`, `pagefind-2/`, …); `pagefind/kb-shards.json` names the
// others and the search page merges them. A page goes to a shard by a hash of its path (searchShardPlan.ts), so an
// edit, addition or removal changes one shard; a shard whose pages are byte-identical to an earlier build's is
// reused from the cache.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { PAGEFIND_SHARD_LIST, pagefindBundleName } from '../../core/searchPages/pagefindShardList.js';
import { searchableHtml } from '../../core/searchPages/searchableHtml.js';
import { fragmentFiles, planSearchShards } from '../../core/searchPages/searchShardPlan.js';
import { pagefindCodeHash } from '../../node/cache/cacheCode.js';
import { linkTree } from '../../node/linkTree.js';

export interface PagefindInput {
  /** The output folder. */
  outDir: string;
  /** The note pages, relative to outDir (`kb/notes/a/index.html`). */
  pages: string[];
  /** URL path of outDir's root on the site (the site's base). */
  base: string;
  /** Where the Pagefind bundles go, relative to outDir (`pagefind/` under the portal's prefix). */
  bundleDir: string;
  /** Shard cache folder. */
  cacheDir: string;
  /** Pages per shard; default by the number of pages. */
  shardPages: number | undefined;
  /** Threads indexing shards at once (default: one per core). */
  workers?: number | undefined;
  log: (line: string) => void;
}

/** Pagefind's package.json (its version): part of every shard's cache key. Found as Node finds the package. */
export function pagefindVersion(): string {
  const manifest = (createRequire(import.meta.url).resolve.paths('pagefind') ?? [])
    .map((dir) => join(dir, 'pagefind', 'package.json'))
    .find((file) => existsSync(file));
  if (!manifest) throw new Error('Pagefind is not installed beside kb-portal: npm install pagefind');
  return readFileSync(manifest, 'utf8');
}

/** A shard's cache key: Pagefind's version, the bundle's name, the base, and each page's path and bytes in order. */
export function pagefindShardKey(version: string, name: string, base: string, pages: readonly string[], contents: readonly Uint8Array[]): string {
  const hash = createHash('sha256').update(`${version}\0${name}\0${base}\0`);
  pages.forEach((page, j) => hash.update(`${page}\0`).update(contents[j]!).update('\0'));
  return hash.digest('hex').slice(0, 24);
}

/** Pages sent to Pagefind and not yet answered, at most: enough to keep it busy, few enough to hold little memory. */
export const IN_FLIGHT = 16;

/** Indexes one shard's pages, in order, into a Pagefind bundle at `outputPath`. */
export async function indexShard(pages: readonly string[], contents: readonly Uint8Array[], base: string, outputPath: string): Promise<void> {
  const { index, errors } = await pagefind.createIndex({ maxFragments: fragmentFiles(pages.length) });
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  try {
    // Pages are sent ahead, up to IN_FLIGHT unanswered: Pagefind's service handles its messages one at a time, in
    // the order they come, so the bundle is the same as when each page waits for the one before it, but Pagefind no
    // longer idles while this thread (busy rendering pages) gets round to sending the next one.
    const answers: Promise<{ errors: string[] }>[] = [];
    const check = async (j: number) => {
      const { errors } = await answers[j]!;
      if (errors.length) throw new Error(`Pagefind could not index ${pages[j]}: ${errors.join('; ')}`);
    };
    for (const [j, page] of pages.entries()) {
      if (j >= IN_FLIGHT) await check(j - IN_FLIGHT);
      const answer = index.addHTMLFile({ url: `${base}${page.replace(/index\.html$/, '')}`, content: searchableHtml(utf8(contents[j]!)) });
      answer.catch(() => undefined); // awaited in order by check(); a failure after an earlier one is not unhandled
      answers.push(answer);
    }
    for (let j = Math.max(0, pages.length - IN_FLIGHT); j < pages.length; j++) await check(j);
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  } finally {
    await index.deleteIndex();
  }
}

const utf8 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');

export async function indexWithPagefind(input: PagefindInput): Promise<void> {
  const { outDir, pages, cacheDir, log } = input;
  const shards = planSearchShards(pages, input.shardPages);
  const names = shards.map((_, i) => pagefindBundleName(i));
  // Pagefind's version and the code that gives it the pages (searchableHtml.ts): a shard made by other code is not reused.
  const version = `${pagefindVersion()}\0${pagefindCodeHash()}`;
  const used = new Set<string>();
  const todo: ShardJob[] = [];
  for (const [i, shard] of shards.entries()) {
    const target = join(outDir, input.bundleDir.replace(/pagefind\/$/, ''), names[i]!);
    const contents = shard.map((page) => readFileSync(join(outDir, page)));
    const key = pagefindShardKey(version, names[i]!, input.base, shard, contents);
    used.add(key);
    if (existsSync(join(cacheDir, key, 'pagefind-entry.json'))) {
      linkTree(join(cacheDir, key), target);
      if (shards.length > 1) log(`pagefind shard ${i + 1}/${shards.length} unchanged, reused`);
    } else todo.push({ i, pages: shard, key, target });
  }
  const done = (job: ShardJob, seconds: string) => {
    if (shards.length > 1) log(`pagefind shard ${job.i + 1}/${shards.length} took ${seconds}s`);
    rmSync(join(cacheDir, job.key), { recursive: true, force: true });
    linkTree(job.target, join(cacheDir, job.key));
  };
  await indexShards(todo, { outDir, base: input.base, workers: input.workers }, done);
  if (existsSync(cacheDir)) for (const key of readdirSync(cacheDir)) if (!used.has(key)) rmSync(join(cacheDir, key), { recursive: true, force: true });
  const first = join(outDir, input.bundleDir);
  mkdirSync(first, { recursive: true });
  writeFileSync(join(first, PAGEFIND_SHARD_LIST), `${JSON.stringify(names.slice(1).map((n) => `${n}/`))}\n`);
}

/** A shard to index: its position, pages (relative to the output folder), cache key and bundle folder. */
export interface ShardJob {
  i: number;
  pages: string[];
  key: string;
  target: string;
}

/** What a shard worker (pagefindShardWorker.ts) is told, and answers. */
export interface ShardWorkerRequest {
  job: ShardJob;
  outDir: string;
  base: string;
}
export type ShardWorkerReply = { ok: true } | { ok: false; error: string };

/**
 * Indexes the shards, each as soon as a Pagefind is free. Pagefind's service handles one message at a time, so one
 * service indexes one page at a time: with more than one shard to index, each of `workers` threads (default one per
 * core) runs its own service. A shard's bundle depends only on its pages and their order, so the bundles are the same
 * whatever the number of threads.
 */
async function indexShards(
  todo: readonly ShardJob[],
  at: { outDir: string; base: string; workers?: number | undefined },
  done: (job: ShardJob, seconds: string) => void,
): Promise<void> {
  const threads = Math.min(todo.length, at.workers ?? availableParallelism());
  const url = new URL('./pagefindShardWorker.js', import.meta.url);
  if (threads <= 1 || (url.protocol === 'file:' && !existsSync(fileURLToPath(url)))) {
    try {
      for (const job of todo) {
        const started = Date.now();
        await indexShard(
          job.pages,
          job.pages.map((page) => readFileSync(join(at.outDir, page))),
          at.base,
          job.target,
        );
        done(job, ((Date.now() - started) / 1000).toFixed(1));
      }
    } finally {
      await pagefind.close();
    }
    return;
  }
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(url);
      const ask = (request: ShardWorkerRequest | null) =>
        new Promise<ShardWorkerReply>((resolve, reject) => {
          worker.once('message', (reply: ShardWorkerReply) => {
            worker.off('error', reject);
            resolve(reply);
          });
          worker.once('error', reject);
          worker.postMessage(request);
        });
      try {
        for (let job = queue.shift(); job; job = queue.shift()) {
          const started = Date.now();
          const reply = await ask({ job, outDir: at.outDir, base: at.base });
          if (!reply.ok) throw new Error(reply.error);
          done(job, ((Date.now() - started) / 1000).toFixed(1));
        }
        await ask(null);
      } finally {
        await worker.terminate();
      }
    }),
  );
}
