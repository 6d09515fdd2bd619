// Isomorphic: what a redirect is written as. A static page at the old URL (a meta refresh, the canonical link and
// a plain link, for hosts that serve files only, such as GitHub Pages), and a `_redirects` line (Netlify,
// Cloudflare Pages) so hosts that read it answer 301 before any page loads.
import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { layout } from '../i18n/en/layoutStrings.js';
import { escapeHtml } from '../util/escapeHtml.js';
import type { NoteRedirect } from './noteRedirects.js';
import { absoluteUrl } from '../site/siteModel.js';

/**
 * The page left at an old URL: it sends the reader on at once and tells search engines where the note is now, in the
 * site's language (`i18n`, default English).
 */
export function renderRedirectPage(
  redirect: Pick<NoteRedirect, 'to'>,
  options: {
    siteUrl: string | undefined;
    title: string;
    icon?: string;
    i18n?: Pick<I18n<'redirect.title' | 'redirect.text'>, 't' | 'parts' | 'locale' | 'dir'>;
  },
): string {
  const i18n = options.i18n ?? englishI18n(layout);
  const to = escapeHtml(redirect.to);
  const canonical = escapeHtml(absoluteUrl(options.siteUrl, redirect.to));
  return [
    '<!doctype html>',
    i18n.dir === 'rtl' ? `<html lang="${escapeHtml(i18n.locale)}" dir="rtl">` : `<html lang="${escapeHtml(i18n.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(i18n.t('redirect.title', { site: options.title }))}</title>`,
    `<link rel="canonical" href="${canonical}">`,
    // The site's icon, as on every page: without one the browser asks for /favicon.ico, which a site may not have.
    ...(options.icon ? [`<link rel="icon" href="${escapeHtml(options.icon)}" type="image/svg+xml">`] : []),
    `<meta http-equiv="refresh" content="0; url=${to}">`,
    // An old address is never a result of its own, whatever the site's setting.
    '<meta name="robots" content="noindex">',
    '</head>',
    '<body>',
    `<p>${i18n
      .parts('redirect.text')
      .map((p) => (typeof p === 'string' ? escapeHtml(p) : `<a href="${to}">${to}</a>`))
      .join('')}</p>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * `_redirects`: one `from to 301` line per redirect (URL paths are percent-encoded, so never hold a space); a permalink
 * at the site's root also without its trailing slash, as Obsidian Publish links it (`/billing`).
 */
export function renderRedirectsFile(redirects: readonly Pick<NoteRedirect, 'from' | 'to' | 'reason'>[]): string {
  return redirects.map((r) => `${r.reason === 'publish' ? `${r.from.replace(/\/$/, '')} ${r.to} 301\n` : ''}${r.from} ${r.to} 301\n`).join('');
}
