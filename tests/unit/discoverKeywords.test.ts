import { describe, expect, it } from 'vitest';
import { extractKeywords, singular } from '../../src/core/discover/extractKeywords.js';

describe.each([
  // the seed's own example
  ["implement auth middleware using the API project's patterns", ['auth', 'middleware', 'pattern']],
  ['fix duplicate webhook refunds', ['duplicate', 'webhook', 'refund']],
  // stop words, task verbs and generic programming terms are dropped
  ['Add a function to the class that returns the variable', []],
  // at most 5, in the task's order, each once
  ['cart coupon invoice refund ledger payout settlement', ['cart', 'coupon', 'invoice', 'refund', 'ledger']],
  ['refund refunds Refund', ['refund']],
  // kebab and snake case split into words; numbers and short words dropped
  ['rate-limit the login_throttle on v2 by 10 ms', ['rate', 'limit', 'login', 'throttle']],
])('extractKeywords(%j)', (task, expected) => {
  it(`→ ${JSON.stringify(expected)}`, () => expect(extractKeywords(task)).toEqual(expected));
});

describe.each([
  ['refunds', 'refund'],
  ['policies', 'policy'],
  ['matches', 'match'],
  ['status', 'status'],
  ['address', 'address'],
  ['analysis', 'analysis'],
  ['auth', 'auth'],
])('singular(%s)', (word, expected) => {
  it(`→ ${expected}`, () => expect(singular(word)).toBe(expected));
});
