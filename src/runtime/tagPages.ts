// Every tag's page (src/core/views/tagPageView.ts), computed once per generation of the site's data: the tag
// pages show them, the home and /tags/ pages show their counts.
import { runQuery } from '../core/query/runQuery.ts';
import { buildQueryView } from '../core/views/queryView.ts';
import { buildTagPages, type TagPageView } from '../core/views/tagPageView.ts';
import { portalSite, type PortalSite } from './portalSite.ts';
import { siteI18n } from './siteI18n.ts';

let memo: { site: PortalSite; pages: Map<string, TagPageView> } | undefined;

export function tagPages(): Map<string, TagPageView> {
  const site = portalSite();
  if (memo?.site === site) return memo.pages;
  const i18n = siteI18n();
  const pages = buildTagPages(
    site.index,
    site.tags,
    (tag) => {
      const result = runQuery(site.index, tag, { today: site.today });
      return { result, view: buildQueryView(result, site.index, (path) => site.byPath.get(path), site.today, Infinity, i18n) };
    },
    i18n,
  );
  memo = { site, pages };
  return pages;
}

/** How many notes a tag's page lists (0 for a tag without a page). */
export function tagCount(tag: string): number {
  return tagPages().get(tag)?.count ?? 0;
}
