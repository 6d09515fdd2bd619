// Isomorphic: the parts of the interface's strings an island needs, by area. A page hands each island the
// messages of its areas in the site's language (src/components/IslandStrings.astro); the island imports only the
// English of its areas, for keys a table lacks and pages that hand it nothing (English sites).
import { ages } from './en/agesStrings.js';
import { graph } from './en/graphStrings.js';
import { noteIslands } from './en/noteIslandsStrings.js';
import { packIsland } from './en/packStrings.js';
import { queryIsland } from './en/queryStrings.js';
import { queryView } from './en/queryViewStrings.js';
import { searchBox } from './en/searchBoxStrings.js';
import type { I18n } from './createI18n.js';
import type { Message } from './message.js';
import type { MessageKey } from './locales/en.js';

export const ISLAND_AREAS = { ages, graph, noteIslands, packIsland, queryIsland, queryView, searchBox } as const;

export type IslandArea = keyof typeof ISLAND_AREAS;

/** What a page writes for its islands: the locale, and the messages of `areas` that differ from English. */
export interface IslandStrings {
  locale: string;
  messages: Record<string, Message>;
}

/**
 * The strings of `areas` in the page's language; undefined on an English page, whose islands need nothing but their
 * own English (so an English site's pages stay as they were).
 */
export function islandStrings(i18n: Pick<I18n<MessageKey>, 'locale' | 'message'>, areas: readonly IslandArea[]): IslandStrings | undefined {
  const messages: Record<string, Message> = {};
  for (const area of areas)
    for (const [key, english] of Object.entries(ISLAND_AREAS[area])) {
      const message = i18n.message(key as MessageKey);
      if (message !== english) messages[key] = message;
    }
  return Object.keys(messages).length || i18n.locale.split('-')[0] !== 'en' ? { locale: i18n.locale, messages } : undefined;
}
