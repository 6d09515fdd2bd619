// kbPortal(): the knowledge portal as one Astro integration. It indexes the knowledge folder once in its own
// process, injects the portal's pages under `prefix`, hands pages their data through a virtual module, renders
// Markdown in worker threads while Astro bundles, writes the machine outputs and the Pagefind index when the build
// is done, and in `astro dev` re-indexes on every change of the folder.
//
//   import kbPortal from 'kb-portal';
//   export default defineConfig({ integrations: [kbPortal({ kb: './knowledge', prefix: '/kb/' })] });
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import mdx from '@astrojs/mdx';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PackData } from '../core/context/buildPackData.js';
import type { SitePack } from '../core/site/sitePack.js';
import { loadKbConfig, ConfigError } from '../node/loadKbConfig.js';
import { rankerCodeHash, rendererCodeHash } from '../node/cache/rendererCodeHash.js';
import { hasNoteHtml, pruneNoteHtml } from '../node/site/noteHtmlCache.js';
import { mdxOptions } from '../node/site/markdownConfig.js';
import { renderNotes } from '../node/site/renderNotes.js';
import { renderSetup, renderWorkers, withoutTitleHeading } from '../node/site/noteHtml.js';
import { emitNoteAssets } from '../node/site/emitNoteAssets.js';
import { devPreviewPlugin } from './devPreview.js';
import { parseKbPortalOptions, type KbPortalOptionsInput } from './kbPortalOptions.js';
import { indexWithPagefind } from './pagefindShards.js';
import { pagesSalt } from './pagesSalt.js';
import { portalRoutes, PACKAGE_ROOT } from './portalRoutes.js';
import { prepareSite, SiteBuildError, type PreparedSite } from './prepareSite.js';
import { siteDigests, sitePackData, writeSiteHealth, writeSitePacks } from './preparePacks.js';
import { resolvePortal, type PortalConfig } from './resolvePortal.js';
import { commitPageManifests, linkReusedPages, pageManifests } from './reusePages.js';
import { siteFiles, writeSiteFiles } from './siteFiles.js';
import { tokenRanksPlugin } from './tokenRanksPlugin.js';
import { measureOutput, outputSummary } from './outputSummary.js';
import { portalVitePlugin } from './vitePlugin.js';

export type { KbPortalOptionsInput as KbPortalOptions } from './kbPortalOptions.js';
export { SiteBuildError } from './prepareSite.js';

const workerUrl = (name: string) => new URL(`../node/site/${name}.js`, import.meta.url);

