import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../writeFileAtomic.js';
import { getSiteData } from './siteData.js';

/**
 * Incremental rendering of the routes that come by the thousand (note pages, their `.md`, tag pages).
 *
 * Each such page renders only from its props (plus the site-wide layout: title, navigation, base, code), so a
 * route's fingerprint is a hash of its props and those. scripts/build.mjs passes three things:
 * - `KB_PAGES_SALT`: a hash of the site's code and the build options; without it every route renders (plain
 *   `astro build`, `astro dev`, the tests' builds);
 * - `KB_PAGES_PENDING`: a folder where each route kind writes its manifest (`<kind>.json`: every route's output
 *   file and fingerprint, and which of them were skipped);
 * - `KB_PAGES_PREVIOUS`: the manifest of the build now in the output folder, only when that output is the one it
 *   describes. A route whose fingerprint is in it is left out of getStaticPaths, and the build script links its
 *   file from the previous output into the new one (and falls back to a full build when one is missing).
 */
export const PageManifestSchema = z.object({
  kind: z.string(),
  /** [output file relative to the site root, fingerprint] of every route of the kind, rendered or skipped. */
  routes: z.array(z.tuple([z.string(), z.string()])),
  /** Output files this build did not render, to link from the previous output. */
  skipped: z.array(z.string()),
});
export type PageManifest = z.infer<typeof PageManifestSchema>;

export interface StaticRoute<P> {
  params: Record<string, string | undefined>;
  props: P;
}

/** The routes of one kind this build must render; records all of them for the next build. */
export function changedRoutes<P>(
  kind: string,
  routes: StaticRoute<P>[],
  fileOf: (route: StaticRoute<P>) => string,
  env: NodeJS.ProcessEnv = process.env,
): StaticRoute<P>[] {
  const salt = env['KB_PAGES_SALT'];
  const pending = env['KB_PAGES_PENDING'];
  if (!salt || !pending) return routes;
  const site = layoutFingerprint(salt);
  const previous = readPrevious(env['KB_PAGES_PREVIOUS'], kind);
  const manifest: PageManifest = { kind, routes: [], skipped: [] };
  const render: StaticRoute<P>[] = [];
  for (const route of routes) {
    const file = fileOf(route);
    const fp = createHash('sha256')
      .update(site)
      .update('\0')
      .update(kind)
      .update('\0')
      .update(JSON.stringify(route.params))
      .update('\0')
      .update(JSON.stringify(route.props))
      .digest('base64url')
      .slice(0, 22);
    manifest.routes.push([file, fp]);
    if (previous?.get(file) === fp) manifest.skipped.push(file);
    else render.push(route);
  }
  writeFileAtomic(join(pending, `${kind}.json`), JSON.stringify(manifest));
  return render;
}

/** Output file of a page route under `build.format: 'directory'` (`/notes/a/` → `notes/a/index.html`). */
export function pageFile(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/index.html` : 'index.html';
}

/** Output file of an endpoint route (`/notes/a.md` → `notes/a.md`). */
export function endpointFile(pathname: string): string {
  return pathname.replace(/^\/+|\/+$/g, '');
}

/** What every page shows beside its own props: the layout's title and navigation, base and origin, the code. */
function layoutFingerprint(salt: string): string {
  const { index, base, siteUrl, trustHtml } = getSiteData();
  return JSON.stringify([salt, index.title, index.sharing, base, siteUrl ?? '', trustHtml]);
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
