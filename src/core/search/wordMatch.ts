import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import type { Analyzer } from '../text/analyzer.js';
import { createFolderText, noteAnalyzer } from '../text/folderText.js';
import { baseLanguage } from '../text/languageTag.js';

/**
 * `kb search` by words (docs/query-and-search.md § Languages): beside kb-search's literal match, a note matches a
 * keyword when each of the keyword's terms, read as the note's language reads it, is one of the note's terms or
 * inside one (so "Migrationen" finds "Datenbankmigration": a compound's part, as the literal search finds a
 * substring). Only for a search in a language other than English: English keeps kb-search's literal grep, which
 * agents rely on, exactly.
 */

/** Terms shorter than this match only whole terms (CJK character pairs always do): "tag" is not found in "vertrag". */
const MIN_INSIDE = 4;

/** Whether a search of `request` in `index` matches by words too: a keyword in a language other than English. */
export function searchesByWords(index: Pick<KbIndex, 'locale'>, request: { keyword?: string | undefined; lang?: string | undefined }): boolean {
  return request.keyword !== undefined && baseLanguage(request.lang ?? index.locale) !== 'en';
}

/** Where a note's text matched: the offset of the first matching word in the line, and its length. */
export interface WordHit {
  at: number;
  length: number;
}

export interface WordMatcher {
  /** Whether the note's title holds every term of the keyword. */
  title(note: NoteEntry): boolean;
  /** Whether the note's body holds every term of the keyword. */
  body(note: NoteEntry, body: string): boolean;
  /** In a line of the note, the first word holding a term of the keyword. */
  line(note: NoteEntry, line: string): WordHit | undefined;
}

/** The matcher for a keyword in `lang` over the notes of `index`, each read in its own language. */
export function wordMatcher(index: Pick<KbIndex, 'locale' | 'notes'>, keyword: string, lang: string | undefined): WordMatcher {
  const readings = createFolderText(
    index.locale,
    index.notes.map((n) => n.lang),
  ).task(lang);
  const byLang = new Map<string, string[]>();
  const keyTerms = (note: NoteEntry): string[] => {
    const base = baseLanguage(note.lang);
    let terms = byLang.get(base);
    if (!terms) byLang.set(base, (terms = [...new Set((readings.find((a) => a.lang === base) ?? readings[0]!).terms(keyword))]));
    return terms;
  };
  const found = (k: string, terms: Iterable<string>) => {
    for (const t of terms) if (t === k || (k.length >= MIN_INSIDE && t.includes(k))) return true;
    return false;
  };
  const holds = (note: NoteEntry, text: string) => {
    const keys = keyTerms(note);
    if (keys.length === 0) return false;
    const terms = new Set(analyzerOf(note).terms(text));
    return keys.every((k) => found(k, terms));
  };
  return {
    title: (note) => holds(note, note.title),
    body: holds,
    line(note, line) {
      const keys = keyTerms(note);
      const lower = line.toLowerCase();
      for (const w of analyzerOf(note).words(line))
        if (keys.some((k) => found(k, w.terms))) {
          const at = lower.indexOf(w.text);
          return { at: Math.max(0, at), length: w.text.length };
        }
      return undefined;
    },
  };
}

function analyzerOf(note: NoteEntry): Analyzer {
  return noteAnalyzer(note.lang);
}
