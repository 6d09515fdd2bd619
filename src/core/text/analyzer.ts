import { analyze as analyzeEnglish, STOPWORDS, wordsOf as englishWords } from '../rank/analyze.js';
import { compoundTerms, type Lexicon } from './decompound.js';
import { baseLanguage } from './languageTag.js';
import { characterPairs, HAS_RUN, runWords, splitRuns } from './segmentRuns.js';
import { textLanguageData, type TextLanguageData } from './textLanguages.js';

/**
 * The one text analysis of the ranker, the section matcher, Further reading and `kb search`, in the CLI and the
 * browser alike (docs/query-and-search.md § Languages): a text in a language (a note's `lang`, or a task's) → the
 * terms the ranker compares.
 *
 * - **English** keeps the analysis it always had (rank/analyze.ts: letters and digits split at case changes,
 *   accents folded, the ranker's stop words, the Porter stemmer), byte for byte.
 * - **Chinese, Japanese, Korean, Thai, …** (scripts written without spaces, in any note): `Intl.Segmenter`
 *   splits them into words, the language's stop words drop out, and Chinese, Japanese and Korean words are
 *   indexed by their overlapping character pairs (segmentRuns.ts).
 * - **Other languages with a Snowball-family stemmer** (textLanguages.ts): words split as English splits them
 *   (but at an apostrophe: French "l'API" is two words), lower-cased, the language's stop words dropped, stemmed,
 *   then accents folded (after the stemmer, which reads them); in German, Dutch and the Nordic languages
 *   compounds add their parts (decompound.ts, against the folder's lexicon).
 * - **Languages with no stemmer**: their words as English analyses them, their own stop words dropped too.
 */
export interface Analyzer {
  /** The language subtag analysed in. */
  readonly lang: string;
  /** The terms of a text, in order (a compound's parts after it). */
  terms(text: string): string[];
  /** The words of a text as written (lower-cased), each with its terms; stop words are left out. */
  words(text: string): TextWord[];
}

export interface TextWord {
  text: string;
  terms: string[];
}

export interface AnalyzerOptions {
  /** Compound parts to split against (the folder's, for this language); default none. */
  lexicon?: Lexicon | undefined;
  /** More stop words, as another language's analyzer folds them (a task's own language); default none. */
  stopwords?: ReadonlySet<string> | undefined;
}

const ANALYZERS = new Map<string, WeakMap<object, WeakMap<object, Analyzer>>>();
const NONE = {};

/** The analyzer for a language tag (any BCP 47 tag; analysed by its language subtag), made once per options. */
export function analyzerFor(tag: string, options: AnalyzerOptions = {}): Analyzer {
  const lang = baseLanguage(tag);
  let byLexicon = ANALYZERS.get(lang);
  if (!byLexicon) ANALYZERS.set(lang, (byLexicon = new WeakMap()));
  let byStopwords = byLexicon.get(options.lexicon ?? NONE);
  if (!byStopwords) byLexicon.set(options.lexicon ?? NONE, (byStopwords = new WeakMap()));
  let analyzer = byStopwords.get(options.stopwords ?? NONE);
  if (!analyzer) byStopwords.set(options.stopwords ?? NONE, (analyzer = createAnalyzer(lang, options)));
  return analyzer;
}

const STOPWORD_SETS = new Map<string, ReadonlySet<string>>();

/** A language's stop words as the analysis compares them (lower case, accents folded): a task's, added to a note's. */
export function stopwordSet(tag: string): ReadonlySet<string> {
  const lang = baseLanguage(tag);
  let set = STOPWORD_SETS.get(lang);
  if (!set) {
    const words = lang === 'en' ? [...STOPWORDS] : (textLanguageData(lang)?.stopwords ?? []).map((w) => foldAccents(w.toLowerCase()));
    STOPWORD_SETS.set(lang, (set = new Set(words)));
  }
  return set;
}

const DIGITS = /^\p{N}+$/u;
// Letters, digits and the marks that belong to them; anything else (an apostrophe too) separates words.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;
// A lower → upper case change inside an identifier (runCancellation → run Cancellation).
const CAMEL = /(?<=\p{Ll})(?=\p{Lu})/u;
// The combining accents of Latin, Greek and Cyrillic letters (not the vowel signs of Indic scripts, not kana's).
const ACCENTS = /[\u0300-\u036f]/g;

/** A term without the accents of Latin, Greek or Cyrillic letters: `é` → `e`; a task typed without them matches. */
export function foldAccents(term: string): string {
  return term.normalize('NFD').replace(ACCENTS, '').normalize('NFC');
}

function createAnalyzer(lang: string, options: AnalyzerOptions): Analyzer {
  const data: TextLanguageData | undefined = lang === 'en' ? undefined : textLanguageData(lang);
  const extra = options.stopwords;
  const stop = new Set<string>();
  for (const w of data?.stopwords ?? []) stop.add(w.toLowerCase()).add(foldAccents(w.toLowerCase()));
  const isStopword = (w: string) => stop.has(w) || (extra?.has(foldAccents(w)) ?? false);
  const split = options.lexicon ? compoundTerms(options.lexicon, lang) : (t: string) => [t];
  const stemCache = new Map<string, string>();
  const stemmed = (word: string): string => {
    let t = stemCache.get(word);
    if (t === undefined) {
      t = foldAccents(data!.stem!(word));
      if (stemCache.size < 200_000) stemCache.set(word, t);
    }
    return t;
  };

  /** Words outside the runs: the language's stemmer, or English's analysis when it has none. */
  const plainWords = (text: string): TextWord[] => {
    if (!data?.stem) {
      const words = englishWords(text).filter((w) => !isStopword(w));
      return words.map((w) => ({ text: w, terms: analyzeEnglish(w) })).filter((w) => w.terms.length > 0);
    }
    const out: TextWord[] = [];
    for (const m of text.matchAll(WORD))
      for (const piece of m[0].split(CAMEL)) {
        const word = piece.normalize('NFKC').toLowerCase();
        if (word.length < 2 || DIGITS.test(word) || isStopword(word)) continue;
        out.push({ text: word, terms: split(stemmed(word)) });
      }
    return out;
  };
  const plainTerms = (text: string): string[] => {
    // English without extra stop words is the ranker's analysis exactly (the hot path of every English folder).
    if (!data?.stem && !extra && stop.size === 0) return analyzeEnglish(text);
    return plainWords(text).flatMap((w) => w.terms);
  };
  const runOf = (run: string): TextWord[] =>
    runWords(run, lang, isStopword).map((w) => ({ text: w.text, terms: w.paired ? characterPairs(w.text) : [w.text.toLowerCase()] }));

  return {
    lang,
    terms(text) {
      if (!HAS_RUN.test(text)) return plainTerms(text);
      return splitRuns(text).flatMap((p) => (p.run ? runOf(p.text).flatMap((w) => w.terms) : plainTerms(p.text)));
    },
    words(text) {
      if (!HAS_RUN.test(text)) return plainWords(text);
      return splitRuns(text).flatMap((p) => (p.run ? runOf(p.text) : plainWords(p.text)));
    },
  };
}
