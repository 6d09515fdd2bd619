// Live preview in `astro dev`: the knowledge folder is watched; a saved, added or deleted note (or aliases.md,
// kb.config.yaml) is indexed again through the index cache, the pages' data is rewritten, the virtual module is
// invalidated and the browser reloads. The machine outputs (kb-index.json, the island's data, `.md` files, packs)
// are served from memory at their build URLs.
import { join, relative, sep } from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import type { Plugin, ViteDevServer } from 'vite';
import type { PackData } from '../core/context/buildPackData.js';
import { PORTAL_FILES } from '../core/site/portalData.js';
import type { SitePack } from '../core/site/sitePack.js';
import type { PreparedSite } from '../site/prepare/prepareSite.js';
import type { PortalConfig } from '../site/options/resolvePortal.js';
import { invalidatePortalModules } from './vitePlugin.js';
import { siteFileServer } from '../site/dev/siteFileServer.js';
import { SETTLE_MS } from '../site/dev/settleMs.js';

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

      server.middlewares.use(
        siteFileServer({ site: dev.site, packData: dev.packData, packs: dev.packs, root: dev.config.root, wholeSite: dev.config.prefix === '/' }),
      );
    },
  };
}
