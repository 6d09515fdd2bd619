import type { NoteEntry } from '../index/kbIndexSchema.js';

/** How one query token meets one note: by a declared tag, by a semantic-hints phrase, or not at all. */
export type TokenMatch = { by: 'tag' } | { by: 'hint'; phrase: string } | undefined;

/** Lower-cased with hyphens removed, the form a token and a hint phrase are compared in: `rate-limit` meets "Ratelimit headers". */
export function hintForm(s: string): string {
  return s.toLowerCase().replace(/-/g, '');
}

// Each note's hint phrases in hint form, computed once per index (a query compares every token to every note).
const HINT_FORMS = new WeakMap<readonly string[], string[]>();

function hintFormsOf(hints: readonly string[]): string[] {
  let forms = HINT_FORMS.get(hints);
  if (!forms) {
    forms = hints.map(hintForm);
    HINT_FORMS.set(hints, forms);
  }
  return forms;
}

/** The matching rule (docs/query-and-search.md, Matching): `t` equals a tag, or its hint form is a substring of a hint phrase's hint form. */
export function matchToken(note: Pick<NoteEntry, 'tags' | 'hints'>, token: string): TokenMatch {
  if (note.tags.includes(token)) return { by: 'tag' };
  if (note.hints.length === 0) return undefined;
  const needle = hintForm(token);
  // A token of hyphens only would be the empty string, a substring of everything.
  if (needle === '') return undefined;
  const i = hintFormsOf(note.hints).findIndex((form) => form.includes(needle));
  return i < 0 ? undefined : { by: 'hint', phrase: note.hints[i]! };
}

/**
 * Apply the mode per token. `extra(token)` lets a source count a token as met by something other than
 * tag or hint (the team-shared owner project). Returns the hint to show, `''` when matched without one,
 * or undefined when the note does not match.
 */
export function matchNote(
  note: Pick<NoteEntry, 'tags' | 'hints'>,
  tokens: readonly string[],
  mode: 'OR' | 'AND',
  extra: (token: string) => boolean = () => false,
): string | undefined {
  const matches = tokens.map((t): TokenMatch => (extra(t) ? { by: 'tag' } : matchToken(note, t)));
  if (mode === 'AND' ? matches.some((m) => m === undefined) : matches.every((m) => m === undefined)) return undefined;
  // In union mode one tag match is the reason the note is here; a hint is shown only when hints alone brought it.
  if (mode === 'OR' && matches.some((m) => m?.by === 'tag')) return '';
  const hint = matches.find((m) => m?.by === 'hint');
  return hint?.by === 'hint' ? hint.phrase : '';
}
