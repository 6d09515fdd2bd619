// Isomorphic: which way a language is written, from its BCP 47 tag alone (no Intl.Locale#getTextInfo, which
// engines ship differently), so the build and the browser agree. A script subtag decides first (`az-Arab` is
// right to left, `ku-Latn` left to right), then the language.

/** Languages written right to left in their usual script. */
const RTL_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'khw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);
/** Scripts written right to left: Arabic, Hebrew, Thaana, Syriac, N'Ko, Adlam, Hanifi Rohingya, Mandaic, Samaritan. */
const RTL_SCRIPTS = new Set(['arab', 'hebr', 'thaa', 'syrc', 'nkoo', 'adlm', 'rohg', 'mand', 'samr']);

export type TextDirection = 'ltr' | 'rtl';

export function textDirection(locale: string): TextDirection {
  const [language = '', ...rest] = locale.toLowerCase().split(/[-_]/);
  // The script subtag is the first four-letter subtag after the language.
  const script = rest.find((s) => /^[a-z]{4}$/.test(s));
  if (script !== undefined) return RTL_SCRIPTS.has(script) ? 'rtl' : 'ltr';
  return RTL_LANGUAGES.has(language) ? 'rtl' : 'ltr';
}
