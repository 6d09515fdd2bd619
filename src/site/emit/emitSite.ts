// The emit stage, once every page is written: the unchanged pages kept from the previous build, the machine outputs
// (siteFiles.ts: index files, the island's data, llms.txt, sitemap, feed, redirects, packs), the notes' assets, the
// Pagefind index of the note pages, then the output's size. The same for `kb build` (src/site/buildPortal.ts) and for
// a host site's `astro build` (its astro:build:done hook).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cachedGraphFile } from '../../node/cache/cachedGraphFile.js';
import { emitNoteAssets } from '../../node/site/emitNoteAssets.js';
import { pruneNoteHtml } from '../../node/site/noteHtmlCache.js';
import { measureOutput, outputSummary } from './outputSummary.js';
import { indexWithPagefind } from './pagefindShards.js';
import { need, seconds, type PortalState } from '../prepare/portalState.js';
import { siteDigests } from '../prepare/preparePacks.js';
import { commitPageManifests, linkReusedPages } from '../prepare/reusePages.js';
import { siteFiles, writeSiteFiles } from './siteFiles.js';

/** Where the build's lines go. */
export interface BuildLog {
  info: (line: string) => void;
  warn: (line: string) => void;
}

/** Writes everything but the pages into `outDir` (the output folder: the portal is in its `prefix` folder). */
export async function emitSite(state: PortalState, outDir: string, log: BuildLog): Promise<void> {
  const prepared = need(state.site);
  const cfg = need(state.config);
  const portalDir = join(outDir, cfg.prefix);
  const pages = prepared.pages;
  if (pages && cfg.reuseFrom && pages.previous) {
    const started = Date.now();
    const linked = linkReusedPages(pages, cfg.reuseFrom, outDir);
    log.info(`kb: ${linked} unchanged pages kept from the previous build (${seconds(started)}s)`);
  }
  let started = Date.now();
  const data = await need(state.packData);
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
  started = Date.now();
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
  pruneNoteHtml(cfg.htmlDir, prepared.htmlKeys);
  if (pages && cfg.reuseFrom) commitPageManifests(pages, cfg.reuseFrom, outDir);
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
}
