// The emit stage, as a declared list of emitters (SITE_EMITTERS): once the note pages are written (before the pages that
// wait for the packs), the unchanged ones kept from the previous build and the Pagefind index of the note pages (in
// other threads, while the rest renders and) while the machine outputs
// (siteFiles.ts SITE_FILE_EMITTERS: index files, the island's data, llms.txt, sitemap, feed, packs, boards, redirects)
// and the notes' assets are written, the caches' upkeep, then the output's size. The same for `kb build` (src/site/buildPortal.ts) and for
// a host site's `astro build` (its astro:build:done hook).
import { existsSync, readdirSync } from 'node:fs';
import { formatIssue } from '../../core/util/issue.js';
import { join } from 'node:path';
import { cachedGraphFile } from '../../node/cache/cachedGraphFile.js';
import { emitNoteAssets } from '../../node/site/emitNoteAssets.js';
import { pruneNoteHtml } from '../../node/site/noteHtmlCache.js';
import { measureOutput, outputSummary } from './outputSummary.js';
import { indexWithPagefind } from './pagefindShards.js';
import { need, seconds, type PortalState } from '../prepare/portalState.js';
import type { PreparedSite } from '../prepare/prepareSite.js';
import type { PortalConfig } from '../options/resolvePortal.js';
import { siteDigests } from '../prepare/preparePacks.js';
import { commitPageManifests, linkReusedPages } from '../prepare/reusePages.js';
import { siteFiles, writeSiteFiles } from './siteFiles.js';

/** Where the build's lines go. */
export interface BuildLog {
  info: (line: string) => void;
  warn: (line: string) => void;
}

/** What the emitters read: the prepared site, the options resolved, the packs, the output folder. */
interface EmitInput {
  state: PortalState;
  prepared: PreparedSite;
  cfg: PortalConfig;
  /** The output folder (the portal is in its `prefix` folder: portalDir). */
  outDir: string;
  portalDir: string;
  log: BuildLog;
  /** The unchanged pages linked so far: the kinds' manifests, how many pages, in how many ms. */
  kept: { kinds: Set<string>; pages: number; ms: number };
}

/** One emitter of the emit stage: its name, what it reads, and its writer. */
export interface SiteEmitter {
  name: string;
  reads: readonly string[];
  emit: (input: EmitInput) => void | Promise<void>;
  /** It works in other threads: the emitters after it run meanwhile, until one that reads everything (`last`). */
  background?: true;
  /** It reads what every emitter before it wrote: it waits for those in the background. */
  last?: true;
  /** It reads only the note pages: it runs once they are written, before the pages that wait for the packs. */
  early?: true;
}

