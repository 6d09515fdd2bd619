// The interface's words and formats (src/core/i18n/): lookup with English fallback, placeholders, plural forms by
// Intl.PluralRules, numbers and days by Intl, which table a locale reads, which way it is written, and what a page
// hands its islands.
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/core/i18n/createI18n.ts';
import { islandStrings } from '../../src/core/i18n/islandAreas.ts';
import { localeTable, siteI18n } from '../../src/core/i18n/localeTables.ts';
import { sameLanguage } from '../../src/core/i18n/sameLanguage.ts';
import { textDirection } from '../../src/core/i18n/textDirection.ts';

const ENGLISH = { greet: 'Hello {name}', notes: { one: '{count} note', other: '{count} notes' }, link: 'See {link} now.' } as const;

describe('createI18n', () => {
  const de = createI18n<keyof typeof ENGLISH>('de', { notes: { one: '{count} Notiz', other: '{count} Notizen' } }, ENGLISH);

  it.each([
    ['a key the table has', de.t('notes', { count: 1 }), '1 Notiz'],
    ['its plural form by the locale', de.t('notes', { count: 2 }), '2 Notizen'],
    ['numbers in the locale', de.t('notes', { count: 1234 }), '1.234 Notizen'],
    ['a key the table lacks: English', de.t('greet', { name: 'Ana' }), 'Hello Ana'],
    ['a placeholder without a value stays', de.t('greet'), 'Hello {name}'],
    ['a value is never read as a placeholder', de.t('greet', { name: '{name}' }), 'Hello {name}'],
  ])('%s', (_, got, want) => expect(got).toBe(want));

  it('splits a message at the placeholders the caller fills with markup', () => expect(de.parts('link', {})).toEqual(['See ', { slot: 'link' }, ' now.']));

  it.each([
    [0, 'zero'],
    [1, 'one'],
    [2, 'two'],
    [3, 'few'],
    [11, 'many'],
    [100, 'other'],
  ])('Arabic picks the form of %i: %s', (count, form) => {
    const ar = createI18n('ar', {}, { n: { zero: 'zero', one: 'one', two: 'two', few: 'few', many: 'many', other: 'other' } });
    expect(ar.t('n', { count })).toBe(form);
  });

  it('falls back to "other" for a form the table does not write', () =>
    expect(createI18n('ar', {}, ENGLISH).t('notes', { count: 2 })).toBe(`${new Intl.NumberFormat('ar').format(2)} notes`));

  it.each([
    ['en', 'iso', '2026-09-14'],
    ['de', 'long', '14. September 2026'],
    ['ja', 'long', '2026年9月14日'],
    ['fr', 'medium', '14 sept. 2026'],
  ] as const)('a day in %s (%s)', (locale, dateStyle, want) => expect(createI18n(locale, {}, ENGLISH, { dateStyle }).date('2026-09-14')).toBe(want));

  it('leaves what is not a day as it is', () => expect(createI18n('de', {}, ENGLISH).date('undated')).toBe('undated'));
  it('lists in the locale', () => expect(createI18n('de', {}, ENGLISH).list(['a', 'b', 'c'])).toBe('a, b und c'));
  it('reads a malformed locale as English', () => expect(createI18n('not a tag!', {}, ENGLISH).locale).toBe('en'));
});

describe('which table a locale reads', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['pt-BR', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-CN'],
    ['ar-EG', 'ar'],
    ['sv', 'en'],
    ['en-GB', 'en'],
  ])('%s reads %s', (locale, table) => expect(localeTable(locale).locale).toBe(table));

  it('formats in the locale itself, with its table’s words', () => {
    const i18n = siteI18n('de-CH');
    // Digits and separators are the engine's (ICU's) for the locale: compared with Intl itself, not written out.
    expect([i18n.locale, i18n.uiLocale, i18n.t('home.tags', { count: 1234 })]).toEqual(['de-CH', 'de', `${new Intl.NumberFormat('de-CH').format(1234)} Tags`]);
  });

  it('English days stay ISO, as the English site has always shown them', () => expect(siteI18n('en').date('2026-09-14')).toBe('2026-09-14'));
});

describe('textDirection', () => {
  it.each([
    ['ar', 'rtl'],
    ['he', 'rtl'],
    ['fa-IR', 'rtl'],
    ['ur', 'rtl'],
    ['az-Arab', 'rtl'],
    ['ku-Latn', 'ltr'],
    ['en', 'ltr'],
    ['ja', 'ltr'],
    ['zh-Hant-TW', 'ltr'],
  ])('%s: %s', (locale, dir) => expect(textDirection(locale)).toBe(dir));
});

describe('islandStrings: what a page hands its islands', () => {
  it('nothing on an English page: the islands carry their English', () => expect(islandStrings(siteI18n('en'), ['searchBox', 'ages'])).toBeUndefined());

  it("the areas' messages in the page's language, and its locale", () => {
    const strings = islandStrings(siteI18n('ja'), ['searchBox']);
    expect(strings?.locale).toBe('ja');
    expect(Object.keys(strings?.messages ?? {}).every((k) => k.startsWith('searchBox.'))).toBe(true);
    expect(strings?.messages['searchBox.none']).toBe('結果なし');
  });

  it('a locale without a table still hands its locale, for numbers', () =>
    expect(islandStrings(siteI18n('sv'), ['ages'])).toEqual({ locale: 'sv', messages: {} }));
});

describe('sameLanguage', () => {
  it.each([
    ['de', 'de-AT', true],
    ['pt-BR', 'pt', true],
    ['EN', 'en-GB', true],
    ['zh-Hans', 'zh-Hant', false],
    ['zh-CN', 'zh-Hans-CN', false],
    ['en', 'ar', false],
  ])('%s and %s: %s', (a, b, same) => expect(sameLanguage(a, b)).toBe(same));
});
