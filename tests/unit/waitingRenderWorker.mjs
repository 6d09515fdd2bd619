// A render pool worker for tests/unit/renderCpuDeadline.test.ts: the pool's real worker body (serveRenderJobs.ts,
// which tells the pool where to read this thread's CPU time) with the real renderer, except that a note containing
// WAIT first waits, using no CPU, until the test releases the lock it passed in the setup (`lock`). Before it waits
// it says so on the broadcast channel WAIT_CHANNEL. A waiting note stands for a note slowed down by a busy machine.
import { BroadcastChannel, workerData } from 'node:worker_threads';
import { rendererFor } from '../../lib/node/site/noteRenderer.js';
import { serveRenderJobs } from '../../lib/node/site/serveRenderJobs.js';

const WAIT_CHANNEL = 'kb-test-render-wait';
const waits = new BroadcastChannel(WAIT_CHANNEL);
const lock = new Int32Array(workerData.setup.lock);

serveRenderJobs((setup) => {
  const render = rendererFor(setup);
  return (job) => {
    if (job.markdown.includes('WAIT')) {
      waits.postMessage({ path: job.path });
      Atomics.wait(lock, 0, 0);
    }
    return render(job);
  };
});
