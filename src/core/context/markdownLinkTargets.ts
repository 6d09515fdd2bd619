import type { NoteEntry } from '../index/kbIndexSchema.js';
import { createLinkResolver, type LinkResolver, type NoteTarget } from '../links/createLinkResolver.js';
import { scanLinks } from '../links/scanLinks.js';

/**
 * A body the parse may find a note link in: `](` before an address with no scheme (`[x](y)`), or `]:` not after
 * `]]` (`[ref]: y`, a reference's definition). Parsing is most of the cost, and most bodies (wikilinks, web links
 * only) are skipped so.
 */
const MAY_LINK_NOTE = /\]\((?!\s*<?(?:[a-z][a-z0-9+.-]*:|#))|(?<!\])\]:/i;

/**
 * The notes each note names with Markdown links (`[text](other.md)`, `[text](/manual/page.html)`), as numbers
 * into `notes`: in the order written, each once, never the note itself. Packs spread a note's score along these
 * as along its wikilinks (buildPackData.ts): many folders link only this way. Wikilinks are left to the index.
 */
export function markdownLinkTargets(notes: readonly NoteEntry[], bodies: ReadonlyMap<string, string>): number[][] {
  const resolver = createLinkResolver({ notes });
  const numbers = new Map(notes.map((n, i) => [n.path, i]));
  return notes.map((n, i) => {
    const body = bodies.get(n.path) ?? '';
    if (!MAY_LINK_NOTE.test(body)) return [];
    const out = new Set<number>();
    for (const l of scanLinks(body)) {
      if (l.kind !== 'link') continue;
      const j = numbers.get(noteOfHref(resolver, l.href, n.path)?.path ?? '');
      if (j !== undefined && j !== i) out.add(j);
    }
    return [...out];
  });
}

/**
 * The note a Markdown link's href names: as the site resolves it (`other.md`, `../x`, `/folder/x`), else as the
 * source of the page the href names on the site the folder was written for, for links the site leaves alone
 * (pageSources). Undefined for anything else (another site, an attachment, a note not in the folder).
 */
export function noteOfHref(resolver: LinkResolver, href: string, from: string): NoteTarget | undefined {
  const site = resolver.href(href, from);
  if (site.kind === 'note') return site.note;
  if (site.kind !== 'external') return undefined;
  for (const source of pageSources(href)) {
    const to = resolver.href(source, from);
    if (to.kind === 'note') return to.note;
  }
  return undefined;
}

/**
 * The Markdown files a static site generator builds the page at a local `href` from, most likely first: `x.html`
 * and `x` (a pretty URL) from `x.md` or Middleman's `x.html.md`, or from `x/index.md`; `x/` from `x/index.md`.
 * The site itself reads `x.html` as a page outside the folder (an `.html` file is never published), but folders
 * exported from such a site (GOV.UK's developer docs) link their pages so. Empty for another site's address.
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
