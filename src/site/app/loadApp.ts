// The compiled site (compileApp.ts) as `kb build` and `kb dev` use it: its entry imported, its manifest moved under the
// site's base path, and Astro's App over it, the runtime its adapters use to render a page for a request.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'astro/app';
import type { SSRManifest } from 'astro';
import type { PortalRuntimeConfig } from '../../core/site/portalData.js';
import type { RouteParams } from '../../core/site/routeItems.js';
import { APP_DIR } from './compileApp.js';

/** What the compiled site's entry exports (src/runtime/serverEntry.ts). */
export interface AppEntry {
  manifest: SSRManifest;
  setPortalRuntime: (config: PortalRuntimeConfig) => void;
  routeFingerprint: (salt: string, file: string, params: RouteParams) => string | undefined;
  warmPortal: (options?: { tagPages?: boolean }) => void;
  /** `kb dev` (src/runtime/serverEntry.ts): the next data's site warmed from its `site.json` head, then adopted. */
  warmPortalAhead: (token: number, head: string) => void;
  adoptPortal: (config: PortalRuntimeConfig, token: number, rest: string) => boolean;
}

export interface LoadedApp {
  /** Renders one request as Astro's server would. */
  render: (url: string) => Promise<Response>;
  /** Points the pages at a folder's prepared data. */
  setData: (config: PortalRuntimeConfig) => void;
  /** A dynamic page's fingerprint for incremental builds, for the data set last (undefined: always rendered). */
  fingerprint: (salt: string, file: string, params: RouteParams) => string | undefined;
  /** Computes now what the pages compute once per generation of the data (the site model, the tag pages unless `tagPages: false`). */
  warm: (options?: { tagPages?: boolean }) => void;
}

/** The compiled site's manifest (compiled at base `/`) for a site served under `base` (`/`, `/wiki/`). */
export function rebaseManifest(manifest: SSRManifest, base: string): SSRManifest {
  if (base === '/') return manifest;
  const move = (href: string) => (href.startsWith('/') ? `${base}${href.slice(1)}` : href);
  return {
    ...manifest,
    base,
    routes: manifest.routes.map((route) => ({
      ...route,
      styles: route.styles.map((style) => (style.type === 'external' ? { ...style, src: move(style.src) } : style)),
    })),
  };
}

/**
 * The compiled site's entry, imported. `preload`: every route's module too, now (Astro imports a route's module on its
 * first request: ~0.5 s of module loading spread over the first pages), as a thread does before it is given pages.
 */
export async function importApp(appDir: string = APP_DIR, { preload = false }: { preload?: boolean } = {}): Promise<AppEntry> {
  const entry = (await import(pathToFileURL(join(appDir, 'server', 'entry.mjs')).href)) as AppEntry;
  if (preload) await Promise.all([...(entry.manifest.pageMap?.values() ?? [])].map((load) => load()));
  return entry;
}

/**
 * Astro's App over an imported entry (importApp), under `base`. `streaming`: a page's body comes as it renders (a
 * server); without it (a build, `kb dev`'s page thread), a page renders whole inside `render`, so an error in it is
 * Astro's 500 page, never a broken stream.
 */
export function appOf(entry: AppEntry, base: string, { streaming = true }: { streaming?: boolean } = {}): LoadedApp {
  const app = new App(rebaseManifest(entry.manifest, base), streaming);
  return {
    render: (url) => app.render(new Request(url)),
    setData: entry.setPortalRuntime,
    fingerprint: entry.routeFingerprint,
    warm: entry.warmPortal,
  };
}
