import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';

/** Tokens of `text` in o200k_base, the encoding the budget is stated in. */
export function countTokens(text: string): number {
  return text === '' ? 0 : countO200k(text);
}
