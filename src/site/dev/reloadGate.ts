// `kb dev`: after a save, the open pages reload, and the pack data waits for them (devServer.ts).

/** The longest the pack data waits after a save for the open pages to reload. */
export const RELOAD_WAIT_MS = 1000;

/**
 * After a save the open pages reload, and the pack data waits (`arm`) until the first page asked for since is answered
 * or one that shows the packs is asked for (`release`): on two cores its thread would take a core from that page and
 * the browser. At most `waitMs`; at once when no page is open. Arming again releases the one before.
 */
export function reloadGate(waitMs = RELOAD_WAIT_MS): { arm: (pagesOpen: boolean) => Promise<void>; release: () => void } {
  let waiting: (() => void) | undefined;
  const release = () => {
    const go = waiting;
    waiting = undefined;
    go?.();
  };
  return {
    arm: (pagesOpen) => {
      release();
      if (!pagesOpen) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(release, waitMs);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    },
    release,
  };
}
