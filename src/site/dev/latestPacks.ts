// `kb dev`: what waits for the pack work (the home, pack and health pages for the packs; the machine outputs for the
// pack data) waits for that of the latest data. A change stops the pack work of the data it replaces (devServer.ts),
// so the work such a request was waiting for never ends well: it waits for the next data's instead.

/**
 * Settles as the pack work of the latest data: `work()` is the current data's (its pack data, or all its packs),
 * `upToDate()` settles once the changes seen so far are indexed (which gives `work()` new work), `changing()` says a
 * change is waiting. Work replaced while it was awaited is awaited no further; the latest's failure is the caller's.
 */
export async function latestPacks<T>(work: () => Promise<T> | undefined, upToDate: () => Promise<void>, changing: () => boolean): Promise<T | undefined> {
  for (;;) {
    await upToDate();
    const current = work();
    await current?.catch(() => undefined);
    if (current === work() && !changing()) return current;
  }
}
