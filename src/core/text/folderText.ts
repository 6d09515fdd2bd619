import { analyzerFor, stopwordSet, type Analyzer } from './analyzer.js';
import type { Lexicon } from './decompound.js';
import { baseLanguage } from './languageTag.js';

/**
 * A folder's text analysis: each note read in its own language (with the folder's compound lexicon), and a task
 * read in its language and, besides, in each other language the folder's notes are written in, so that in a
 * mixed folder (English and German notes) every note is matched by the task's words as its own language stems
 * them. The task's language decides what is a stop word: its own are dropped in every reading.
 */
export interface FolderText {
  /** The folder's locale (BCP 47): a task's language unless the request names one. */
  readonly locale: string;
  /** The analyzer of notes written in `lang`. */
  note(lang: string): Analyzer;
  /** The analyzers a task in `lang` (default: the locale) is read with: its own language's first. */
  task(lang?: string | undefined): readonly Analyzer[];
}

/** Compound parts by language subtag (decompound.ts), as the pack data head stores them. */
export type Lexicons = Readonly<Record<string, readonly string[]>>;

const LEXICONS = new WeakMap<readonly string[], Lexicon>();

/** The lexicon of a language in `lexicons`, one object per stored list (analyzers are made once per lexicon). */
function lexiconOf(lexicons: Lexicons, lang: string): Lexicon | undefined {
  const parts = lexicons[lang];
  if (parts === undefined || parts.length === 0) return undefined;
  let l = LEXICONS.get(parts);
  if (!l) LEXICONS.set(parts, (l = { parts }));
  return l;
}

/** The analyzer of a note written in `lang` (default English), with its language's lexicon. */
export function noteAnalyzer(lang: string | undefined, lexicons: Lexicons = {}): Analyzer {
  return analyzerFor(lang ?? 'en', { lexicon: lexiconOf(lexicons, baseLanguage(lang ?? 'en')) });
}

/** The analysis of a folder whose notes are written in `langs` (any tags), with its locale and lexicons. */
export function createFolderText(locale: string, langs: Iterable<string>, lexicons: Lexicons = {}): FolderText {
  const bases = [...new Set([...langs].map(baseLanguage))].sort();
  const note = (lang: string) => noteAnalyzer(lang, lexicons);
  const tasks = new Map<string, readonly Analyzer[]>();
  return {
    locale,
    note,
    task(lang = locale) {
      const own = baseLanguage(lang);
      let list = tasks.get(own);
      if (!list) {
        const stop = stopwordSet(own);
        const others = bases.filter((b) => b !== own).map((b) => analyzerFor(b, { lexicon: lexiconOf(lexicons, b), stopwords: stop }));
        tasks.set(own, (list = [note(own), ...others]));
      }
      return list;
    },
  };
}

/** An English-only folder's analysis: what every caller that names no language gets (the ranker as it always was). */
export const ENGLISH: FolderText = createFolderText('en', ['en']);
