// astro:build:start: render the notes' Markdown in worker threads and build the packs while Astro bundles; pages
// wait for both through `state.ready`.
import type { HookParameters } from 'astro';
import { join } from 'node:path';
import { renderSetup, renderWorkers } from '../../node/site/noteHtml.js';
import { renderNotes } from '../../node/site/renderNotes.js';
import { SEARCH_FEED } from '../../core/site/searchShardPlan.js';
import { createPagefindFeed } from '../pagefindFeed.js';
import { need, seconds, startPacks, workerUrl, type PortalState } from '../portalState.js';

export function buildStart(state: PortalState, { logger }: HookParameters<'astro:build:start'>): void {
  const prepared = need(state.site);
  const cfg = need(state.config);
  const workers = renderWorkers(prepared.jobs.length, cfg.renderWorkers, cfg.renderDeadlineMs);
  logger.info(
    `kb: rendering ${prepared.jobs.length} of ${prepared.htmlKeys.size} Markdown notes${prepared.jobs.length && workers ? ` in ${workers} worker thread${workers === 1 ? '' : 's'}` : ''} (the others are cached)`,
  );
  const rendered = renderNotes(renderSetup(prepared.jobContext, cfg.htmlDir), prepared.jobs, {
    workers,
    workerUrl: workerUrl('renderNotesWorker'),
    deadlineMs: cfg.renderDeadlineMs,
  }).then(({ timedOut }) => {
    state.timedOut = timedOut;
  });
  const started = Date.now();
  const timed = <T>(what: string, work: Promise<T>) => work.then((value) => (logger.info(`kb: ${what} (${seconds(started)}s after the build started)`), value));
  state.ready = Promise.all([
    timed(`${prepared.jobs.length} notes rendered`, rendered),
    timed('pack data and packs ready', startPacks(state, prepared, true)),
  ]).then(() => undefined);
  state.ready.catch(() => undefined); // reported where it is awaited
  // The note pages as astro:build:done will list them, to index shard by shard while the pages render.
  state.searchFeed = createPagefindFeed({
    pages: prepared.model.index.notes.map((note) => join(cfg.prefix.slice(1), 'notes', note.slug, 'index.html')),
    base: cfg.base,
    cacheDir: join(cfg.cacheDir, 'pagefind'),
    shardPages: cfg.searchShardPages,
    reuseFrom: cfg.reuseFrom,
  });
  (globalThis as { [SEARCH_FEED]?: unknown })[SEARCH_FEED] = state.searchFeed;
}