export default function kbPortal(input: KbPortalOptionsInput = {}): AstroIntegration {
  const options = parseKbPortalOptions(input);
  let config: PortalConfig | undefined;
  let site: PreparedSite | undefined;
  let generation = 0;
  let packData: Promise<PackData> | undefined;
  let packs: SitePack[] = [];
  let ready: Promise<void> = Promise.resolve();
  let projectRoot = '';

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('kb-portal: the knowledge folder was not prepared (internal error)');
    return value;
  };

  /** Index the folder and write what pages read; `manifests`: record page manifests for an incremental build. */
  async function prepare(logger: AstroIntegrationLogger, manifests: boolean): Promise<PreparedSite> {
    const cfg = need(config);
    const started = Date.now();
    logger.info(`kb: indexing ${cfg.kbDir}`);
    const prepared = await prepareSite(cfg, {
      rendererHash: rendererCodeHash(),
      hasHtml: (key) => hasNoteHtml(cfg.htmlDir, key),
      pages: manifests ? pageManifests(cfg, pagesSalt(projectRoot, cfg), (line) => logger.info(line)) : undefined,
      warn: (line) => logger.warn(line),
    });
    for (const line of prepared.summary) logger.info(line);
    logger.info(`kb: indexed ${prepared.model.index.notes.length} notes (${seconds(started)}s)`);
    site = prepared;
    generation++;
    return prepared;
  }

  /** The pack data, every configured pack (packs.json) and the knowledge health (health.json), for this generation of the folder. */
  function startPacks(prepared: PreparedSite, inWorker: boolean): Promise<void> {
    packData = sitePackData(prepared, rankerCodeHash(), inWorker ? workerUrl('packDataWorker') : undefined);
    return packData.then((data) => {
      packs = writeSitePacks(prepared, data);
      writeSiteHealth(prepared, packs);
    });
  }

  return {
    name: 'kb-portal',
    hooks: {
      'astro:config:setup': async ({ config: astro, command, updateConfig, injectRoute, logger }) => {
        projectRoot = fileURLToPath(astro.root);
        const kbDir = resolvePortal(options, { root: astro.root, outDir: astro.outDir, base: astro.base, site: astro.site }, { site: { base: '/' } }, '').kbDir;
        let kbConfig;
        try {
          kbConfig = loadKbConfig(kbDir);
        } catch (err) {
          if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
          throw err;
        }
        config = resolvePortal(
          options,
          { root: astro.root, outDir: astro.outDir, base: astro.base, site: astro.site },
          kbConfig,
          new Date().toISOString().slice(0, 10),
        );
        const cfg = config;
        // `.mdx` notes resolve links and embeds against the site as last indexed (after every change in dev).
        const mdxSite = () => {
          const s = need(site);
          return {
            kbDir: cfg.kbDir,
            resolver: s.links.resolver,
            paths: s.model.paths,
            lookup: (path: string) => {
              const note = s.model.byPath.get(path);
              return note ? withoutTitleHeading(s.result.bodies.get(path) ?? '', note.title) : undefined;
            },
            size: (path: string) => s.jobContext.attachmentSizes.get(path),
          };
        };
        updateConfig({
          ...(astro.base === '/' && cfg.base !== '/' ? { base: cfg.base } : {}),
          ...(astro.site === undefined && cfg.siteUrl ? { site: cfg.siteUrl } : {}),
          integrations: astro.integrations.some((i) => i.name === '@astrojs/mdx') ? [] : [mdx(mdxOptions(mdxSite))],
          vite: {
            plugins: [
              tokenRanksPlugin(),
              portalVitePlugin({
                runtime: () => ({ dataDir: cfg.dataDir, generation }),
                mdxSources: () => new Map((site?.mdx ?? []).map((path) => [join(cfg.kbDir, path), { path, source: need(site).result.bodies.get(path) ?? '' }])),
                ready: () => ready,
              }),
              ...(command === 'dev'
                ? [
                    devPreviewPlugin({
                      config: cfg,
                      prepare: () => prepare(logger, false),
                      startPacks,
                      site: () => site,
                      packData: () => packData,
                      packs: () => packs,
                      log: logger,
                    }),
                  ]
                : []),
            ],
            // The caches are written while the dev server runs: nothing there is a module to reload.
            server: { fs: { allow: [PACKAGE_ROOT, projectRoot, cfg.kbDir] }, watch: { ignored: [`${cfg.cacheDir}/**`] } },
          },
        });
        for (const route of portalRoutes(cfg.prefix)) injectRoute({ ...route, prerender: true });
        if (command === 'build' || command === 'dev') {
          const prepared = await prepare(logger, command === 'build');
          if (command === 'dev') await startPacks(prepared, false);
        }
      },
      'astro:build:start': ({ logger }) => {
        const prepared = need(site);
        const cfg = need(config);
        const workers = renderWorkers(prepared.jobs.length, cfg.renderWorkers);
        logger.info(
          `kb: rendering ${prepared.jobs.length} of ${prepared.htmlKeys.size} Markdown notes${prepared.jobs.length && workers ? ` in ${workers} worker threads` : ''} (the others are cached)`,
        );
        const rendered = renderNotes(renderSetup(prepared.jobContext, cfg.htmlDir), prepared.jobs, { workers, workerUrl: workerUrl('renderNotesWorker') });
        const started = Date.now();
        const timed = <T>(what: string, work: Promise<T>) =>
          work.then((value) => (logger.info(`kb: ${what} (${seconds(started)}s after the build started)`), value));
        ready = Promise.all([timed(`${prepared.jobs.length} notes rendered`, rendered), timed('pack data and packs ready', startPacks(prepared, true))]).then(
          () => undefined,
        );
        ready.catch(() => undefined); // reported where it is awaited
      },
      'astro:build:done': async ({ dir, logger }) => {
        await ready;
        const prepared = need(site);
        const cfg = need(config);
        const outDir = fileURLToPath(dir);
        const portalDir = join(outDir, cfg.prefix);
        const pages = prepared.pages;
        if (pages && cfg.reuseFrom && pages.previous) {
          const started = Date.now();
          const linked = linkReusedPages(pages, cfg.reuseFrom, outDir);
          logger.info(`kb: ${linked} unchanged pages kept from the previous build (${seconds(started)}s)`);
        }
        let started = Date.now();
        const data = await need(packData);
        writeSiteFiles(
          portalDir,
          siteFiles({
            model: prepared.model,
            bodies: prepared.result.bodies,
            packData: () => data,
            digests: () => siteDigests(prepared),
            packs: () => packs,
            boards: () => prepared.boards,
            redirects: prepared.redirects,
            wholeSite: cfg.prefix === '/',
          }),
        );
        const assets = emitNoteAssets({ attachments: prepared.attachments, bodies: prepared.pageBodies }, portalDir);
        logger.info(
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
          log: (line) => logger.info(line),
        });
        logger.info(`kb: pagefind done (${seconds(started)}s)`);
        removeContentStubs(outDir);
        pruneNoteHtml(cfg.htmlDir, prepared.htmlKeys);
        if (pages && cfg.reuseFrom) commitPageManifests(pages, cfg.reuseFrom, outDir);
        const turnedOff = cfg.rawMarkdown ? [] : ['per-note .md files (kb.config.yaml site.rawMarkdown: false); llms.txt links the note pages'];
        const summary = outputSummary(measureOutput(portalDir, prepared.model.index.notes.length), turnedOff);
        for (const line of summary.info) logger.info(line);
        for (const line of summary.warn) logger.warn(line);
      },
    },
  };
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

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
