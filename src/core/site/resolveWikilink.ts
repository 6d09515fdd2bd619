import type { NoteEntry } from '../index/kbIndexSchema.js';
import { slugify } from '../util/slugify.js';

type LinkTarget = Pick<NoteEntry, 'path' | 'slug' | 'title'>;

/** `[[target#heading|label]]` split into its parts. */
export interface WikilinkParts {
  target: string;
  heading?: string | undefined;
  label: string;
}

const WIKILINK = /^\[\[([^\]|#\n]*)(?:#([^\]|\n]*))?(?:\|([^\]\n]*))?\]\]$/; // [[ target #heading |label ]]

export function parseWikilink(text: string): WikilinkParts | undefined {
  const m = WIKILINK.exec(text);
  if (!m) return undefined;
  const target = m[1]!.trim();
  const heading = m[2]?.trim() || undefined;
  const label = m[3]?.trim() || target || heading || '';
  return target || heading ? { target, heading, label } : undefined;
}

/**
 * Resolve a wikilink target to a note the way Obsidian readers expect: the path (with or without
 * extension), then the slug, then the file name, then the title, all case-insensitive. Ambiguous
 * file names resolve to the first path in sorted order.
 */
export function createWikilinkResolver(notes: readonly LinkTarget[]): (target: string) => LinkTarget | undefined {
  const byKey = new Map<string, LinkTarget>();
  const add = (key: string, note: LinkTarget) => {
    const k = key.toLowerCase();
    if (k && !byKey.has(k)) byKey.set(k, note);
  };
  const sorted = [...notes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  // Most specific first: a path beats a slug beats a file name beats a title.
  for (const n of sorted) add(n.path, n);
  for (const n of sorted) add(n.path.replace(/\.mdx?$/i, ''), n);
  for (const n of sorted) add(n.slug, n);
  for (const n of sorted)
    add(
      n.path
        .split('/')
        .pop()!
        .replace(/\.mdx?$/i, ''),
      n,
    );
  for (const n of sorted) add(n.title, n);
  return (target: string) => {
    const t = target.trim().replace(/^\.?\//, '');
    if (!t) return undefined;
    return byKey.get(t.toLowerCase()) ?? byKey.get(slugify(t));
  };
}

/** Notes that link to each note (by slug), each list sorted by path; a note never backlinks itself. */
export function buildBacklinks(notes: readonly NoteEntry[], resolve: (target: string) => LinkTarget | undefined): Map<string, LinkTarget[]> {
  const out = new Map<string, LinkTarget[]>();
  for (const from of notes) {
    const seen = new Set<string>();
    for (const link of from.wikilinks) {
      const to = resolve(link);
      if (!to || to.slug === from.slug || seen.has(to.slug)) continue;
      seen.add(to.slug);
      const list = out.get(to.slug) ?? [];
      list.push({ path: from.path, slug: from.slug, title: from.title });
      out.set(to.slug, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return out;
}
