import { pageRoutes } from '../../core/site/pageTypes.js';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';

/**
 * Routes to inject under `prefix` (`/` or `/kb/`): the page types' routes (src/core/site/pageTypes.ts). The 404
 * page comes with them only when the portal is the whole site: a host site keeps its own.
 */
export function portalRoutes(prefix: string): { pattern: string; entrypoint: string }[] {
  const routes = pageRoutes().map(({ pattern, file }) => ({
    pattern: `${prefix}${pattern}`.replace(/(.)\/$/, '$1'),
    entrypoint: `${PACKAGE_ROOT}src/routes/${file}`,
  }));
  if (prefix === '/') routes.push({ pattern: '/404', entrypoint: `${PACKAGE_ROOT}src/routes/404.astro` });
  return routes;
}
