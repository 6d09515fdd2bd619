// Isomorphic: a note's headings, read from its rendered HTML (ids by GitHub's slug rules, given by the Markdown
// pipeline's heading-id step), for the table of contents and the anchor link beside each heading.

export interface NoteHeading {
  depth: number;
  id: string;
  text: string;
}

export interface TocEntry {
  id: string;
  text: string;
  /** h3s under an h2. */
  children: TocEntry[];
}

/** A note gets a table of contents from this many h2/h3 headings. */
export const TOC_MIN_HEADINGS = 3;

// <h2 id="x" …>inner</h2>: level, the id attribute (as serialised: double quotes), the inner HTML.
const HEADING = /<h([1-6])\s+id="([^"]*)"[^>]*>([\s\S]*?)<\/h\1>/g;

/** Every heading of the HTML that has an id, in order. */
export function headingsOf(html: string): NoteHeading[] {
  return [...html.matchAll(HEADING)].map((m) => ({ depth: Number(m[1]), id: decodeEntities(m[2]!), text: textOf(m[3]!) }));
}

/** h2s with their h3s, when there are at least TOC_MIN_HEADINGS of them; else empty. */
export function tableOfContents(headings: readonly NoteHeading[]): TocEntry[] {
  const shown = headings.filter((h) => (h.depth === 2 || h.depth === 3) && h.id && h.text);
  if (shown.length < TOC_MIN_HEADINGS) return [];
  const toc: TocEntry[] = [];
  for (const h of shown) {
    const entry = { id: h.id, text: h.text, children: [] };
    const parent = toc[toc.length - 1];
    if (h.depth === 3 && parent) parent.children.push(entry);
    else toc.push(entry);
  }
  return toc;
}

/**
 * Each heading with an id gets a `#` link to itself, shown on hover. It is left out of the accessibility tree and
 * the tab order (the table of contents links the same places), so the heading's name stays its text, and out of
 * the search index.
 */
export function withHeadingAnchors(html: string): string {
  return html.replace(HEADING, (all, level: string, id: string, inner: string) =>
    !id
      ? all
      : `${all.slice(0, all.length - inner.length - 5)}${inner}<a class="heading-anchor" href="#${id}" aria-hidden="true" tabindex="-1" data-pagefind-ignore>#</a></h${level}>`,
  );
}

/** The text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[name.toLowerCase()] ?? all;
  });
}
