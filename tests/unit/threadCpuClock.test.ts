// The render deadlines count a worker thread's own CPU time (threadCpuClock.ts): a machine busy with other work slows
// a note down but never stops it, and a thread that waits without working is still stopped after WALL_CAP deadlines.
// The deadline's timers are fake and its clock is scripted, so nothing here waits on the machine's speed; the real
// clock is checked on a worker that spins until its own clock says it has used 300 ms.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { armDeadline, cpuMsOfStat, threadCpuClock, threadStatPath, WALL_CAP, type ThreadCpuClock } from '../../src/node/threadCpuClock.ts';

describe('cpuMsOfStat', () => {
  const line = (name: string, utime: number, stime: number) =>
    `4242 (${name}) R 1 4242 1 0 -1 4194304 99 0 0 0 ${utime} ${stime} 0 0 20 0 1 0 2324510 3133440 382 18446744073709551615`;
  it.each([
    ['a plain name', line('node', 120, 30), 1500],
    ['a name with spaces and parentheses', line('a) (b c', 7, 0), 70],
    ['no time used', line('node', 0, 0), 0],
    ['a line cut short', '4242 (node) R 1 4242', undefined],
    ['not a stat line', 'nothing here', undefined],
  ])('%s', (_, stat, ms) => {
    expect(cpuMsOfStat(stat)).toBe(ms);
  });
});

describe('armDeadline', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => void vi.useRealTimers());

  /** A clock that reads each value of `readings` in turn (the first when the deadline is armed), then the last. */
  const scripted = (readings: (number | undefined)[]): ThreadCpuClock => {
    let i = 0;
    return { read: () => readings[Math.min(i++, readings.length - 1)], close: () => undefined };
  };
  /** The wall time (ms) at which `overdue` was called, or undefined if it was not within `until`. */
  const firesAt = (ms: number, clock: ThreadCpuClock | undefined, until = 20 * ms) => {
    let at: number | undefined;
    let now = 0;
    armDeadline(ms, clock, () => (at = now));
    while (at === undefined && now < until) {
      now += 10;
      vi.advanceTimersByTime(10);
    }
    return at;
  };

  it.each([
    ['without a clock: on the wall clock', undefined, 1000],
    ['a thread using a whole core: at the deadline', scripted([0, 1000]), 1000],
    ['a thread slowed down: when it has used the deadline', scripted([0, 333, 667, 1000]), 2000],
    ['a thread that reads 0 ms more after a deadline, then all of it', scripted([500, 500, 1500]), 2000],
    ['a thread that never uses its CPU: after WALL_CAP deadlines of wall time', scripted([0]), WALL_CAP * 1000],
    ['a thread whose clock cannot be read any more: at the deadline', scripted([0, undefined]), 1000],
    ['a thread whose clock could not be read when armed: on the wall clock', scripted([undefined, 0]), 1000],
  ])('%s', (_, clock, at) => {
    expect(firesAt(1000, clock)).toBe(at);
  });

  it('is not overdue once cancelled', () => {
    const overdue = vi.fn();
    const cancel = armDeadline(1000, scripted([0, 400]), overdue);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(20_000);
    expect(overdue).not.toHaveBeenCalled();
  });
});

// Linux only: elsewhere there is no thread clock and the deadlines use the wall clock.
describe.skipIf(threadStatPath() === undefined)('threadCpuClock on a real thread', () => {
  const clockModule = pathToFileURL(join(import.meta.dirname, '../../lib/node/threadCpuClock.js')).href;
  // The worker says where its clock is read, spins until that clock says it has used 300 ms, says so, then waits.
  const code = `
    const { parentPort } = require('node:worker_threads');
    import(${JSON.stringify(clockModule)}).then(({ threadStatPath, threadCpuClock }) => {
      const path = threadStatPath();
      const own = threadCpuClock(path);
      const from = own.read();
      parentPort.postMessage({ path, from });
      while (own.read() - from < 300) {}
      parentPort.postMessage({ spun: own.read() - from });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });`;

  it("reads the CPU a worker used from another thread, and not this thread's", async () => {
    const worker = new Worker(code, { eval: true });
    const messages: Record<string, number | string>[] = [];
    const next = () => new Promise<Record<string, number | string>>((resolve) => worker.once('message', resolve));
    try {
      messages.push(await next());
      const clock = threadCpuClock(String(messages[0]!.path))!;
      expect(clock).toBeDefined();
      messages.push(await next());
      const after = clock.read()!;
      expect(after - Number(messages[0]!.from)).toBeGreaterThanOrEqual(300);
      // This thread now works 200 ms of its own CPU time: the waiting worker's clock does not count it.
      const mine = threadCpuClock(threadStatPath()!)!;
      const start = mine.read()!;
      while (mine.read()! - start < 200);
      expect(clock.read()! - after).toBeLessThan(100);
      mine.close();
      clock.close();
    } finally {
      await worker.terminate();
    }
  });
});
