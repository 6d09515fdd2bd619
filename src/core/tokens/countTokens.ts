import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

// Special-token text such as `<|endoftext|>` is counted as the plain text it is in a note (notes about LLMs
// quote it); by default the tokenizer throws on it, which stopped the whole index.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/** Tokens of `text` in o200k_base, the encoding the budget is stated in. */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text, PLAIN_TEXT);
}
