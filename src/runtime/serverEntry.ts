// The compiled site's server entry (the adapter's serverEntrypoint, src/site/app/compileApp.ts): what `kb build` and
// `kb dev` import to render pages with Astro's App, the setter that points the pages at a folder's prepared data, and
// each page's fingerprint for incremental builds.
import type { SSRManifest } from 'astro';
import { portalSite } from './portalSite.ts';
import { routeFingerprint } from './routeFingerprint.ts';
import { setPortalRuntime } from './portalRuntime.ts';
import { tagPages } from './tagPages.ts';

/**
 * What the pages compute once per generation of the data, computed now: the site model and every tag's page (a query
 * over the whole index each). A build's render threads call it before their first page, so the deadline of one page
 * never counts the work of all.
 */
function warmPortal(): void {
  portalSite();
  tagPages();
}

export function createExports(manifest: SSRManifest) {
  return { manifest, setPortalRuntime, routeFingerprint, warmPortal };
}