/** The emit stage, in order: every output but the pages; the `early` emitters once the note pages are written, the others once every page is. */
export const SITE_EMITTERS: readonly SiteEmitter[] = [
  {
    name: 'kept note pages',
    reads: ['page manifests', 'the previous output'],
    early: true,
    emit: (input) => void keptPages(input),
  },
  {
    name: 'search',
    reads: ['note pages'],
    early: true,
    // Pagefind indexes in its own threads and processes while this thread writes the machine outputs.
    background: true,
    emit: async ({ prepared, cfg, outDir, portalDir, log }) => {
      const started = Date.now();
      const notesDir = join(portalDir, 'notes');
      // Redirect pages at old note URLs are no notes: kept out of the search index.
      const moved = new Set(prepared.redirects.map((r) => join(decodeURIComponent(r.from.slice(prepared.model.paths.root.length)), 'index.html')));
      const notePages = existsSync(notesDir)
        ? readdirSync(notesDir, { recursive: true })
            .map(String)
            .filter((f) => f.endsWith('index.html') && !moved.has(join('notes', f)))
            .map((f) => join(cfg.prefix.slice(1), 'notes', f))
        : [];
      await indexWithPagefind({
        outDir,
        pages: notePages,
        base: cfg.base,
        bundleDir: `${cfg.prefix.slice(1)}pagefind/`,
        cacheDir: join(cfg.cacheDir, 'pagefind'),
        shardPages: cfg.searchShardPages,
        log: (line) => log.info(line),
      });
      log.info(`kb: pagefind done (${seconds(started)}s)`);
    },
  },
  {
    name: 'kept pages',
    reads: ['page manifests', 'the previous output'],
    emit: (input) => {
      if (keptPages(input)) input.log.info(`kb: ${input.kept.pages} unchanged pages kept from the previous build (${(input.kept.ms / 1000).toFixed(1)}s)`);
    },
  },
  {
    name: 'machine outputs and assets',
    reads: ['index', 'bodies', 'pack data', 'configured packs', 'boards', 'redirects', 'attachments'],
    emit: async ({ state, prepared, cfg, portalDir, log }) => {
      const started = Date.now();
      const data = await need(state.packData);
      // The machine outputs, emitter by emitter (siteFiles.ts SITE_FILE_EMITTERS).
      writeSiteFiles(
        portalDir,
        siteFiles({
          model: prepared.model,
          bodies: prepared.result.bodies,
          packData: () => data,
          digests: () => siteDigests(prepared),
          packs: () => state.packs,
          boards: () => prepared.boards,
          redirects: prepared.redirects,
          wholeSite: cfg.prefix === '/',
          graphText: (graph) => cachedGraphFile(join(cfg.cacheDir, 'graph'), graph),
        }),
      );
      const assets = emitNoteAssets({ attachments: prepared.attachments, bodies: prepared.pageBodies }, portalDir);
      log.info(
        `kb: machine outputs written, ${assets.attachments} attachments copied${assets.katex ? ', KaTeX stylesheet and fonts' : ''}${assets.mermaid ? ', mermaid' : ''} (${seconds(started)}s)`,
      );
    },
  },
  {
    name: 'caches',
    reads: ['note HTML keys in use', 'page manifests'],
    last: true,
    emit: ({ prepared, cfg, outDir }) => {
      pruneNoteHtml(cfg.htmlDir, prepared.htmlKeys);
      if (prepared.pages && cfg.reuseFrom) commitPageManifests(prepared.pages, cfg.reuseFrom, outDir);
    },
  },
  {
    name: 'summary',
    reads: ['the output folder', 'notes shown as text'],
    emit: ({ state, prepared, cfg, portalDir, log }) => {
      const turnedOff = cfg.rawMarkdown ? [] : ['per-note .md files (kb.config.yaml site.rawMarkdown: false); llms.txt links the note pages'];
      const summary = outputSummary(measureOutput(portalDir, prepared.model.index.notes.length), turnedOff, {
        paths: state.timedOut,
        mdx: prepared.mdxTimedOut,
        deadlineMs: cfg.renderDeadlineMs,
        failed: state.fellBack,
        pages: state.failedPages,
      });
      for (const line of summary.info) log.info(line);
      for (const line of summary.warn) log.warn(line);
      for (const issue of state.packIssues) log.warn(`kb: ${formatIssue(issue)}`);
    },
  },
];

/** Links the unchanged pages whose kinds' manifests were not linked yet; false when the build keeps none. */
function keptPages({ prepared, cfg, outDir, kept }: EmitInput): boolean {
  const pages = prepared.pages;
  if (!pages || !cfg.reuseFrom || !pages.previous) return false;
  const started = Date.now();
  kept.pages += linkReusedPages(pages, cfg.reuseFrom, outDir, kept.kinds);
  kept.ms += Date.now() - started;
  return true;
}

/**
 * Writes everything but the pages into `outDir` (the output folder: the portal is in its `prefix` folder): the early
 * emitters once `notePages` resolves (the note pages are written, their manifests too), the others once `everyPage`
 * does (by default both already have: a host site's build).
 */
export async function emitSite(
  state: PortalState,
  outDir: string,
  log: BuildLog,
  { notePages = Promise.resolve(), everyPage = Promise.resolve() }: { notePages?: Promise<void>; everyPage?: Promise<void> } = {},
): Promise<void> {
  const prepared = need(state.site);
  const cfg = need(state.config);
  const input: EmitInput = { state, prepared, cfg, outDir, portalDir: join(outDir, cfg.prefix), log, kept: { kinds: new Set(), pages: 0, ms: 0 } };
  const background: Promise<void>[] = [];
  const run = async (emitters: readonly SiteEmitter[]) => {
    for (const emitter of emitters) {
      if (emitter.last) await Promise.all(background.splice(0));
      const done = Promise.resolve(emitter.emit(input));
      if (!emitter.background) await done;
      else {
        done.catch(() => undefined); // awaited below; a failure meanwhile is not unhandled
        background.push(done);
      }
    }
  };
  await notePages;
  await run(SITE_EMITTERS.filter((e) => e.early));
  await everyPage;
  await run(SITE_EMITTERS.filter((e) => !e.early));
  await Promise.all(background);
}
