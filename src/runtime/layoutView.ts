// What every page shows beside its own props (Base.astro and the components it holds): the site's title and
// description, its sections in the header, the sidebar of pages that are not notes, the origin for canonical URLs,
// the preview image, and the site settings a page body reads. The layout reads these from here only, and a page's
// reuse key (changedRoutes.ts) is this view itself: a new field the layout shows is in the key by construction.
import { graphSettings } from '../core/site/siteLinkGraph.ts';
import { sectionLinks } from '../core/site/pageTypes.ts';
import { createSitePaths, type SitePaths } from '../core/site/sitePaths.ts';
import { portalSite } from './portalSite.ts';
import { siteI18n, siteI18nFor } from './siteI18n.ts';
import type { SiteI18n } from '../core/i18n/localeTables.ts';
import { topBranch } from './siteTree.ts';

export function layoutView() {
  const site = portalSite();
  const { index, paths } = site;
  const i18n = siteI18n();
  const sections = sectionLinks(paths, { projects: index.projects.length > 0, sharing: Boolean(index.sharing), graph: graphSettings(site).enabled }, (key) =>
    i18n.t(key),
  );
  return {
    /** The site's locale (every page's words, numbers and days are in it). */
    locale: i18n.locale,
    title: index.title,
    description: index.description,
    root: site.root,
    siteUrl: site.siteUrl,
    noindex: site.noindex ?? false,
    image: site.image,
    sections,
    /** The sidebar of a page that is not a note (a note's own branch is in its props). */
    topBranch: topBranch(),
    /** Settings a page body reads beside its props. */
    trustHtml: site.trustHtml,
    rawMarkdown: site.rawMarkdown,
  };
}

export type LayoutView = ReturnType<typeof layoutView>;

/** The interface's words and formats for the layout's components, from the view's locale (so it is in the key). */
export function layoutI18n(): SiteI18n {
  return siteI18nFor(layoutView().locale);
}

/** The site's paths, made from the view's root: what the layout's components link with. */
export function layoutPaths(): SitePaths {
  return createSitePaths(portalSite().root);
}
