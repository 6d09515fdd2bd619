// The worker thread of checkMdx.ts: compiles each `.mdx` body it is posted and answers whether it compiled.
import { parentPort } from 'node:worker_threads';
import { threadStatPath } from '../threadCpuClock.js';
import type { MdxCheckReply, MdxCheckRequest } from './checkMdx.js';
import { compileVerdict } from './compileVerdict.js';

parentPort!.on('message', (request: MdxCheckRequest) => {
  void compileVerdict(request.body, request.trust, request.data).then((verdict) =>
    parentPort!.postMessage({ i: request.i, ...verdict } satisfies MdxCheckReply),
  );
});
// The compiler is loaded (a static import): the deadline may start.
parentPort!.postMessage({ ready: true, thread: threadStatPath() } satisfies MdxCheckReply);
