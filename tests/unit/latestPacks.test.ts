// `kb dev`'s pages that show packs, and its machine outputs, wait for the pack work of the latest data
// (src/site/dev/latestPacks.ts): work a change replaced (stopped: it fails) is not waited for, the next data's is; the
// latest's own failure is the page's.
// Every promise is settled by the test: nothing waits on the clock.
import { describe, expect, it } from 'vitest';
import { latestPacks } from '../../src/site/dev/latestPacks.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<void>((a, b) => ((resolve = a), (reject = b)));
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/** Whether `p` has settled after the work queued so far has run. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r));
  return done;
}

/** The latest work when no change comes: `work` itself. */
const unchanged = <T>(work: () => Promise<T>) =>
  latestPacks(
    work,
    () => Promise.resolve(),
    () => false,
  );

describe('the packs of the latest data', () => {
  it('settle with the current work when no change comes', async () => {
    const work = deferred();
    const waiting = unchanged(() => work.promise);
    expect(await settled(waiting)).toBe(false);
    work.resolve();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('are those of the next data when a change stops the work awaited', async () => {
    const first = deferred();
    const indexed = deferred();
    const next = deferred();
    const state = { ready: first.promise, changing: false, upToDate: Promise.resolve() };
    const waiting = latestPacks(
      () => state.ready,
      () => state.upToDate,
      () => state.changing,
    );
    expect(await settled(waiting)).toBe(false);
    // A save: the work awaited is stopped; the folder is being indexed.
    state.changing = true;
    state.upToDate = indexed.promise;
    first.reject(new Error('kb dev: the folder changed again'));
    expect(await settled(waiting)).toBe(false);
    // Indexed: the next data's pack work begins.
    state.changing = false;
    state.ready = next.promise;
    indexed.resolve();
    expect(await settled(waiting)).toBe(false);
    next.resolve();
    await expect(waiting).resolves.toBeUndefined();
  });

  it('give the latest work’s value (the machine outputs wait for the pack data so)', async () => {
    const first = deferred();
    let work = first.promise.then(() => 'stale');
    work.catch(() => undefined);
    const waiting = unchanged(() => work);
    work = Promise.resolve('latest');
    first.reject(new Error('kb dev: the folder changed again'));
    await expect(waiting).resolves.toBe('latest');
  });

  it('fail when the latest work fails', async () => {
    const work = deferred();
    const waiting = unchanged(() => work.promise);
    work.reject(new Error('the pack data could not be built'));
    await expect(waiting).rejects.toThrow('the pack data could not be built');
  });
});
