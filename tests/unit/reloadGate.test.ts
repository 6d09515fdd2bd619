// `kb dev`'s reload gate (src/site/dev/reloadGate.ts): after a save the pack data waits for the open pages to reload,
// never longer than the gate's limit, and not at all when no page is open. Timers are faked: no test waits on the clock.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadGate } from '../../src/site/dev/reloadGate.ts';

/** Whether the promise has settled, read after the pending microtasks ran. */
function settled(promise: Promise<void>): () => boolean {
  let done = false;
  void promise.then(() => (done = true));
  return () => done;
}

describe('reloadGate', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('opens at once when no page is open', async () => {
    const done = settled(reloadGate(1000).arm(false));
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('waits for the first page answered since', async () => {
    const gate = reloadGate(1000);
    const done = settled(gate.arm(true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    gate.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('opens by itself after its limit, when no page asks', async () => {
    const done = settled(reloadGate(1000).arm(true));
    await vi.advanceTimersByTimeAsync(999);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done()).toBe(true);
  });

  it('a second save opens the first wait; a release with nothing armed changes nothing', async () => {
    const gate = reloadGate(1000);
    gate.release();
    const first = settled(gate.arm(true));
    const second = settled(gate.arm(true));
    await vi.advanceTimersByTimeAsync(0);
    expect([first(), second()]).toEqual([true, false]);
    gate.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(second()).toBe(true);
  });
});
