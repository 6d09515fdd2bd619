import { GptEncoding } from 'gpt-tokenizer/GptEncoding';
import ranks from 'gpt-tokenizer/bpeRanks/o200k_base';

// Special-token text such as `<|endoftext|>` is counted as the plain text it is in a note (notes about LLMs
// quote it); by default the tokenizer throws on it, which stopped the whole index.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

// Built on first use, as gpt-tokenizer's own o200k_base module builds it. In the browser the site build puts a
// module in place of the ranks that the query island fills from `kb-pack/o200k_base.json` before its first pack
// (tokenRanksPlugin.ts): ~2 MB the client bundle no longer carries (it took Vite ~2 s of every build).
let encoding: GptEncoding | undefined;

/** Tokens of `text` in o200k_base, the encoding the budget is stated in. */
export function countTokens(text: string): number {
  if (text === '') return 0;
  encoding ??= GptEncoding.getEncodingApi('o200k_base', () => {
    if (ranks.length === 0) throw new Error('the o200k_base token ranks are not loaded (kb-pack/o200k_base.json)');
    return ranks;
  });
  return encoding.countTokens(text, PLAIN_TEXT);
}
