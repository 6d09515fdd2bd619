// The render stage's first step, for both builds: the notes' Markdown not in the HTML cache yet, rendered in worker
// threads under the render deadline (a note past it is published as its text, with a warning), while the pack data
// and the configured packs are built (after them past 30,000 notes: startPacksBeside) (a host site's build: `state.ready` resolves when both are on disk). The page
// workers then only read the notes' HTML: a note whose Markdown is slow stops a light Markdown worker, never a page
// worker with the whole site loaded.
import { renderSetup, renderWorkers } from '../../node/site/noteRenderJobs.js';
import { renderNotes } from '../../node/site/renderNotes.js';
import { need, seconds, startPacksBeside, workerUrl, type PortalState } from '../prepare/portalState.js';
import type { BuildLog } from '../emit/emitSite.js';

export function renderNoteBodies(state: PortalState, log: BuildLog): Promise<void> {
  const rendered = renderNoteMarkdown(state, log);
  const started = Date.now();
  const timed = <T>(what: string, work: Promise<T>) => work.then((value) => (log.info(`kb: ${what} (${seconds(started)}s)`), value));
  state.ready = Promise.all([
    timed(`${need(state.site).jobs.length} notes rendered`, rendered),
    timed('pack data and packs ready', startPacksBeside(state, need(state.site), rendered)),
  ]).then(() => undefined);
  state.ready.catch(() => undefined); // reported where it is awaited
  return state.ready;
}

/** Fewer Markdown notes to render than this, and no thread count asked for (`renderWorkers`): `kb build` leaves them to the page threads. */
export const MARKDOWN_WITH_PAGES_BELOW = 200;

/**
 * Whether `kb build` leaves the notes' Markdown to the page threads, each note rendered (and cached) by its own page:
 * a few notes (a small folder's first build, a rebuild after an edit) render sooner where the Markdown pipeline was
 * loaded with the compiled site than in a Markdown thread that loads it first (~0.5 s of a 16-note folder's cold
 * build). A note's deadline is then its page's: a page past it is written with its note as text (pageFallbacks.ts).
 * The same HTML either way (tests/unit/buildPaths.test.ts).
 */
export function markdownWithPages(state: PortalState, log: BuildLog): boolean {
  const prepared = need(state.site);
  const cfg = need(state.config);
  if (cfg.renderWorkers !== undefined || prepared.jobs.length >= MARKDOWN_WITH_PAGES_BELOW) return false;
  log.info(`kb: rendering ${prepared.jobs.length} of ${prepared.htmlKeys.size} Markdown notes with their pages (the others are cached)`);
  return true;
}

/**
 * The notes' Markdown not in the HTML cache yet, rendered in worker threads under the render deadline: a note past it
 * is published as its text, with a warning (`state.timedOut`). The pages then read every note's HTML from the cache.
 */
export function renderNoteMarkdown(state: PortalState, log: BuildLog): Promise<void> {
  const prepared = need(state.site);
  const cfg = need(state.config);
  const workers = renderWorkers(prepared.jobs.length, cfg.renderWorkers, cfg.renderDeadlineMs);
  log.info(
    `kb: rendering ${prepared.jobs.length} of ${prepared.htmlKeys.size} Markdown notes${prepared.jobs.length && workers ? ` in ${workers} worker thread${workers === 1 ? '' : 's'}` : ''} (the others are cached)`,
  );
  return renderNotes(renderSetup(prepared.jobContext, cfg.htmlDir), prepared.jobs, {
    workers,
    workerUrl: workerUrl('renderNotesWorker'),
    deadlineMs: cfg.renderDeadlineMs,
  }).then(({ timedOut }) => {
    state.timedOut = timedOut;
  });
}
