// An MDX check worker for tests/unit/mdxDeadline.test.ts: the real trial compile, except that a body containing
// HANG never finishes (it waits on a lock nobody releases). Before it waits it says so on the broadcast channel
// HANG_CHANNEL, and only then does the test let the (fake) deadline pass: which notes time out, and when, never
// depends on the machine's speed.
import { BroadcastChannel, parentPort } from 'node:worker_threads';
import { compileVerdict } from '../../lib/node/site/compileVerdict.js';

const HANG_CHANNEL = 'kb-test-mdx-hang';

const lock = new Int32Array(new SharedArrayBuffer(4));
const hangs = new BroadcastChannel(HANG_CHANNEL);

parentPort?.on('message', (request) => {
  if (request.body.includes('HANG')) {
    hangs.postMessage({ i: request.i });
    Atomics.wait(lock, 0, 0);
  }
  void compileVerdict(request.body).then((verdict) => parentPort.postMessage({ i: request.i, ...verdict }));
});
parentPort?.postMessage({ ready: true });
