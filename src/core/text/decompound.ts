/**
 * Compound words split against the folder's own vocabulary (German "Datenbankmigration" → datenbank, migration):
 * a note is found by a part of a compound it uses, and a compound in a task finds the notes using its parts.
 * A compound is split only into words the folder itself uses (its terms, at least MIN_PART letters), so no
 * dictionary ships and no made-up part ("tenbank") is indexed. Character n-grams would find parts too, but
 * index every substring (several times the postings, and a browser pack would fetch most term shards for a
 * short task); the folder's vocabulary keeps the index to real words.
 *
 * The split works on stems (the analysis stems first), from the right: the longest last part that is a word,
 * with what precedes it (less a linking element, Fugen-s) a word or itself a compound. A split part is
 * analysed as the word would be alone, so its own parts are indexed too.
 */

/** Parts shorter than this are never split off ("tag" in "Vertrag"). */
export const MIN_PART = 4;

/** Linking elements between the parts of a compound, by language (the empty one first); only these languages split. */
export const LINKING: Readonly<Record<string, readonly string[]>> = {
  de: ['', 's', 'es', 'n', 'en', 'e', 'er', 'ens'],
  nl: ['', 's', 'e', 'en'],
  sv: ['', 's', 'a', 'u', 'o', 'e'],
  da: ['', 's', 'e'],
  no: ['', 's', 'e'],
  fi: [''],
};

/** A split into two parts, each at least MIN_PART long. */
type Split = [head: string, tail: string];

const LETTERS = /^\p{L}+$/u;

/** The split of `term` against `known`, or undefined. Deterministic: the longest known last part wins. */
export function splitCompound(
  term: string,
  known: (word: string) => boolean,
  links: readonly string[],
  memo = new Map<string, Split | null>(),
): Split | undefined {
  if (term.length < 2 * MIN_PART || !LETTERS.test(term)) return undefined;
  const hit = memo.get(term);
  if (hit !== undefined) return hit ?? undefined;
  memo.set(term, null); // no cycles: a term is never its own part
  let found: Split | undefined;
  for (let cut = MIN_PART; cut <= term.length - MIN_PART && !found; cut++) {
    const tail = term.slice(cut);
    if (!known(tail)) continue;
    const head = term.slice(0, cut);
    for (const link of links) {
      if (!head.endsWith(link) || head.length - link.length < MIN_PART) continue;
      const bare = head.slice(0, head.length - link.length);
      if (known(bare) || splitCompound(bare, known, links, memo)) {
        found = [bare, tail];
        break;
      }
    }
  }
  memo.set(term, found ?? null);
  return found;
}

/** Compound parts a language's analysis splits against (the folder's lexicon for that language). */
export interface Lexicon {
  /** The parts, sorted: every word some compound of the folder splits into. */
  parts: readonly string[];
}

/**
 * The lexicon of one language: the parts of every compound among `terms` (the folder's terms in that
 * language). Splitting against the parts alone gives the same split as against all the terms, for every term
 * of the folder (the longest last part is still the longest), so only the parts are stored (pack data head).
 */
export function buildLexicon(terms: Iterable<string>, lang: string): Lexicon {
  const links = LINKING[lang];
  if (!links) return { parts: [] };
  const known = new Set<string>();
  for (const t of terms) if (t.length >= MIN_PART && LETTERS.test(t)) known.add(t);
  const memo = new Map<string, Split | null>();
  const parts = new Set<string>();
  const take = (term: string) => {
    const split = splitCompound(term, (w) => known.has(w), links, memo);
    if (!split) return;
    for (const part of split) {
      if (known.has(part)) parts.add(part);
      take(part);
    }
  };
  for (const t of known) take(t);
  return { parts: [...parts].sort() };
}

const SPLITTERS = new WeakMap<Lexicon, (term: string) => string[]>();

/** `term` and, when it is a compound, its parts (each with its own parts), as the analysis indexes them. */
export function compoundTerms(lexicon: Lexicon, lang: string): (term: string) => string[] {
  let expand = SPLITTERS.get(lexicon);
  if (expand) return expand;
  const links = LINKING[lang] ?? [''];
  const known = new Set(lexicon.parts);
  const memo = new Map<string, Split | null>();
  const done = new Map<string, string[]>();
  expand = (term: string): string[] => {
    let out = done.get(term);
    if (out) return out;
    const split = known.size === 0 ? undefined : splitCompound(term, (w) => known.has(w), links, memo);
    out = split ? [term, ...split.flatMap((p) => expand!(p))] : [term];
    if (done.size < 100_000) done.set(term, out);
    return out;
  };
  SPLITTERS.set(lexicon, expand);
  return expand;
}
