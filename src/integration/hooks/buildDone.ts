// astro:build:done: once the notes are rendered and the packs built, keep the unchanged pages of the previous
// build, write the machine outputs and the notes' assets, index the note pages with Pagefind, and report the
// output's size.
import type { HookParameters } from 'astro';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedGraphFile } from '../../node/cache/cachedGraphFile.js';
import { emitNoteAssets } from '../../node/site/emitNoteAssets.js';
import { pruneNoteHtml } from '../../node/site/noteHtmlCache.js';
import { measureOutput, outputSummary } from '../outputSummary.js';
import { SEARCH_FEED } from '../../core/site/searchShardPlan.js';
import { indexWithPagefind } from '../pagefindShards.js';
import { need, seconds, type PortalState } from '../portalState.js';
import { siteDigests } from '../preparePacks.js';
import { commitPageManifests, linkReusedPages } from '../reusePages.js';
import { siteFiles, writeSiteFiles } from '../siteFiles.js';

export async function buildDone(state: PortalState, { dir, logger }: HookParameters<'astro:build:done'>): Promise<void> {
  await state.ready;
  const prepared = need(state.site);
  const cfg = need(state.config);
  const outDir = fileURLToPath(dir);
  const portalDir = join(outDir, cfg.prefix);
  const pages = prepared.pages;
  if (pages && cfg.reuseFrom && pages.previous) {
    const started = Date.now();
    const linked = linkReusedPages(pages, cfg.reuseFrom, outDir);
    logger.info(`kb: ${linked} unchanged pages kept from the previous build (${seconds(started)}s)`);
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
  logger.info(
    `kb: machine outputs written, ${assets.attachments} attachments copied${assets.katex ? ', KaTeX stylesheet and fonts' : ''}${assets.mermaid ? ', mermaid' : ''} (${seconds(started)}s)`,
  );
  started = Date.now();
  const feed = state.searchFeed;
  delete (globalThis as { [SEARCH_FEED]?: unknown })[SEARCH_FEED];
  state.searchFeed = undefined;
  await feed?.settled();
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
    indexedEarly: feed?.indexed,
    log: (line) => logger.info(line),
  });
  logger.info(`kb: pagefind done (${seconds(started)}s)`);
  removeContentStubs(outDir);
  pruneNoteHtml(cfg.htmlDir, prepared.htmlKeys);
  if (pages && cfg.reuseFrom) commitPageManifests(pages, cfg.reuseFrom, outDir);
  const turnedOff = cfg.rawMarkdown ? [] : ['per-note .md files (kb.config.yaml site.rawMarkdown: false); llms.txt links the note pages'];
  const summary = outputSummary(measureOutput(portalDir, prepared.model.index.notes.length), turnedOff, {
    paths: state.timedOut,
    mdx: prepared.mdxTimedOut,
    deadlineMs: cfg.renderDeadlineMs,
  });
  for (const line of summary.info) logger.info(line);
  for (const line of summary.warn) logger.warn(line);
}

/**
 * A site without content collections gets Astro's two empty content-layer stubs copied into its output as
 * `content-assets.mjs` and `content-modules.mjs`; nothing loads them. Removed only when they are the stubs.
 */
function removeContentStubs(outDir: string): void {
  for (const name of ['content-assets.mjs', 'content-modules.mjs']) {
    const file = join(outDir, name);
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === 'export default new Map();') rmSync(file);
  }
}
