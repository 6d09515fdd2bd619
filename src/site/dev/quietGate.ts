// `kb dev`'s gate for background work (the configured packs): it goes on between pages, never while one is answered.

/**
 * Pages being answered: `during` counts one while it renders, `quiet` resolves on a turn of the event loop when none
 * is (the background work's gate; a page waiting for that work, the home page, is not counted), once `open` (the
 * server listens: before, the background work would only delay the first page).
 */
export function quietGate(): { during: <T>(work: Promise<T>) => Promise<T>; quiet: () => Promise<void>; open: () => void } {
  let busy = 0;
  let opened = false;
  let waiting: (() => void)[] = [];
  const release = () => {
    if (!opened || busy > 0) return;
    const now = waiting;
    waiting = [];
    for (const go of now) go();
  };
  return {
    during: <T>(work: Promise<T>): Promise<T> => {
      busy++;
      return work.finally(() => {
        busy--;
        setImmediate(release);
      });
    },
    open: () => {
      opened = true;
      setImmediate(release);
    },
    quiet: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        setImmediate(release);
      }),
  };
}
