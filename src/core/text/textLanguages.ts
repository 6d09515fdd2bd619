/**
 * Each language's stemmer and stop words (Orama's Snowball-family stemmers and stop-word lists, one module per
 * language), held in a registry the analysis reads synchronously. Node registers every language at once
 * (allTextLanguages.ts, imported where a folder is read or its pack data built); the browser loads only the
 * languages of the folder it packs or searches (`loadTextLanguages`, one small chunk each), so a reader never
 * downloads a stemmer the folder does not use. English is built in (rank/analyze.ts: the Porter stemmer and the
 * ranker's own stop words, unchanged), and so is every language with neither stemmer nor list (Korean, Thai, …).
 */

/** One language's resources as its modules export them. */
export interface TextLanguageData {
  /** Snowball-family stemmer; absent: words are kept whole. */
  stem?: ((word: string) => string) | undefined;
  stopwords: readonly string[];
}

type Loader = () => Promise<TextLanguageData>;

const both = async (stemmer: Promise<{ stemmer: (w: string) => string }>, stopwords: Promise<{ stopwords: string[] }>): Promise<TextLanguageData> => {
  const [s, w] = await Promise.all([stemmer, stopwords]);
  return { stem: s.stemmer, stopwords: w.stopwords };
};
const listOnly = async (stopwords: Promise<{ stopwords: string[] }>): Promise<TextLanguageData> => ({ stopwords: (await stopwords).stopwords });

/**
 * The languages with a stemmer or a stop-word list, by language subtag (languageTag.ts `baseLanguage`). Each
 * entry names its modules literally, so a bundler makes one chunk per language.
 */
export const TEXT_LANGUAGE_LOADERS: Readonly<Record<string, Loader>> = {
  ar: () => both(import('@orama/stemmers/arabic'), import('@orama/stopwords/arabic')),
  bg: () => both(import('@orama/stemmers/bulgarian'), import('@orama/stopwords/bulgarian')),
  da: () => both(import('@orama/stemmers/danish'), import('@orama/stopwords/danish')),
  de: () => both(import('@orama/stemmers/german'), import('@orama/stopwords/german')),
  el: () => both(import('@orama/stemmers/greek'), import('@orama/stopwords/greek')),
  es: () => both(import('@orama/stemmers/spanish'), import('@orama/stopwords/spanish')),
  fi: () => both(import('@orama/stemmers/finnish'), import('@orama/stopwords/finnish')),
  fr: () => both(import('@orama/stemmers/french'), import('@orama/stopwords/french')),
  ga: () => both(import('@orama/stemmers/irish'), import('@orama/stopwords/irish')),
  hi: () => both(import('@orama/stemmers/indian'), import('@orama/stopwords/indian')),
  hu: () => both(import('@orama/stemmers/hungarian'), import('@orama/stopwords/hungarian')),
  hy: () => both(import('@orama/stemmers/armenian'), import('@orama/stopwords/armenian')),
  id: () => both(import('@orama/stemmers/indonesian'), import('@orama/stopwords/indonesian')),
  it: () => both(import('@orama/stemmers/italian'), import('@orama/stopwords/italian')),
  ja: () => listOnly(import('@orama/stopwords/japanese')),
  lt: () => both(import('@orama/stemmers/lithuanian'), import('@orama/stopwords/lithuanian')),
  ne: () => both(import('@orama/stemmers/nepali'), import('@orama/stopwords/nepali')),
  nl: () => both(import('@orama/stemmers/dutch'), import('@orama/stopwords/dutch')),
  no: () => both(import('@orama/stemmers/norwegian'), import('@orama/stopwords/norwegian')),
  pt: () => both(import('@orama/stemmers/portuguese'), import('@orama/stopwords/portuguese')),
  ro: () => both(import('@orama/stemmers/romanian'), import('@orama/stopwords/romanian')),
  ru: () => both(import('@orama/stemmers/russian'), import('@orama/stopwords/russian')),
  sa: () => both(import('@orama/stemmers/sanskrit'), import('@orama/stopwords/sanskrit')),
  sr: () => both(import('@orama/stemmers/serbian'), import('@orama/stopwords/serbian')),
  sv: () => both(import('@orama/stemmers/swedish'), import('@orama/stopwords/swedish')),
  ta: () => both(import('@orama/stemmers/tamil'), import('@orama/stopwords/tamil')),
  tr: () => both(import('@orama/stemmers/turkish'), import('@orama/stopwords/turkish')),
  uk: () => both(import('@orama/stemmers/ukrainian'), import('@orama/stopwords/ukrainian')),
  zh: () => listOnly(import('@orama/stopwords/mandarin')),
};

const REGISTERED = new Map<string, TextLanguageData>();

/** Thrown by the analysis for a language whose modules are not loaded yet; the caller loads them and runs again. */
export class MissingTextLanguages extends Error {
  constructor(readonly languages: readonly string[]) {
    super(`text analysis for ${languages.join(', ')} is not loaded (loadTextLanguages, or import allTextLanguages.ts in Node)`);
  }
}

/** Make a language's resources available to the analysis. */
export function registerTextLanguage(lang: string, data: TextLanguageData): void {
  REGISTERED.set(lang, data);
}

/** Whether the analysis of `lang` needs modules (a stemmer or a stop-word list) beyond the built-in ones. */
export function needsModules(lang: string): boolean {
  return Object.hasOwn(TEXT_LANGUAGE_LOADERS, lang);
}

/** Languages (subtags) whose modules are registered, sorted. */
export function loadedTextLanguages(): string[] {
  return [...REGISTERED.keys()].sort();
}

/**
 * A language's resources; undefined for a language that needs none (English, and those without stemmer or list).
 * Throws MissingTextLanguages for one whose modules are not registered.
 */
export function textLanguageData(lang: string): TextLanguageData | undefined {
  if (!needsModules(lang)) return undefined;
  const data = REGISTERED.get(lang);
  if (!data) throw new MissingTextLanguages([lang]);
  return data;
}

/** Load and register the modules of the given languages (subtags) that are not registered yet. */
export async function loadTextLanguages(langs: Iterable<string>): Promise<void> {
  const wanted = [...new Set(langs)].filter((l) => needsModules(l) && !REGISTERED.has(l));
  const loaded = await Promise.all(wanted.map((l) => TEXT_LANGUAGE_LOADERS[l]!()));
  wanted.forEach((l, k) => registerTextLanguage(l, loaded[k]!));
}

/**
 * `run()`, loading the languages it finds missing (MissingTextLanguages) and running it again: how the browser
 * answers a search or a query block, whose languages it does not know before it reads the request.
 */
export async function withTextLanguages<T>(run: () => T): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return run();
    } catch (err) {
      if (!(err instanceof MissingTextLanguages) || round >= 8) throw err;
      await loadTextLanguages(err.languages);
    }
  }
}
