// The compiled site's server entry (the adapter's serverEntrypoint, src/site/app/compileApp.ts): what `kb build` and
// `kb dev` import to render pages with Astro's App, the setter that points the pages at a folder's prepared data, and
// each page's fingerprint for incremental builds.
import type { SSRManifest } from 'astro';
import { routeFingerprint } from './routeFingerprint.ts';
import { setPortalRuntime } from './portalRuntime.ts';

export function createExports(manifest: SSRManifest) {
  return { manifest, setPortalRuntime, routeFingerprint };
}
