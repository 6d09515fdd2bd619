/**
 * Counting a pack without re-tokenizing it. o200k's pre-tokenizer never builds a piece across a newline
 * that is followed by a character other than whitespace or `/` (only `[\r\n/]*` after punctuation and
 * `\s*[\r\n]+` reach over a newline), so Markdown cut at such points has the sum of its parts' tokens.
 * A block that does not start cleanly is counted together with the one before it.
 */
export function startsClean(text: string): boolean {
  return /^[^\s/]/.test(text);
}

/** Tokens of `blocks.join(sep) + tail`, each block counted with what follows it; `sep` ends with a newline. */
export function countJoined(blocks: readonly string[], sep: string, tail: string, count: (text: string) => number): number {
  let total = 0;
  let pending = '';
  blocks.forEach((b, k) => {
    const unit = b + (k === blocks.length - 1 ? tail : sep);
    if (k > 0 && !startsClean(b)) pending += unit;
    else {
      if (pending) total += count(pending);
      pending = unit;
    }
  });
  return total + (pending ? count(pending) : 0);
}
