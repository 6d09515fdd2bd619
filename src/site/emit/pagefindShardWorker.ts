// A thread of the search stage (pagefindShards.ts): its own Pagefind service, indexing the shards it is sent one after
// the other, each read from the output folder and written to its bundle folder.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort } from 'node:worker_threads';
import * as pagefind from 'pagefind';
import { indexShard, type ShardWorkerReply, type ShardWorkerRequest } from './pagefindShards.js';

parentPort!.on('message', (request: ShardWorkerRequest | null) => {
  // null: no more shards; Pagefind's service process ends before the thread does.
  if (request === null) return void pagefind.close().then(() => parentPort!.postMessage({ ok: true } satisfies ShardWorkerReply));
  const { job, outDir, base } = request;
  const contents = job.pages.map((page) => readFileSync(join(outDir, page)));
  indexShard(job.pages, contents, base, job.target).then(
    () => parentPort!.postMessage({ ok: true } satisfies ShardWorkerReply),
    (err: unknown) => parentPort!.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) } satisfies ShardWorkerReply),
  );
});
