import { absoluteUrl } from '../site/siteModel.js';

/**
 * `robots.txt` at the site's root: every crawler may read everything and finds the sitemap (when the site has a
 * public origin: the Sitemap line must be absolute), or, for an internal portal (`site.noindex: true`), nothing.
 */
export function renderRobotsTxt(options: { noindex: boolean; siteUrl: string | undefined; sitemap: string }): string {
  if (options.noindex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n${options.siteUrl ? `\nSitemap: ${absoluteUrl(options.siteUrl, options.sitemap)}\n` : ''}`;
}
