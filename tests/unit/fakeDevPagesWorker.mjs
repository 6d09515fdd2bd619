// A page thread for tests/unit/devPages.test.ts, speaking devPagesWorker.ts's protocol without the compiled site, so
// that nothing in the test depends on the machine's speed:
// - a URL containing `hang` reports its start (the pool arms the page's deadline only then) and never finishes (it
//   waits on a lock nobody releases, without spinning);
// - any other URL is answered at once, without its start, so no deadline is ever armed for it: its body names the
//   thread, the data's folder, the base and the data's generation the thread was last given, and the URL (a URL
//   containing `new-since-0` is a 404 page in the data of generation 0: a page the last run's data does not have);
//   data given with the site warmed ahead (`ahead`) adds `ahead <token> <head length>+<rest length>` when the thread
//   was given that token's head, `ahead <token> unwarmed` when not;
// - workerData.appDir (the compiled site's folder, unused here): a thread throws as it loads while a file of that
//   name exists, and removes it (so the thread started after it loads).
import { Buffer } from 'node:buffer';
import { existsSync, rmSync } from 'node:fs';
import { parentPort, threadId, workerData } from 'node:worker_threads';

if (workerData.appDir && existsSync(workerData.appDir)) {
  rmSync(workerData.appDir);
  throw new Error('the compiled site could not be loaded');
}
const lock = new Int32Array(new SharedArrayBuffer(4));
let data;
let warmed;
let shownAhead = '';
parentPort.on('message', (message) => {
  if ('head' in message) return void (warmed = message);
  if ('data' in message) {
    const { ahead } = message;
    shownAhead = !ahead ? '' : ` ahead ${ahead.token} ${warmed?.token === ahead.token ? `${warmed.head.length}+${ahead.rest.length}` : 'unwarmed'}`;
    warmed = undefined;
    return void (data = message);
  }
  const { id, url } = message;
  if (url.includes('hang')) {
    parentPort.postMessage({ start: id });
    Atomics.wait(lock, 0, 0);
  }
  const body = Buffer.from(`thread ${threadId} dir ${data?.data.dataDir} base ${data?.base} generation ${data?.data.generation}${shownAhead} ${url}`);
  const status = url.includes('new-since-0') && data?.data.generation === 0 ? 404 : 200;
  parentPort.postMessage({ id, status, headers: [['content-type', 'text/html']], body: new Uint8Array(body) });
});
