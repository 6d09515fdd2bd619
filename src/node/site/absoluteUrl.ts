import { getSiteData } from './siteData.js';

/** A root-relative URL made absolute with `site.url` when one is configured (llms.txt, sitemap). */
export function absoluteUrl(path: string): string {
  const { siteUrl } = getSiteData();
  return siteUrl ? `${siteUrl.replace(/\/+$/, '')}${path}` : path;
}
