// Incremental pages: the routes that come by the thousand (note, tag, category, project and team-shared pages)
// render only from their props, so each gets a fingerprint; a route whose fingerprint equals the one the
// previous build recorded is left out, and the integration links its file from the previous output.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageSection } from '../core/site/pageTypes.ts';
import { PageManifestSchema, type PageManifest } from '../core/site/pageManifest.ts';
import { writeFileAtomic } from '../node/writeFileAtomic.ts';
import { portalSite } from './portalSite.ts';
import { layoutView } from './layoutView.ts';
import { pageFingerprint } from './pageFingerprint.ts';

export interface StaticRoute<P> {
  params: Record<string, string | undefined>;
  props: P;
}

/**
 * The routes of one kind this build must render; records every route of the kind for the next build.
 * `pathOf` gives a route's URL path inside the portal (`notes/a`).
 */
export function changedRoutes<R extends StaticRoute<unknown>>(kind: PageSection, routes: R[], pathOf: (route: R) => string): R[] {
  const site = portalSite();
  const pages = site.data.pages;
  if (!pages) return routes;
  const fileOf = (route: R) => pageFile(`${site.data.prefix}${pathOf(route)}`);
  const layout = layoutView();
  const previous = readPrevious(pages.previous, kind);
  const manifest: PageManifest = { kind, routes: [], skipped: [] };
  const render: R[] = [];
  for (const route of routes) {
    const file = fileOf(route);
    const fp = pageFingerprint(pages.salt, layout, kind, route.params, route.props);
    manifest.routes.push([file, fp]);
    if (previous?.get(file) === fp) {
      manifest.skipped.push(file);
    } else render.push(route);
  }
  writeFileAtomic(join(pages.pending, `${kind}.json`), JSON.stringify(manifest));
  return render;
}

/** Output file of a page route under `build.format: 'directory'` (`/notes/a/` → `notes/a/index.html`). */
export function pageFile(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

function readPrevious(dir: string | undefined, kind: string): Map<string, string> | undefined {
  if (!dir) return undefined;
  try {
    const parsed = PageManifestSchema.safeParse(JSON.parse(readFileSync(join(dir, `${kind}.json`), 'utf8')));
    return parsed.success ? new Map(parsed.data.routes) : undefined;
  } catch {
    return undefined; // no manifest for this kind yet: render all of it
  }
}
