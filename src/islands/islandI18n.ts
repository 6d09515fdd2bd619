// An island's words: the messages the page handed it for its areas (src/components/IslandStrings.astro writes them as
// JSON, in the site's language), over the island's own English for anything the page left out. Only the English of
// the island's area is in its bundle; the site's language comes with the page.
import { createI18n, type I18n } from '../core/i18n/createI18n.ts';
import type { Message, Messages } from '../core/i18n/message.ts';

/** `areas`: the areas of `english` (src/core/i18n/islandAreas.ts), whose messages the page may have handed over. */
export function islandI18n<K extends string>(areas: readonly string[], english: Messages<K>): I18n<K> {
  let locale = 'en';
  const messages: Partial<Record<K, Message>> = {};
  for (const script of document.querySelectorAll<HTMLScriptElement>('script[data-kb-i18n]')) {
    if (!(script.dataset['kbI18n'] ?? '').split(' ').some((a) => areas.includes(a))) continue;
    try {
      const data = JSON.parse(script.textContent ?? '') as { locale?: string; messages?: Record<string, Message> };
      locale = data.locale ?? locale;
      for (const [key, message] of Object.entries(data.messages ?? {})) if (key in english) messages[key as K] = message;
    } catch {
      // not the page's JSON: the island speaks English
    }
  }
  return createI18n(locale, messages, english);
}
