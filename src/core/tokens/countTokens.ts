import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';

// Special-token text such as `<|endoftext|>` is counted as the plain text it is in a note (notes about LLMs
// quote it); by default the tokenizer throws on it, which stopped the whole index.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Built on first use, as gpt-tokenizer's own o200k_base module builds it. In the browser the site build puts a
// module in place of the ranks that the query island fills from `kb-pack/o200k_base.json` before its first pack
// (tokenRanksPlugin.ts): ~2 MB the client bundle no longer carries (it took Vite ~2 s of every build).
let encoding: GptEncoding | undefined;

// Byte-pair merging is quadratic in the length of one pre-tokenized piece, and a piece is a run of letters, of
// punctuation or of white space: a pasted data URI, `[[` × 100,000 or a deep indent is one piece of 100 kB or more
// (minutes). A run this long is counted in short chunks instead: a token may be split at a chunk's edge, so the
// count is at most one token a chunk higher, never lower. Text without such a run is counted exactly as before.
const LONG_RUN = 1000;
const CHUNK = 64;

/** Tokens of `text` in o200k_base, the encoding the budget is stated in. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  encoding ??= GptEncoding.getEncodingApi('o200k_base', () => {
    if (ranks.length === 0) throw new Error('the o200k_base token ranks are not loaded (kb-pack/o200k_base.json)');
    return ranks;
  });
  const runs = longRuns(text);
  if (runs.length === 0) return encoding.countTokens(text, PLAIN_TEXT);
  let total = 0;
  let from = 0;
  for (const [start, end] of runs) {
    if (start > from) total += encoding.countTokens(text.slice(from, start), PLAIN_TEXT);
    for (let i = start; i < end; i += CHUNK) total += encoding.countTokens(text.slice(i, Math.min(i + CHUNK, end)), PLAIN_TEXT);
    from = end;
  }
  if (from < text.length) total += encoding.countTokens(text.slice(from), PLAIN_TEXT);
  return total;
}

const SPACE = /\s/;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || (c > 127 && SPACE.test(String.fromCharCode(c)));

/** The runs of `LONG_RUN` or more white-space, or non-white-space, characters: one linear pass, no regex backtracking. */
function longRuns(text: string): [start: number, end: number][] {
  const runs: [number, number][] = [];
  if (text.length < LONG_RUN) return runs;
  let start = 0;
  let space = isSpace(text.charCodeAt(0));
  for (let i = 1; i <= text.length; i++) {
    const s = i < text.length ? isSpace(text.charCodeAt(i)) : !space;
    if (s === space) continue;
    if (i - start >= LONG_RUN) runs.push([start, i]);
    start = i;
    space = s;
  }
  return runs;
}
