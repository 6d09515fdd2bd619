/**
 * The Markdown files a static site generator builds the page at a local `href` from, most likely first: `x.html`
 * and `x` (a pretty URL) from `x.md` or Middleman's `x.html.md`, or from `x/index.md`; `x/` from `x/index.md`.
 * Folders exported from such a site (GOV.UK's developer docs) link their pages so, and the link resolver reads
 * such an href as the note it was built from (createLinkResolver.ts). Empty for another site's address.
 */
export function pageSources(href: string): string[] {
  const h = href.trim();
  const path = h.slice(0, h.search(/[?#]|$/));
  // scheme: or //host (another site); empty (`#fragment`, `?query`: this page)
  if (!path || /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return [];
  const page = path.replace(/\.html?$/i, '');
  if (page.endsWith('/')) return [`${page}index.md`, `${page}index.html.md`];
  // Any other extension names a file, not a page.
  if (page === path && /\.[^./]+$/.test(page.slice(page.lastIndexOf('/') + 1))) return [];
  return [`${page}.md`, `${page}.html.md`, `${page}/index.md`, `${page}/index.html.md`];
}
