// The interface's tables (src/core/i18n/): every shipped language has every key English has and no other, with the
// same placeholders and only the plural forms its language uses. A failure names each missing or extra key.
import { describe, expect, it } from 'vitest';
import en, { EN_MESSAGES } from '../../src/core/i18n/locales/en.ts';
import { LOCALE_TABLES } from '../../src/core/i18n/localeTables.ts';
import type { Message } from '../../src/core/i18n/message.ts';

const ENGLISH = EN_MESSAGES as Readonly<Record<string, Message>>;
const KEYS = Object.keys(ENGLISH);
const SHIPPED = ['en', 'de', 'fr', 'es', 'pt-BR', 'ja', 'zh-CN', 'ko', 'ar'];

/** Every `{name}` a message uses, across its plural forms. */
function placeholders(message: Message): string[] {
  const forms = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(forms.flatMap((f) => [...f.matchAll(/\{([A-Za-z]\w*)\}/g)].map((m) => m[1]!)))].sort();
}

/** What a table lacks and what it has that English does not: the lists a translator works from. */
function coverage(messages: Readonly<Record<string, Message | undefined>>) {
  return {
    missing: KEYS.filter((k) => messages[k] === undefined),
    extra: Object.keys(messages).filter((k) => !(k in ENGLISH)),
  };
}

describe('the shipped tables', () => {
  it('are the languages the issue asks for, English first', () => expect(LOCALE_TABLES.map((t) => t.locale)).toEqual(SHIPPED));
  it('English has a message for every key', () => expect(coverage(en.messages)).toEqual({ missing: [], extra: [] }));
});

describe.each(LOCALE_TABLES.filter((t) => t.locale !== 'en').map((t) => [t.locale, t] as const))('%s', (locale, table) => {
  const messages = table.messages as Readonly<Record<string, Message | undefined>>;
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];

  it('has every key English has, and no other (missing and extra keys listed)', () => expect(coverage(messages)).toEqual({ missing: [], extra: [] }));

  it('fills the same placeholders as English (a count may be left to the words)', () => {
    const wrong = KEYS.filter((k) => messages[k] !== undefined).flatMap((k) => {
      const want = placeholders(ENGLISH[k]!);
      const got = placeholders(messages[k]!);
      const same = JSON.stringify(got) === JSON.stringify(want) || JSON.stringify([...got, 'count'].sort()) === JSON.stringify(want);
      return same ? [] : [`${k}: ${got.join(',')} (English: ${want.join(',')})`];
    });
    expect(wrong).toEqual([]);
  });

  it(`writes plural forms only of ${locale}'s categories, always with "other"`, () => {
    const wrong = Object.entries(messages).flatMap(([k, m]) =>
      m === undefined || typeof m === 'string'
        ? []
        : [...Object.keys(m).filter((form) => !categories.includes(form)), ...('other' in m ? [] : ['other missing'])].map((f) => `${k}: ${f}`),
    );
    expect(wrong).toEqual([]);
  });

  it('translates: at most one message in ten reads exactly as in English', () => {
    // Names, loanwords and code read the same in many languages (`Markdown`, `Tags` in German, `Menu` in Portuguese).
    const same = KEYS.filter(
      (k) => JSON.stringify(messages[k]) === JSON.stringify(ENGLISH[k]) && /[A-Za-z]{3,}/.test(JSON.stringify(ENGLISH[k]).replace(/\{\w+\}/g, '')),
    );
    expect(same.length, same.join(', ')).toBeLessThanOrEqual(KEYS.length / 10);
  });
});
