// An MDX check worker for tests/unit/mdxDeadline.test.ts: the real trial compile, except that a body containing
// HANG never finishes (it waits on a lock nobody releases), so only the deadline ends it.
import { parentPort } from 'node:worker_threads';
import { compileVerdict } from '../../lib/node/site/checkMdx.js';

const lock = new Int32Array(new SharedArrayBuffer(4));

parentPort.on('message', (request) => {
  if (request.body.includes('HANG')) Atomics.wait(lock, 0, 0);
  void compileVerdict(request.body).then((verdict) => parentPort.postMessage({ i: request.i, ...verdict }));
});
parentPort.postMessage({ ready: true });
