import { runQuery } from '../../core/query/runQuery.js';
import { buildQueryView, type QueryView } from '../../core/site/queryView.js';
import { getSiteData } from './siteData.js';

/** The view of `kb query <query>` at build time, for tag and project pages. */
export function queryViewFor(query: string): QueryView {
  const site = getSiteData();
  const result = runQuery(site.index, query, { today: site.today });
  return buildQueryView(result, site.index, (path) => site.byPath.get(path), site.today);
}
