// Isomorphic: the languages the interface ships in, and which one a site's locale reads. Imported by the build
// only (pages are rendered there); an island gets its strings from the page instead (islandAreas.ts).
import { createI18n, type I18n } from './createI18n.js';
import ar from './locales/ar.js';
import de from './locales/de.js';
import en, { type MessageKey, type SiteLocaleTable } from './locales/en.js';
import es from './locales/es.js';
import fr from './locales/fr.js';
import ja from './locales/ja.js';
import ko from './locales/ko.js';
import ptBR from './locales/pt-BR.js';
import zhCN from './locales/zh-CN.js';

/** Every table shipped, English first. */
export const LOCALE_TABLES: readonly SiteLocaleTable[] = [en, de, fr, es, ptBR, ja, zhCN, ko, ar];

const language = (tag: string) => tag.split('-')[0]!.toLowerCase();

/**
 * The table a locale reads: its own (`pt-BR`), else the first of its language (`de-AT` → `de`, `pt-PT` → `pt-BR`,
 * `zh-TW` → `zh-CN`), else English.
 */
export function localeTable(locale: string): SiteLocaleTable {
  const tag = locale.toLowerCase();
  return LOCALE_TABLES.find((t) => t.locale.toLowerCase() === tag) ?? LOCALE_TABLES.find((t) => language(t.locale) === language(tag)) ?? en;
}

/** The interface in `locale`: its table's words (English where it has none), numbers and days in `locale` itself. */
export function siteI18n(locale: string): SiteI18n {
  const table = localeTable(locale);
  return { ...createI18n(locale, table.messages, en.messages, { dateStyle: table.dateStyle }), uiLocale: table.locale };
}

export interface SiteI18n extends I18n<MessageKey> {
  /** The table's language: what the interface's words are in (`en` for a locale no table covers). */
  uiLocale: string;
}

export type { MessageKey };
