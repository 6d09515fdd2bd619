import { normaliseTag } from '../tags/normaliseTag.js';

/**
 * The /context query grammar (docs/query-and-search.md § "kb query"):
 *
 *   query   = { space } , [ term , { space , { space } , term } ] , { space } ;
 *   term    = and-word | tag ;
 *   and-word = "AND" ;            (* any case; switches to intersection mode and is dropped *)
 *   tag     = char , { char } ;   (* any run of non-space characters *)
 *   space   = " " | "\t" | "\n" ;
 *
 * Mode is `AND` when at least one and-word occurs, else `OR`. Tags go through the one tag normaliser
 * (lower-cased, `#` dropped), so `Stripe` and `#stripe` query the tag `stripe`; repeats are dropped.
 */
export interface ParsedQuery {
  tokens: string[];
  mode: 'OR' | 'AND';
}

const SPACES = /\s+/; // one or more whitespace characters separate terms

export function parseQuery(input: string): ParsedQuery {
  const terms = input.split(SPACES).filter((t) => t !== '');
  const mode = terms.some((t) => t.toUpperCase() === 'AND') ? 'AND' : 'OR';
  const tokens = new Set<string>();
  for (const term of terms) {
    if (term.toUpperCase() === 'AND') continue;
    tokens.add(normaliseTag(term) ?? term.toLowerCase());
  }
  return { tokens: [...tokens], mode };
}
