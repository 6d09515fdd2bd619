// What the integration's hooks (src/integration/hooks/) share, in one object created once per kbPortal() call.
// The hooks run in order and each takes up where the one before left it: astro:config:setup resolves `config` and
// (build, dev) indexes the folder into `site`; astro:build:start starts rendering the notes and the packs
// (`ready`); astro:build:done waits for `ready` and writes the outputs. In `astro dev` the live preview
// (devPreview.ts) indexes again on every change through `prepare` and `startPacks`.
import type { AstroIntegrationLogger } from 'astro';
import type { PackData } from '../../core/context/buildPackData.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { SitePack } from '../../core/site/sitePack.js';
import { rankerCodeHash, rendererCodeHash } from '../../node/cache/cacheCode.js';
import { hasNoteHtml } from '../../node/site/noteHtmlCache.js';
import type { KbPortalOptions } from '../options/kbPortalOptions.js';
import type { Worker } from 'node:worker_threads';
import { earlyPackDataThread, packDataBlocksThisThread, sitePackData, writeSiteHealth, writeSitePacks, type LivePackData } from './preparePacks.js';
import { prepareSite, type LiveMemo, type PreparedSite, type SiteDataParts } from './prepareSite.js';
import type { PortalConfig } from '../options/resolvePortal.js';
import { pageManifests } from './reusePages.js';

export interface PortalState {
  /** The integration's options, validated. */
  readonly options: KbPortalOptions;
  /** The Astro project's root folder; set by astro:config:setup. */
  projectRoot: string;
  /** The options resolved against Astro's config and kb.config.yaml; set by astro:config:setup. */
  config: PortalConfig | undefined;
  /** The folder as last indexed (prepare). */
  site: PreparedSite | undefined;
  /** How many times the folder was indexed: pages read the data of this generation. */
  generation: number;
  /** The pack data of the last indexing (startPacks). */
  packData: Promise<PackData> | undefined;
  /** Every configured pack, written once the pack data is ready. */
  packs: SitePack[];
  /** The notes whose render hit the deadline in this build (paths, sorted), published as text; set once `ready`. */
  timedOut: string[];
  /** Notes whose page failed or ran out of time, published as text, and why (the compiled site's render). */
  fellBack: { path: string; reason: string }[];
  /** Pages that could not be rendered at all, and why. */
  failedPages: { path: string; reason: string }[];
  /** Notes the pack data could not read (kept by their title and description): the summary lists them. */
  packIssues: KbIssue[];
  /** Notes rendered and packs written (astro:build:start); pages and astro:build:done wait for it. */
  ready: Promise<void>;
  /** A pack data thread started while the folder was read (earlyPackDataThread), until startPacks takes it. */
  packThread: Worker | undefined;
  /** A live preview's memo of the folder's readings and render jobs: set where the folder is read again on every save. */
  liveMemo: LiveMemo | undefined;
}

export function createPortalState(options: KbPortalOptions): PortalState {
  return {
    options,
    projectRoot: '',
    config: undefined,
    site: undefined,
    generation: 0,
    packData: undefined,
    packs: [],
    timedOut: [],
    fellBack: [],
    failedPages: [],
    packIssues: [],
    ready: Promise.resolve(),
    packThread: undefined,
    liveMemo: undefined,
  };
}

/** Stops a pack data thread started for the folder and not given its job (the folder changed, or the build took another path). */
export function dropPackThread(state: PortalState): void {
  void state.packThread?.terminate();
  state.packThread = undefined;
}

/** A field an earlier hook sets. */
export function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('kb-portal: the knowledge folder was not prepared (internal error)');
  return value;
}

/**
 * Index the folder and write what pages read. `salt` (pagesSalt.ts): record page manifests for an incremental build
 * made by that code; none in dev. `packThread`: start the pack data thread while the folder is read, for a build that
 * builds the pack data in one (earlyPackDataThread), when the reading is warm; not in dev, where it would compete with
 * the refresh a saved note waits for. `renders: false`: no note is rendered ahead of its page (`kb dev`, whose page
 * thread renders a note when it is asked for), so the HTML cache is not looked at. `parts`: `site.json`'s parts as they
 * are made (SiteDataParts). `summary: false`: the summary is not logged, nor made for it (a live preview that says only
 * how long its indexing took: the link check and the redirects are made when first asked for). `saveCache`: given what
 * writes the index cache (default: written at once).
 */
