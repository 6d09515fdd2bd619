// A render pool worker for tests/unit/renderDeadline.test.ts: the real renderer, except that a note containing
// HANG never finishes (it waits on a lock nobody releases, without spinning), so only the deadline ends it.
import { rendererFor } from '../../lib/node/site/noteRenderer.js';
import { serveRenderJobs } from '../../lib/node/site/serveRenderJobs.js';

const lock = new Int32Array(new SharedArrayBuffer(4));

serveRenderJobs((setup) => {
  const render = rendererFor(setup);
  return (job) => {
    if (job.markdown.includes('HANG')) Atomics.wait(lock, 0, 0);
    return render(job);
  };
});
