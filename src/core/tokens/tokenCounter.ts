import { countTokens } from './countTokens.js';

/** Tokens of a text in o200k_base: countTokens, or a counter that remembers what it counted (createTokenCounter). */
export type TokenCounter = (text: string) => number;

/** Texts a counter remembers before it starts again (a few MB of headings, lines and blocks). */
const REMEMBERED = 50_000;

/**
 * countTokens that remembers its counts: a pack counts the same headings, lines and blocks many times while it
 * fits its budget, and a caller building many packs (kb pack, the site build, an MCP server, the island) counts
 * the same notes' lines again for each. The caller creates one and passes it to the packs it builds, so nothing
 * is held by the pack modules; the counts are countTokens', so a pack is the same with or without one.
 */
export function createTokenCounter(limit = REMEMBERED): TokenCounter {
  const counted = new Map<string, number>();
  return (text) => {
    let n = counted.get(text);
    if (n === undefined) {
      if (counted.size > limit) counted.clear();
      counted.set(text, (n = countTokens(text)));
    }
    return n;
  };
}