export async function prepare(
  state: PortalState,
  logger: Pick<AstroIntegrationLogger, 'info' | 'warn'>,
  salt: string | undefined,
  {
    packThread = false,
    renders = true,
    parts,
    summary = true,
    saveCache,
  }: {
    packThread?: boolean;
    renders?: boolean;
    parts?: SiteDataParts | undefined;
    summary?: boolean;
    saveCache?: ((save: () => void) => void) | undefined;
  } = {},
): Promise<PreparedSite> {
  const cfg = need(state.config);
  const started = Date.now();
  logger.info(`kb: indexing ${cfg.kbDir}`);
  dropPackThread(state);
  let prepared: PreparedSite;
  try {
    prepared = await prepareSite(cfg, {
      rendererHash: rendererCodeHash(),
      hasHtml: renders ? (key) => hasNoteHtml(cfg.htmlDir, key) : () => true,
      pages: salt === undefined ? undefined : pageManifests(cfg, salt, (line) => logger.info(line)),
      warn: (line) => logger.warn(line),
      memo: state.liveMemo,
      parts,
      saveCache,
      // Not beside a cold reading, whose own threads take every core (and whose build renders every note after it).
      reading: packThread
        ? (files, cold) => {
            if (!cold) state.packThread = earlyPackDataThread(files, workerUrl('packDataWorker'));
          }
        : undefined,
    });
  } catch (err) {
    dropPackThread(state);
    throw err;
  }
  if (summary) for (const line of prepared.summary) logger.info(line);
  logger.info(`kb: indexed ${prepared.model.index.notes.length} notes (${seconds(started)}s)`);
  state.site = prepared;
  state.generation++;
  return prepared;
}

/**
 * The pack data, every configured pack (packs.json) and the knowledge health (health.json), for this generation of the
 * folder. `between`: what building the next configured pack waits for (writeSitePacks). `after`: what the pack data
 * waits for before it starts (`kb dev`: the open pages' reload); whoever asks for it meanwhile gets this generation's.
 */
export function startPacks(
  state: PortalState,
  prepared: PreparedSite,
  inWorker: boolean,
  between?: () => Promise<void>,
  after?: Promise<void>,
  live?: LivePackData,
): Promise<void> {
  state.packIssues = [];
  const early = state.packThread;
  state.packThread = undefined;
  const build = () =>
    sitePackData(prepared, rankerCodeHash(), inWorker ? workerUrl('packDataWorker') : undefined, (issue) => state.packIssues.push(issue), early, live);
  const packData = after ? after.then(build) : build();
  state.packData = packData;
  return packData.then(async (data) => {
    state.packs = await writeSitePacks(prepared, data, between, live?.signal);
    writeSiteHealth(prepared, state.packs);
  });
}

/**
 * The packs (startPacks) beside the notes' Markdown rendering (`rendered`), or after it when this thread builds the
 * pack data (packDataBlocksThisThread): this thread feeds the render workers, and must not be busy for minutes meanwhile.
 */
export function startPacksBeside(state: PortalState, prepared: PreparedSite, rendered: Promise<unknown>): Promise<void> {
  if (!packDataBlocksThisThread(prepared)) return startPacks(state, prepared, true);
  return rendered.then(() => startPacks(state, prepared, true));
}

/**
 * A worker module of src/node/site/ as compiled (lib/node/site/), beside this folder; run from the TypeScript sources
 * (the tests), the compiled one in lib/, which threads run (`npm install` and the test command compile it).
 */
export const workerUrl = (name: string) =>
  import.meta.url.endsWith('.ts') ? new URL(`../../../lib/node/site/${name}.js`, import.meta.url) : new URL(`../../node/site/${name}.js`, import.meta.url);

/** Seconds since `since`, for the build log. */
export const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
