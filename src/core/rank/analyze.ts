import { stemmer } from 'stemmer';

/**
 * English function words and the verbs people wrap a task in ("we need to implement …"). They carry no
 * topic, so matching them only adds noise; idf would shrink them but not to zero on a small folder.
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each either else etc even ever every few for from further get gets got had has have having ' +
    'he her here hers him his how i if in into is it its itself just let lets like may me might more most much must my no nor not now of off ' +
    'often on once one only or other our ours out over own per rather same shall she should so some such than that the their theirs them then ' +
    'there these they this those through to too under until up upon us use used uses using very via was way we were what when where which ' +
    'while who whom whose why will with within without would yet you your yours ' +
    // task wrappers: how people phrase a request rather than what it is about
    'add build create design want need needs make makes making new instead already thing things something someone somebody keep kind lot lots ' +
    'really still try trying work working works dont doesnt isnt cant wont'
  ).split(' '),
);

// Runs of letters or digits; `'` inside a word is dropped first so "don't" stays one token.
const WORD = /[\p{L}\p{N}]+/gu;
// A lower→upper case change inside an identifier (runCancellation → run Cancellation).
const CAMEL = /(\p{Ll})(\p{Lu})/gu;

// Porter stemming is the analyser's main cost and words repeat: remember each word's stem.
const STEMS = new Map<string, string>();
const STEM_CACHE = 200_000;

/** Words of `text` as the ranker compares them: split, lower-cased, stop-words dropped, Porter-stemmed. */
export function analyze(text: string): string[] {
  return keep(wordsOf(text));
}

/** The words of `text` (lower-cased, before stop-words and stemming), by the cheapest path that finds them. */
export function wordsOf(text: string): string[] {
  if (ASCII_ONLY.test(text)) return asciiWords(text);
  // Most notes are ASCII but for typographic punctuation (dashes, curly quotes, arrows): fold that, and the fast
  // path still finds exactly the words of the general one (’ is an apostrophe, the rest only separates words).
  const folded = text.replace(RIGHT_QUOTE, "'").replace(PUNCTUATION, ' ');
  return ASCII_ONLY.test(folded) ? asciiWords(folded) : unicodeWords(text);
}

const RIGHT_QUOTE = /\u2019/g;
// No-break space, ¬, ×, the General Punctuation block but ’ (spaces, dashes, quotes, bullets, ellipsis), arrows, box drawing
// and geometric shapes: symbols whose NFKD holds no letter or digit.
const PUNCTUATION = /[\u00a0\u00ac\u00d7\u2000-\u2018\u201a-\u206f\u2190-\u21ff\u2500-\u25ff]/g;

/** The general path: any script; accents are folded (NFKD, marks dropped). */
export function unicodeWords(text: string): string[] {
  const prepared = text.replace(CAMEL, '$1 $2').replace(/['’]/g, '').normalize('NFKD').replace(/\p{M}/gu, '');
  return Array.from(prepared.matchAll(WORD), (m) => m[0].toLowerCase());
}

// Nearly every note is plain ASCII, where the same split is a cheaper regex over the lower-cased text at once
// (for ASCII, NFKD changes nothing, there are no marks, and lower-casing never changes a word's bounds).
// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL on purpose
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_CAMEL = /([a-z])([A-Z])/g;
const ASCII_WORD = /[a-z0-9]+/g;

/** The ASCII path: the words `unicodeWords` finds in an ASCII text, found faster. */
export function asciiWords(text: string): string[] {
  return text.replace(ASCII_CAMEL, '$1 $2').replace(/'/g, '').toLowerCase().match(ASCII_WORD) ?? [];
}

const DIGITS = /^\d+$/;

function keep(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (word.length < 2 || STOPWORDS.has(word) || DIGITS.test(word)) continue;
    let stem = STEMS.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (STEMS.size < STEM_CACHE) STEMS.set(word, stem);
    }
    out.push(stem);
  }
  return out;
}

/** Adjacent word pairs (after stop-words are dropped), the unit of the phrase field. */
export function bigrams(terms: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < terms.length; i++) out.push(`${terms[i - 1]} ${terms[i]}`);
  return out;
}
