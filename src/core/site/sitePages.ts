import { PAGE_TYPES, type PageType, type SitePagesInput } from './pageTypes.js';

/** Root-relative URL of every HTML page the portal builds (the sitemap lists them): each page type's pages. */
export function sitePages(site: SitePagesInput): string[] {
  return PAGE_TYPES.flatMap((t: PageType) => t.pages(site));
}
