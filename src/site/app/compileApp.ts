// The portal's site, compiled once: an Astro server build of its routes, components, islands and styles into
// lib/app/ (server/ the pages as modules, client/ the browser assets), made when the package is built (`prepare`,
// scripts/compile.mjs) and again in a checkout when its sources change (appStamp.ts). `kb build` and `kb dev` import it
// and render each page with Astro's App (loadApp.ts): no Vite, no Rollup, no `astro build` when a user builds a folder.
// The pages read the folder's data at run time through `virtual:kb-portal/config`, which here is a module the render
// sets (src/runtime/portalRuntime.ts), not data fixed in the bundle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';
import { portalRoutes } from './portalRoutes.js';
import { tokenRanksPlugin } from './tokenRanksPlugin.js';

/** Where the compiled site lies: `server/entry.mjs` and `client/`. */
export const APP_DIR = join(PACKAGE_ROOT, 'lib', 'app');
/** Its browser assets (`_astro/…`): copied into a build's output as they are, served by `kb dev`. */
export const APP_CLIENT_DIR = join(APP_DIR, 'client');

/** The modules the compiled site is made from: every page, the server entry, the token ranks' browser stand-in. */
export function appEntries(): string[] {
  return [
    ...portalRoutes('/').map((r) => r.entrypoint),
    join(PACKAGE_ROOT, 'src/runtime/serverEntry.ts'),
    join(PACKAGE_ROOT, 'src/islands/tokenRanks.ts'),
    join(PACKAGE_ROOT, 'src/site/app/compileApp.ts'),
  ];
}

const ENTRY = join(PACKAGE_ROOT, 'src/runtime/serverEntry.ts');
const RUNTIME = join(PACKAGE_ROOT, 'src/runtime/portalRuntime.ts');

/**
 * The adapter: Astro's server build with our entry, whose exports (serverEntry.ts) are the manifest App takes, the
 * data setter and the page list. Pages render on request (`prerender: false`), so nothing is rendered here.
 */
function compiledPortal(): AstroIntegration {
  return {
    name: 'kb-portal:compiled',
    hooks: {
      'astro:config:setup': ({ injectRoute, updateConfig }) => {
        for (const route of portalRoutes('/')) injectRoute({ ...route, prerender: false });
        updateConfig({ vite: { plugins: [tokenRanksPlugin(), runtimeModules()] } });
      },
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name: 'kb-portal:compiled',
          serverEntrypoint: ENTRY,
          exports: ['manifest', 'setPortalRuntime', 'routeFingerprint', 'warmPortal', 'warmPortalAhead', 'adoptPortal'],
          adapterFeatures: { buildOutput: 'server', edgeMiddleware: false },
          supportedAstroFeatures: { serverOutput: 'stable', staticOutput: 'stable', hybridOutput: 'stable' },
        }),
    },
  };
}

/** The virtual modules as the compiled site has them: the data's location set at run time; no `.mdx` notes compiled here. */
function runtimeModules(): Plugin {
  return {
    name: 'kb-portal:runtime-modules',
    enforce: 'pre',
    resolveId(id) {
      if (id === 'virtual:kb-portal/config') return RUNTIME;
      if (id === 'virtual:kb-portal/mdx') return '\0kb-portal:no-mdx';
      return undefined;
    },
    load(id) {
      return id === '\0kb-portal:no-mdx' ? 'export default {};' : undefined;
    },
  };
}

/**
 * Packages the site imports that kb-portal does not depend on itself (Astro's own dependencies): bundled into the
 * site, so it runs wherever kb-portal and its dependencies are installed, however the installer lays them out.
 * kb-portal's own dependencies stay in node_modules: the pages render notes, packs and text analysis with the same
 * copies as the CLI and the Markdown threads, whatever versions the installer resolved (bundled, they would be those
 * of the day the package was built, and a note's HTML would depend on which thread rendered it).
 */
function foreignPackages(): RegExp {
  const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const own = Object.keys(manifest.dependencies ?? {}).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^(?!(?:${own.join('|')})(?:/|$))[^./\\0]`);
}

/** Compiles the site into APP_DIR (about 6 s). */
export async function compileApp(): Promise<void> {
  // Nothing a build does reaches the network: no telemetry, no check for a newer Astro.
  process.env['ASTRO_TELEMETRY_DISABLED'] ??= '1';
  process.env['ASTRO_DISABLE_UPDATE_CHECK'] ??= 'true';
  const { build } = await import('astro');
  await build({
    root: PACKAGE_ROOT,
    configFile: false,
    logLevel: 'warn',
    output: 'server',
    outDir: APP_DIR,
    trailingSlash: 'always',
    build: { format: 'directory', inlineStylesheets: 'never', client: join(APP_DIR, 'client/'), server: join(APP_DIR, 'server/') },
    adapter: compiledPortal(),
    integrations: [],
    image: { service: { entrypoint: 'astro/assets/services/noop' } },
    devToolbar: { enabled: false },
    vite: {
      ssr: { noExternal: [foreignPackages()] },
      // Compiled at base `/` and served under any base: what a script loads it finds next to itself, not at `/_astro/`.
      experimental: { renderBuiltUrl: (_file: string, { hostType }: { hostType: string }) => (hostType === 'js' ? { relative: true } : undefined) },
      build: { chunkSizeWarningLimit: 2500, reportCompressedSize: false, assetsInlineLimit: 0 },
    },
  });
}
