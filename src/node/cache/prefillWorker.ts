// A worker thread of prefillFacts (prefillFacts.ts): takes files from the shared counter, sends their facts
// back in one message, then marks its slot done and wakes the waiting thread.
import { workerData, type MessagePort } from 'node:worker_threads';
import { takeFiles, type Prefilled, type PrefillJob } from './prefillFacts.js';

const { job, next, done, slot, port } = workerData as { job: PrefillJob; next: Int32Array; done: Int32Array; slot: number; port: MessagePort };
const out: Prefilled[] = [];
try {
  takeFiles(job, next, (key, facts) => out.push([key, facts]));
} catch {
  // the files not sent back are derived by the reading
} finally {
  port.postMessage(out);
  Atomics.store(done, slot, 1);
  Atomics.notify(done, slot);
}
