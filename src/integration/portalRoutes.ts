import { PACKAGE_ROOT } from '../node/packageRoot.js';

/** The portal's pages: URL pattern inside the prefix → page file in src/routes/ of this package. */
const ROUTES: readonly [pattern: string, file: string][] = [
  ['', 'index.astro'],
  ['notes/[...slug]', 'notes/[...slug].astro'],
  ['tags', 'tags/index.astro'],
  ['tags/[tag]', 'tags/[tag].astro'],
  ['categories', 'categories/index.astro'],
  ['categories/[category]', 'categories/[category].astro'],
  ['projects', 'projects/index.astro'],
  ['projects/[key]', 'projects/[key].astro'],
  ['shared', 'shared/index.astro'],
  ['shared/[key]', 'shared/[key].astro'],
  ['packs', 'packs/index.astro'],
  ['packs/[slug]', 'packs/[slug].astro'],
  ['folders/[...folder]', 'folders/[...folder].astro'],
  ['query', 'query/index.astro'],
  ['search', 'search/index.astro'],
  ['health', 'health/index.astro'],
  // Canvases and bases: the extension keeps their URLs apart from the notes' (src/core/site/boardPages.ts).
  ['notes/[...dir]/[name].canvas', 'boards/canvas.astro'],
  ['notes/[...dir]/[name].base', 'boards/base.astro'],
  ['graph', 'graph/index.astro'],
];

/**
 * Routes to inject under `prefix` (`/` or `/kb/`). The 404 page comes with them only when the portal is the
 * whole site: a host site keeps its own.
 */
export function portalRoutes(prefix: string): { pattern: string; entrypoint: string }[] {
  const routes = ROUTES.map(([pattern, file]) => ({ pattern: `${prefix}${pattern}`.replace(/(.)\/$/, '$1'), entrypoint: `${PACKAGE_ROOT}src/routes/${file}` }));
  if (prefix === '/') routes.push({ pattern: '/404', entrypoint: `${PACKAGE_ROOT}src/routes/404.astro` });
  return routes;
}
