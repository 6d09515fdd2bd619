// `kb dev`: the pages that show packs (home, packs, health) wait for the packs of the latest data. A change stops the
// pack work of the data it replaces (devServer.ts), so the packs such a page was waiting for never come: it waits for
// the next data's instead.

/**
 * Settles with the packs of the latest data: `ready()` is the current data's pack work, `upToDate()` settles once the
 * changes seen so far are indexed (which gives `ready()` new work), `changing()` says a change is waiting. Pack work
 * replaced while it was awaited is awaited no further; the latest's failure is the caller's.
 */
export async function latestPacks(ready: () => Promise<void> | undefined, upToDate: () => Promise<void>, changing: () => boolean): Promise<void> {
  for (;;) {
    await upToDate();
    const work = ready();
    await work?.catch(() => undefined);
    if (work === ready() && !changing()) return work;
  }
}
