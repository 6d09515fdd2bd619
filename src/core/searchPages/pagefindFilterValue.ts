/**
 * Pagefind's UI inserts filter values into the search page as HTML (and its indexer decodes entities,
 * so escaping them does not survive), which would let a tag or category named `<img src=x onerror=…>`
 * run in the reader's browser. Filter values are therefore made inert before Pagefind sees them: the
 * three characters that can start markup or an entity become look-alikes (`<` → `‹`, `>` → `›`,
 * `&` → `＆`). Only the search page's filter list shows these; note pages show the tag as written.
 */
export function pagefindFilterValue(value: string): string {
  return value.replace(/</g, '‹').replace(/>/g, '›').replace(/&/g, '＆');
}
