// astro:config:setup: resolve the options against Astro's config and kb.config.yaml, add MDX (unless the site has
// it), the portal's Vite plugins and its routes, then index the folder for a build or the dev server.
import mdx from '@astrojs/mdx';
import type { HookParameters } from 'astro';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadKbConfig } from '../../node/loadKbConfig.js';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';
import { createLiveMemo } from '../../site/prepare/prepareSite.js';
import { mdxOptions } from '../../node/site/markdownConfig.js';
import { withoutTitleHeading } from '../../node/site/noteRenderJobs.js';
import { devPreviewPlugin } from '../devPreview.js';
import { need, prepare, startPacks, type PortalState } from '../../site/prepare/portalState.js';
import { portalRoutes } from '../../site/app/portalRoutes.js';
import { hostPagesCode, pagesSalt } from '../../site/prepare/pagesSalt.js';
import { SiteBuildError } from '../../site/prepare/siteBuildError.js';
import { resolvePortal } from '../../site/options/resolvePortal.js';
import { tokenRanksPlugin } from '../../site/app/tokenRanksPlugin.js';
import { portalVitePlugin } from '../vitePlugin.js';

export async function configSetup(
  state: PortalState,
  { config: astro, command, updateConfig, injectRoute, logger }: HookParameters<'astro:config:setup'>,
): Promise<void> {
  state.projectRoot = fileURLToPath(astro.root);
  const astroSide = { root: astro.root, outDir: astro.outDir, base: astro.base, site: astro.site };
  const kbDir = resolvePortal(state.options, astroSide, { site: { base: '/' } }, '').kbDir;
  let kbConfig;
  try {
    kbConfig = loadKbConfig(kbDir);
  } catch (err) {
    if (err instanceof ConfigError) throw new SiteBuildError(err.lines);
    throw err;
  }
  const cfg = resolvePortal(state.options, astroSide, kbConfig, new Date().toISOString().slice(0, 10));
  state.config = cfg;
  // The dev server reads the folder again on every save: only what the save may change is done again (LiveMemo).
  if (command === 'dev') state.liveMemo = createLiveMemo();
  // `.mdx` notes resolve links and embeds against the site as last indexed (after every change in dev).
  const mdxSite = () => {
    const s = need(state.site);
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
          runtime: () => ({ dataDir: cfg.dataDir, generation: state.generation }),
          mdxSources: () =>
            new Map((state.site?.mdx ?? []).map((path) => [join(cfg.kbDir, path), { path, source: need(state.site).result.bodies.get(path) ?? '' }])),
          ready: () => state.ready,
        }),
        ...(command === 'dev'
          ? [
              devPreviewPlugin({
                config: cfg,
                prepare: () => prepare(state, logger, undefined),
                startPacks: (prepared, inWorker) => startPacks(state, prepared, inWorker),
                site: () => state.site,
                packData: () => state.packData,
                packs: () => state.packs,
                log: logger,
              }),
            ]
          : []),
      ],
      // The caches are written while the dev server runs: nothing there is a module to reload.
      server: { fs: { allow: [PACKAGE_ROOT, state.projectRoot, cfg.kbDir] }, watch: { ignored: [`${cfg.cacheDir}/**`] } },
    },
  });
  for (const route of portalRoutes(cfg.prefix)) injectRoute({ ...route, prerender: true });
  if (command === 'build' || command === 'dev') {
    const prepared = await prepare(state, logger, command === 'build' ? pagesSalt(hostPagesCode(state.projectRoot, cfg), cfg) : undefined, {
      packThread: command === 'build',
    });
    if (command === 'dev') await startPacks(state, prepared, false);
  }
}
