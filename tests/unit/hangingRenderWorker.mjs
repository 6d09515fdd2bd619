// A render pool worker for tests/unit/renderDeadline.test.ts: the real renderer, and the pool's protocol
// (serveRenderJobs.ts), except for two things that take the machine's speed out of the test:
// - a note containing HANG never finishes (it waits on a lock nobody releases, without spinning); before it
//   waits, its start is reported to the pool and it says so on the broadcast channel HANG_CHANNEL;
// - any other note reports only its end, once it is written, so the pool never arms a deadline for it.
// So every deadline the pool arms belongs to a note that hangs, and the test lets (fake) time pass only then.
import { BroadcastChannel, parentPort, threadId, workerData } from 'node:worker_threads';
import { writeNoteHtml } from '../../lib/node/site/noteHtmlCache.js';
import { rendererFor } from '../../lib/node/site/noteRenderer.js';
import { renderTempTag } from '../../lib/node/site/serveRenderJobs.js';

const HANG_CHANNEL = 'kb-test-render-hang';

const lock = new Int32Array(new SharedArrayBuffer(4));
const hangs = new BroadcastChannel(HANG_CHANNEL);
const { setup, progress } = workerData;
const render = rendererFor(setup);

parentPort.on('message', (jobs) => {
  jobs.forEach((job, i) => {
    if (job.markdown.includes('HANG')) {
      progress.postMessage({ start: i });
      hangs.postMessage({ path: job.path });
      Atomics.wait(lock, 0, 0);
    }
    writeNoteHtml(setup.dir, job.key, render(job), renderTempTag(threadId));
    progress.postMessage({ end: i });
  });
});
