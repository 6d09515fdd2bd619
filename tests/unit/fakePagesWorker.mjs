// A page thread for tests/unit/renderPagesDeadline.test.ts, speaking renderPagesWorker.ts's protocol without the
// compiled site, so that nothing in the test depends on the machine's speed:
// - a page whose path contains `hang` reports its start (the pool arms its deadline only then) and never finishes (it
//   waits on a lock nobody releases, without spinning), unless its note was put as text (a `<path>.text` file beside
//   the output, written by the test's fallback), or its path contains `always`;
// - a page whose path contains `fail` reports an error;
// - a page whose path contains `kept` is reported kept (as a page whose fingerprint did not change);
// - each thread, given the data, leaves a file named after it in `<outDir>/threads/`;
// - any other page is written at once as `<path>: rendered` (or `: as text`), and only its end is reported, so no
//   deadline is ever armed for it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parentPort, threadId, workerData } from 'node:worker_threads';

const { progress } = workerData;
const lock = new Int32Array(new SharedArrayBuffer(4));
let outDir;
const file = (path) => join(outDir, path === '404' ? '404.html' : `${path}index.html`);
parentPort.on('message', (message) => {
  if ('data' in message) {
    outDir = message.outDir;
    mkdirSync(join(outDir, 'threads'), { recursive: true });
    return writeFileSync(join(outDir, 'threads', String(threadId)), '');
  }
  message.pages.forEach((page, i) => {
    if (page.path.includes('kept')) return progress.postMessage({ end: i, fingerprint: 'unchanged', kept: true });
    const asText = existsSync(join(outDir, `${page.path.replace(/\/$/, '')}.text`));
    if (page.path.includes('hang') && (!asText || page.path.includes('always'))) {
      progress.postMessage({ start: i });
      Atomics.wait(lock, 0, 0);
    }
    if (page.path.includes('fail') && !asText) return progress.postMessage({ end: i, error: 'Error: the page failed' });
    mkdirSync(dirname(file(page.path)), { recursive: true });
    writeFileSync(file(page.path), `${page.path}: ${asText ? 'as text' : 'rendered'}`);
    progress.postMessage({ end: i });
  });
  progress.postMessage({ batch: 'done' });
});
