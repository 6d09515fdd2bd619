// The compiled site's server entry (the adapter's serverEntrypoint, src/site/app/compileApp.ts): what `kb build` and
// `kb dev` import to render pages with Astro's App, the setter that points the pages at a folder's prepared data, and
// each page's fingerprint for incremental builds.
import type { SSRManifest } from 'astro';
import { adoptSite, portalSite, siteAhead } from './portalSite.ts';
import type { PortalRuntimeConfig } from '../core/site/portalData.ts';
import { routeFingerprint } from './routeFingerprint.ts';
import { setPortalRuntime } from './portalRuntime.ts';
import { tagPages } from './tagPages.ts';
import { siteLinkGraph } from '../core/site/siteLinkGraph.ts';
import { siteTree, siteTreeOf } from './siteTree.ts';

/**
 * What the pages compute once per generation of the data, computed now: the site model, every tag's page (a query
 * over the whole index each), the link graph, the notes' pager and order, what related notes are found from. A build's
 * render threads call it before their first page, so the deadline of one page never counts the work of all (at
 * 100,000 notes: 12 s, then a note page takes milliseconds). `kb dev` leaves the tag pages to the first one asked for
 * (`tagPages: false`): after a save, the page that reloads is most often the note's, and it does not wait for them.
 */
function warmPortal({ tagPages: withTagPages = true }: { tagPages?: boolean } = {}): void {
  const site = portalSite();
  if (withTagPages) tagPages();
  siteLinkGraph(site);
  siteTree();
}

/**
 * `kb dev`: what warmPortal computes, for the data the server is preparing, from `site.json`'s head (siteAhead), while
 * the server makes the rest (the render jobs) and the pages still show the data before it. adoptPortal then points
 * the pages at that data, once written.
 */
function warmPortalAhead(token: number, head: string): void {
  const site = siteAhead(token, head);
  siteLinkGraph(site);
  siteTreeOf(site);
}

/** Points the pages at `at`, the data warmed ahead as `token` (with the rest of it: `rest`, JSON), else read as written. */
function adoptPortal(at: PortalRuntimeConfig, token: number, rest: string): boolean {
  setPortalRuntime(at);
  return adoptSite(at, token, rest);
}

export function createExports(manifest: SSRManifest) {
  return { manifest, setPortalRuntime, routeFingerprint, warmPortal, warmPortalAhead, adoptPortal };
}
