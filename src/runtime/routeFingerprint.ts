// A page's fingerprint as the compiled site's render asks for it (src/site/render/): by its page file and params.
import type { RouteParams } from '../core/site/routeItems.ts';
import { layoutView } from './layoutView.ts';
import { pageFingerprint } from './pageFingerprint.ts';
import { ROUTE_TABLES } from './pageRoutes.ts';

/**
 * The fingerprint of the page of `file` (pageTypes.ts) at `params`, for the data set last; undefined for a page that
 * is always rendered again (static pages, packs, boards) or that does not exist.
 */
export function routeFingerprint(salt: string, file: string, params: RouteParams): string | undefined {
  const table = ROUTE_TABLES[file];
  if (!table?.incremental) return undefined;
  const props = table.props(params);
  return props === undefined ? undefined : pageFingerprint(salt, layoutView(), table.kind, params, props);
}
