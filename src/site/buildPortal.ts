// `kb build`: the site of a knowledge folder, by stage, in this process, on the site compiled with the package
// (src/site/app/). Prepare: index the folder once into the data pages read. Render: the notes' Markdown and the packs,
// then every page through Astro's App in worker threads (a few notes' Markdown with their pages: markdownWithPages).
// Emit: the machine outputs, the assets, the Pagefind index (the kept note pages and search once the note pages are
// written, while the pages that show the packs wait for them). No Vite, no Rollup, no `astro build`: the portal's own
// code was bundled when the package was built.
import { cpSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadKbConfig } from '../node/loadKbConfig.js';
import type { KbPortalOptions } from './options/kbPortalOptions.js';
import { createPortalState, dropPackThread, prepare, seconds, startPacksBeside } from './prepare/portalState.js';
import { packDataBlocksThisThread } from './prepare/preparePacks.js';
import { SiteBuildError } from './prepare/siteBuildError.js';
import { resolvePortal, type PortalConfig } from './options/resolvePortal.js';
import { previousFingerprints, writePageManifests } from './prepare/reusePages.js';
import { renderedPages, type RenderedPage } from '../core/site/pageTypes.js';
import { APP_CLIENT_DIR } from './app/compileApp.js';
import { buildWithAstro } from './astroBuild.js';
import { appCodeHash } from './app/appStamp.js';
import { pagesSalt } from './prepare/pagesSalt.js';
import { emitSite, type BuildLog } from './emit/emitSite.js';
import { pageFallbacks } from './render/pageFallbacks.js';
import { markdownWithPages, renderNoteMarkdown } from './render/renderNoteBodies.js';
import { startPageWorkers, type PageWorkers, type RenderOutcome } from './render/renderPages.js';

export interface BuildPortalInput {
  options: KbPortalOptions;
  /** Where relative options (the folder, the cache) are resolved: the working directory. */
  cwd: string;
  /** The folder the site is written into (the build wrapper's staging folder). */
  outDir: string;
  log: BuildLog;
  /** The page threads, started by the caller before it loaded this module (startPageWorkers), which closes them. */
  pageWorkers?: PageWorkers | undefined;
}

/** The options resolved against the working directory and kb.config.yaml, as the integration resolves them against Astro's. */
export function resolveBuildConfig(options: KbPortalOptions, cwd: string, outDir: string, today: string): PortalConfig {
  const side = { root: pathToFileURL(`${cwd}/`), outDir: pathToFileURL(`${outDir}/`), base: '/', site: undefined };
  const kbDir = resolvePortal(options, side, { site: { base: '/' } }, '').kbDir;
  let kbConfig;
  try {
    kbConfig = loadKbConfig(kbDir);
  } catch (err) {
    if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
    throw err;
  }
  return resolvePortal(options, side, kbConfig, today);
}

/** Builds the site into `outDir`; throws SiteBuildError for what the folder must fix. */
export async function buildPortal(input: BuildPortalInput): Promise<void> {
  if (input.pageWorkers) return buildWith(input, input.pageWorkers);
  // The page threads load the compiled site while this thread reads the folder and renders the notes' Markdown.
  const pageWorkers = startPageWorkers({ workers: input.options.renderWorkers });
  try {
    await buildWith(input, pageWorkers);
  } finally {
    pageWorkers.close();
  }
}

async function buildWith({ options, cwd, outDir, log }: BuildPortalInput, pageWorkers: PageWorkers): Promise<void> {
  const state = createPortalState(options);
  state.projectRoot = cwd;
  const cfg = resolveBuildConfig(options, cwd, outDir, new Date().toISOString().slice(0, 10));
  state.config = cfg;
  const prepared = await prepare(state, log, pagesSalt(appCodeHash(), cfg), { packThread: true });
  if (prepared.mdx.length) {
    const [first] = prepared.mdx;
    log.warn(
      `kb: ${prepared.mdx.length} .mdx note${prepared.mdx.length === 1 ? '' : 's'} (${first}${prepared.mdx.length > 1 ? ', …' : ''}) hold${prepared.mdx.length === 1 ? 's' : ''} code beyond data, which --trust-html runs and only Astro's bundler compiles: this build runs Astro (slower)`,
    );
    dropPackThread(state);
    await buildWithAstro(options, outDir);
    return;
  }
  const model = prepared.model;
  const data = { dataDir: cfg.dataDir, generation: state.generation };
  // The packs (pack data, configured packs, health) while the notes and pages render; the pages that show them wait
  // for them. A folder whose pack data this thread builds (past 30,000 notes) has it built between the two: this
  // thread feeds both render pools.
  const notesRendered = markdownWithPages(state, log) ? Promise.resolve() : renderNoteMarkdown(state, log);
  const packs = startPacksBeside(state, prepared, notesRendered);
  packs.catch(() => undefined); // reported where it is awaited (the gated pages), not as an unhandled rejection
  await notesRendered;
  if (packDataBlocksThisThread(prepared)) {
    const since = Date.now();
    await packs;
    log.info(`kb: pack data and packs ready (${seconds(since)}s)`);
  }
  const started = Date.now();
  const pages = renderedPages({ index: model.index, tags: model.tags, boards: model.boards }, true);
  const fallbacks = pageFallbacks({ notes: model.index.notes, jobContext: prepared.jobContext, htmlDir: cfg.htmlDir, outDir, title: model.index.title });
  // The home, pack and health pages show what the packs wrote: rendered last, once it is there.
  const later = (p: RenderedPage) => p.kind === 'packs' || p.kind === 'health' || p.kind === 'home';
  const reuse = prepared.pages ? { salt: prepared.pages.salt, previous: previousFingerprints(prepared.pages) } : undefined;
  const render = { base: cfg.base, outDir, data, deadlineMs: cfg.renderDeadlineMs, reuse, ...fallbacks };
  // The note pages are written before the gated pages wait for the packs: their manifests then, and the emitters that
  // read only them (the kept pages, the search index) start meanwhile.
  let ungatedDone!: (pages: RenderOutcome['pages']) => void;
  const notePages = new Promise<RenderOutcome['pages']>((resolve) => (ungatedDone = resolve)).then((written) => {
    if (prepared.pages) writePageManifests(prepared.pages, written);
  });
  let pagesEnded = Date.now();
  const everyPage = pageWorkers
    .render(
      pages.filter((p) => !later(p)),
      { ...render, gated: { pages: pages.filter(later), ready: packs }, ungatedDone },
    )
    .then((outcome) => {
      const gatedPages = outcome.pages.filter(({ page }) => later(page));
      if (prepared.pages) writePageManifests(prepared.pages, gatedPages);
      state.fellBack = outcome.fellBack.map(({ page, reason }) => ({ path: fallbacks.noteOf(page)?.path ?? page.path, reason }));
      state.failedPages = outcome.failed.map(({ page, reason }) => ({ path: fallbacks.noteOf(page)?.path ?? page.path, reason }));
      cpSync(APP_CLIENT_DIR, outDir, { recursive: true });
      const kept = outcome.pages.filter((r) => r.kept).length;
      log.info(`kb: ${outcome.pages.length - kept} pages rendered${kept ? `, ${kept} unchanged` : ''} (${seconds(started)}s)`);
      pagesEnded = Date.now();
    });
  await Promise.all([everyPage, emitSite(state, outDir, log, { notePages, everyPage })]);
  log.info(`kb: emitted (${seconds(pagesEnded)}s after the last page)`);
}
