// The interface's strings and formats for the pages being rendered: the site's locale (kb.config.yaml
// `site.locale`, in the settings the integration wrote), its table made once per locale. The layout reads the locale
// through its view instead (layoutView.ts `layoutI18n`), so a page's reuse key holds it.
import { siteI18n as createSiteI18n, type SiteI18n } from '../core/i18n/localeTables.ts';
import { portalSite, type PortalSite } from './portalSite.ts';

let memo: SiteI18n | undefined;

/** The site's locale: the settings' (the build's choice), else the index's, else English. */
export function siteLocale(): string {
  return siteLocaleOf(portalSite());
}

/** A site's locale (siteLocale). */
export const siteLocaleOf = (site: PortalSite): string => site.locale ?? site.index.locale ?? 'en';

/** The interface in `locale`, made once while the locale stays the same. */
export function siteI18nFor(locale: string): SiteI18n {
  if (memo?.locale !== locale) memo = createSiteI18n(locale);
  return memo;
}

export function siteI18n(): SiteI18n {
  return siteI18nFor(siteLocale());
}
