/**
 * BCP 47 language tags as the portal reads them: `site.locale` in kb.config.yaml, a note's `lang:` and a task's
 * `--lang`. Validated and normalised by `Intl.getCanonicalLocales` (`zh-cn` → `zh-CN`, `EN` → `en`), which every
 * engine the core runs in ships; the text analysis goes by the language subtag alone (`pt-BR` → `pt`).
 */

/** The tag in its canonical case and form, or undefined when it is not a well-formed BCP 47 tag. */
export function canonicalLocale(tag: string): string | undefined {
  const trimmed = tag.trim();
  if (trimmed === '') return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined; // RangeError: not a structurally valid tag
  }
}

/** Norwegian Bokmål and Nynorsk share one stemmer and stop-word list. */
const SAME_ANALYSIS: Readonly<Record<string, string>> = { nb: 'no', nn: 'no' };

/** The language subtag the text analysis is chosen by: `zh-Hant-TW` → `zh`, `nb` → `no`; `en` for anything unreadable. */
export function baseLanguage(tag: string): string {
  const primary = (canonicalLocale(tag) ?? 'en').split('-')[0]!.toLowerCase();
  return SAME_ANALYSIS[primary] ?? primary;
}

/** What a config or frontmatter value must look like, for error messages. */
export const LOCALE_EXAMPLES = 'a BCP 47 language tag such as en, de, fr, ja, zh-CN, pt-BR or ar';
