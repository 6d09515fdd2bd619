// Live preview in `astro dev`: the knowledge folder is watched; a saved, added or deleted note (or aliases.md,
// kb.config.yaml) is indexed again through the index cache, the pages' data is rewritten, the virtual module is
// invalidated and the browser reloads. The machine outputs (kb-index.json, the island's data, `.md` files, packs)
// are served from memory at their build URLs.
import { createReadStream } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import type { PackData } from '../core/context/buildPackData.js';
import { PORTAL_FILES } from '../core/site/portalData.js';
import type { SitePack } from '../core/site/sitePack.js';
import type { PreparedSite } from './prepareSite.js';
import { noteAssets, type NoteAsset } from '../node/site/emitNoteAssets.js';
import { siteDigests } from './preparePacks.js';
import type { PortalConfig } from './resolvePortal.js';
import { siteFiles, type SiteFile } from './siteFiles.js';
import { invalidatePortalModules } from './vitePlugin.js';

export interface DevPreview {
  config: PortalConfig;
  /** Index the folder again and rewrite the pages' data. */
  prepare: () => Promise<PreparedSite>;
  startPacks: (site: PreparedSite, inWorker: boolean) => Promise<void>;
  site: () => PreparedSite | undefined;
  packData: () => Promise<PackData> | undefined;
  packs: () => SitePack[];
  log: AstroIntegrationLogger;
}

const ASSET_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

/** Changes closer together than this are indexed once. */
const SETTLE_MS = 40;

export function devPreviewPlugin(dev: DevPreview): Plugin {
  return {
    name: 'kb-portal:dev',
    apply: 'serve',
    configureServer(server) {
      const { kbDir, cacheDir } = dev.config;
      server.watcher.add(kbDir);
      let timer: NodeJS.Timeout | undefined;
      let running: Promise<void> = Promise.resolve();
      const inFolder = (file: string) => {
        const rel = relative(kbDir, file);
        return (
          rel !== '' && !rel.startsWith(`..`) && !file.startsWith(cacheDir + sep) && !rel.split(sep).some((part) => part === '.git' || part === 'node_modules')
        );
      };
      const changed = (file: string) => {
        if (!inFolder(file)) return;
        clearTimeout(timer);
        timer = setTimeout(() => {
          running = running.then(() => refresh(server)).catch((err: unknown) => dev.log.error(`kb: ${err instanceof Error ? err.message : String(err)}`));
        }, SETTLE_MS);
      };
      const refresh = async (s: ViteDevServer) => {
        const started = Date.now();
        const site = await dev.prepare();
        await dev.startPacks(site, false);
        invalidatePortalModules(s);
        // Astro keeps each page's getStaticPaths until a watched file changes: tell it the data did.
        s.watcher.emit('change', join(dev.config.dataDir, PORTAL_FILES.site));
        s.ws.send({ type: 'full-reload' });
        dev.log.info(`kb: ${site.model.index.notes.length} notes indexed again in ${Date.now() - started} ms`);
      };
      for (const event of ['add', 'change', 'unlink'] as const) server.watcher.on(event, changed);

      let files: { site: PreparedSite; byPath: Map<string, SiteFile>; assets: Map<string, NoteAsset> } | undefined;
      server.middlewares.use((req, res, next) => {
        const site = dev.site();
        const path = decodeURIComponent((req.url ?? '').split(/[?#]/)[0]!);
        if (!site || !path.startsWith(dev.config.root)) return next();
        void (async () => {
          if (files?.site !== site) {
            const data = await dev.packData();
            const list = siteFiles({
              model: site.model,
              bodies: site.result.bodies,
              packData: () => data!,
              digests: () => siteDigests(site),
              packs: dev.packs,
              boards: () => site.boards,
              redirects: site.redirects,
              wholeSite: dev.config.prefix === '/',
            });
            const assets = noteAssets({ attachments: site.attachments, bodies: site.pageBodies }).files;
            files = { site, byPath: new Map(list.map((f) => [f.path, f])), assets: new Map(assets.map((a) => [a.output, a])) };
          }
          const rel = path.slice(dev.config.root.length);
          const asset = files.assets.get(rel);
          if (asset) {
            res.setHeader('Content-Type', ASSET_TYPES[extname(rel).toLowerCase()] ?? 'application/octet-stream');
            if (asset.text !== undefined) return void res.end(asset.text); // a text attachment with credentials redacted
            return void createReadStream(asset.source).on('error', next).pipe(res);
          }
          const file = files.byPath.get(rel) ?? (rel.endsWith('/') ? files.byPath.get(`${rel}index.html`) : undefined);
          if (!file) return next();
          const text = file.text();
          res.setHeader('Content-Type', file.type);
          res.end(typeof text === 'string' ? text : [...text].join(''));
        })().catch(next);
      });
    },
  };
}
