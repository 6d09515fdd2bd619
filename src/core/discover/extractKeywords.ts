/**
 * Pass 3 (discoveryRules.ts): 3–5 domain nouns from the task text. Without a part-of-speech tagger, a "domain
 * noun" is what is left after removing stop words, task verbs and generic programming terms; plurals
 * and possessives are folded (`refunds` → `refund`, `project's` → `project`) so a substring grep finds
 * both forms. "implement auth middleware using the API project's patterns" → auth, middleware, pattern
 * is a row of tests/unit/discoverKeywords.test.ts.
 */
export const MAX_KEYWORDS = 5;

const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers him his how i if in
  into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she should
  so some such than that the their theirs them then there these they this those through to too under until up very was we were
  what when where which while who whom why will with would you your yours via per instead without within across onto upon
  get gets got let lets make makes made need needs needed want wants please new old same sure etc`.split(/\s+/),
);

/** Verbs and adjectives a task starts with: they say what to do, not where. */
const TASK_WORDS = new Set(
  `add adds added adding fix fixes fixed fixing implement implements implementing implemented create creates creating update
  updates updating remove removes removing delete refactor refactoring improve improving use using used support supporting
  handle handling change changing rename move moving write writing build building check ensure allow allowing enable
  disable investigate debug find show explain document review clean cleanup better faster correct wrong broken bug issue
  issues problem problems work working works prevent stop avoid keep know knowing learn understand before`.split(/\s+/),
);

/** Generic programming terms: any code task uses them, so they say nothing about its domain. */
const GENERIC_TERMS = new Set(
  `function functions class classes variable variables method methods object objects type types interface interfaces module
  modules file files code codebase project projects api apis app application library package packages repo repository
  value values string strings number numbers array arrays list lists map maps param params parameter parameters argument
  arguments return returns call calls data thing things way logic feature features component components service services
  test tests error errors new implementation system`.split(/\s+/),
);

/** Fold an English plural to its singular (enough for code identifiers). */
export function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** Up to 5 keywords, in the order the task names them, lower-case, singular, distinct. */
export function extractKeywords(task: string): string[] {
  const out: string[] = [];
  // [a-z0-9]+ runs; an apostrophe ends the word (project's → project)
  for (const raw of task.toLowerCase().match(/[a-z0-9][a-z0-9_-]*/g) ?? []) {
    for (const piece of raw.split(/[-_]/)) {
      if (piece.length < 3 || /^\d+$/.test(piece)) continue;
      if (STOP_WORDS.has(piece) || TASK_WORDS.has(piece) || GENERIC_TERMS.has(piece)) continue;
      const word = singular(piece);
      if (GENERIC_TERMS.has(word) || out.includes(word)) continue;
      out.push(word);
      if (out.length === MAX_KEYWORDS) return out;
    }
  }
  return out;
}
