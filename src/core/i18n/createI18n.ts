// Isomorphic: the interface's strings and formats in one locale. `t` looks a key up in the locale's messages, else
// in the fallback (English), fills its `{placeholders}` and, for a count, picks the plural form by
// Intl.PluralRules; numbers, days and lists are written with Intl in the same locale. Nothing reads the clock: a
// day is always given (the build's `--today`, a note's date).
import type { DateStyle, Message, MessageParams, Messages } from './message.js';
import { textDirection, type TextDirection } from './textDirection.js';

/** A piece of a message split at its placeholders: text, or the name of a placeholder the caller fills (a link, code). */
export type MessagePart = string | { slot: string };

export interface I18n<K extends string> {
  /** The locale the strings and formats are in (BCP 47). */
  readonly locale: string;
  /** Which way its script runs, for `dir`. */
  readonly dir: TextDirection;
  /** The message, its placeholders filled; a placeholder without a value is left as written. */
  t(key: K, params?: MessageParams): string;
  /** The message split at the placeholders `params` does not fill, for markup around them (links, code). */
  parts(key: K, params?: MessageParams): MessagePart[];
  /** The message as written in the table, unfilled (what a page hands an island). */
  message(key: K): Message;
  /** `1234` → `1,234` (en), `1.234` (de), `١٬٢٣٤` (ar). */
  number(n: number): string;
  /** A calendar day `YYYY-MM-DD`, as the locale writes days; anything else is returned as it is. */
  date(day: string): string;
  /** `a, b and c` in the locale's words. */
  list(items: readonly string[]): string;
}

export interface I18nOptions {
  /** How days are written. Default `long`. */
  dateStyle?: DateStyle | undefined;
}

const PLACEHOLDER = /\{([A-Za-z][\w]*)\}/g; // `{` name `}`: a letter, then letters, digits or `_`
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `messages` is the locale's table (any subset of the keys); `fallback` holds every key, in English. An unknown
 * or malformed locale is read as `en`.
 */
export function createI18n<K extends string>(
  locale: string,
  messages: Readonly<Partial<Record<K, Message>>>,
  fallback: Messages<K>,
  options: I18nOptions = {},
): I18n<K> {
  const tag = supportedLocale(locale);
  const plural = new Intl.PluralRules(tag);
  const numbers = new Intl.NumberFormat(tag);
  const style = options.dateStyle ?? 'long';
  const days = style === 'iso' ? undefined : new Intl.DateTimeFormat(tag, { dateStyle: style, timeZone: 'UTC' });
  const lists = new Intl.ListFormat(tag, { type: 'conjunction', style: 'long' });
  const message = (key: K): Message => messages[key] ?? fallback[key] ?? key;
  const text = (key: K, params: MessageParams): string => {
    const m = message(key);
    if (typeof m === 'string') return m;
    const count = params['count'];
    const form = typeof count === 'number' ? plural.select(count) : 'other';
    return m[form] ?? m.other;
  };
  const value = (v: string | number) => (typeof v === 'number' ? numbers.format(v) : v);
  const parts = (key: K, params: MessageParams = {}): MessagePart[] => {
    const out: MessagePart[] = [];
    let last = 0;
    let pending = '';
    const source = text(key, params);
    for (const m of source.matchAll(PLACEHOLDER)) {
      pending += source.slice(last, m.index);
      last = m.index + m[0].length;
      const v = params[m[1]!];
      if (v !== undefined) pending += value(v);
      else {
        if (pending) out.push(pending);
        pending = '';
        out.push({ slot: m[1]! });
      }
    }
    pending += source.slice(last);
    if (pending) out.push(pending);
    return out;
  };
  return {
    locale: tag,
    dir: textDirection(tag),
    t: (key, params = {}) => text(key, params).replace(PLACEHOLDER, (whole, name: string) => (params[name] === undefined ? whole : value(params[name]))),
    parts,
    message,
    number: (n) => numbers.format(n),
    date: (day) => {
      const m = DAY.exec(day);
      if (!m || !days) return day;
      return days.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    },
    list: (items) => lists.format(items),
  };
}

/** The tag itself when Intl knows it, else `en`: a locale the engine lacks still gets numbers and plurals. */
function supportedLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

const english = new WeakMap<object, I18n<string>>();

/** The English of an area (`../en/*.ts`), made once: what a view function speaks when no caller names a language. */
export function englishI18n<K extends string>(messages: Messages<K>): I18n<K> {
  let i18n = english.get(messages);
  if (!i18n) english.set(messages, (i18n = createI18n('en', {}, messages as Messages<string>, { dateStyle: 'iso' })));
  return i18n as I18n<K>;
}
