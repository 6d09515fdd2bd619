/**
 * A page as Pagefind needs it: without what lies between `<body>` and `<main>` (the site's header and the notes
 * sidebar, a third of a note page), when none of it carries a `data-pagefind-*` attribute. A page with a
 * `data-pagefind-body` element is indexed from that element alone, its filters, metadata and sort keys wherever they
 * are, so Pagefind writes the same index from both (checked on the 10,000-note bench pages and in
 * tests/unit/pagefindFeed.test.ts), and it reads ~10% faster. The cache key is still taken over the page as written.
 */
export function searchableHtml(html: string): string {
  const body = html.indexOf('<body');
  if (body < 0) return html;
  const inside = html.indexOf('>', body) + 1;
  const main = html.indexOf('<main', inside);
  if (inside === 0 || main < 0 || !html.includes('data-pagefind-body', main)) return html;
  return html.slice(inside, main).includes('data-pagefind') ? html : html.slice(0, inside) + html.slice(main);
}
