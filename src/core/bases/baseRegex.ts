// Isomorphic: regular expressions a base writes (`/abc/.matches(x)`, `replace(/:/g, "-")`) run on notes' text at
// build time, so a pattern that could take exponential time must not hang the build: long patterns, quantified
// groups that hold a quantifier (`(a+)+`), back-references and over-long input are refused with a message.
import { EvaluationError } from './baseRecord.js';
import type { RegexValue } from './baseValue.js';

export const MAX_PATTERN_LENGTH = 200;
export const MAX_INPUT_LENGTH = 10_000;
// a group ( … ) holding + * or {n} · then + * or { after the group: nested quantifiers
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/;
// \1 … \9: a back-reference
const BACK_REFERENCE = /\\[1-9]/;

/** The value as a RegExp, or an EvaluationError saying why it is refused. */
export function safeRegExp(value: RegexValue, forceGlobal = false): RegExp {
  if (value.source.length > MAX_PATTERN_LENGTH) throw new EvaluationError(`a regular expression is longer than ${MAX_PATTERN_LENGTH} characters`);
  if (NESTED_QUANTIFIER.test(value.source) || BACK_REFERENCE.test(value.source))
    throw new EvaluationError(`/${value.source}/ nests repetitions or refers back to a group, which can take very long; write it more simply`);
  try {
    return new RegExp(value.source, forceGlobal && !value.flags.includes('g') ? `${value.flags}g` : value.flags);
  } catch (err) {
    throw new EvaluationError(`/${value.source}/ is not a valid regular expression (${(err as Error).message})`);
  }
}

/** Text a regular expression may be run on. */
export function regexInput(text: string): string {
  if (text.length > MAX_INPUT_LENGTH)
    throw new EvaluationError(`a text longer than ${MAX_INPUT_LENGTH} characters is not matched against a regular expression`);
  return text;
}
