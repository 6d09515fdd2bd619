// Isomorphic: a page per folder of the knowledge folder (`/folders/<folder>/`), listing its subfolders and notes, as
// Quartz lists every folder. `/folders/` itself is the root: the top folders and the notes beside them.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';
import { slugify } from '../util/slugify.js';

export interface FolderNote {
  slug: string;
  title: string;
  description: string;
  tags: string[];
}

export interface FolderPage {
  /** The folder's URL path under `/folders/` (`guides/deep`); `''` for the root. */
  slug: string;
  /** The folder's name as written (the root: `''`). */
  label: string;
  /** The folders above it, root first (the root itself excluded), for the breadcrumbs. */
  trail: { slug: string; label: string }[];
  /** Its subfolders, by name, each with how many notes it holds at any depth. */
  folders: { slug: string; label: string; notes: number }[];
  /** The notes directly in it, by title. */
  notes: FolderNote[];
}

/** A note's folders as written, without the `../` that team-shared notes beside the knowledge folder start with. */
export function noteFolders(path: string): string[] {
  return path
    .replace(/^(\.\.\/)+/, '')
    .split('/')
    .slice(0, -1);
}

/** The URL path of a folder (its parts as written): each part read as note paths are, so it is safe in a URL. */
export function folderSlug(parts: readonly string[]): string {
  return parts.length ? slugify(`${parts.join('/')}/x`).slice(0, -2) : '';
}

/** Every folder page, root first, then by URL path. Folders whose names read the same in a URL share one page. */
export function buildFolderPages(notes: readonly Pick<NoteEntry, 'path' | 'slug' | 'title' | 'description' | 'tags'>[]): FolderPage[] {
  const pages = new Map<string, FolderPage & { total: number }>();
  // Each folder's slug once: every note asks for each folder above it, twice.
  const slugs = new Map<string, string>();
  const slugOf = (parts: readonly string[]) => {
    const key = parts.join('/');
    let slug = slugs.get(key);
    if (slug === undefined) slugs.set(key, (slug = folderSlug(parts)));
    return slug;
  };
  const page = (parts: readonly string[]) => {
    const slug = slugOf(parts);
    let p = pages.get(slug);
    if (!p) {
      p = {
        slug,
        label: parts.at(-1) ?? '',
        trail: parts.slice(0, -1).map((label, i) => ({ slug: slugOf(parts.slice(0, i + 1)), label })),
        folders: [],
        notes: [],
        total: 0,
      };
      pages.set(slug, p);
    }
    return p;
  };
  page([]);
  for (const n of [...notes].sort((a, b) => compareStrings(a.path, b.path))) {
    const parts = noteFolders(n.path);
    for (let depth = 0; depth <= parts.length; depth++) {
      const p = page(parts.slice(0, depth));
      p.total++;
      if (depth === parts.length) p.notes.push({ slug: n.slug, title: n.title, description: n.description, tags: n.tags });
      else {
        const child = slugOf(parts.slice(0, depth + 1));
        if (!p.folders.some((f) => f.slug === child)) p.folders.push({ slug: child, label: parts[depth]!, notes: 0 });
      }
    }
  }
  return [...pages.values()]
    .sort((a, b) => (a.slug === '' ? -1 : b.slug === '' ? 1 : compareStrings(a.slug, b.slug)))
    .map(({ total: _total, ...p }) => ({
      ...p,
      folders: byLabel(
        p.folders.map((f) => ({ ...f, notes: pages.get(f.slug)!.total })),
        (f) => f.label,
      ),
      notes: byLabel(
        p.notes,
        (n) => n.title,
        (a, b) => compareStrings(a.slug, b.slug),
      ),
    }));
}

/** Sorted by label, case folded first (then as written, then `tie`): each label lower-cased once, not per comparison. */
function byLabel<T>(items: T[], label: (item: T) => string, tie: (a: T, b: T) => number = () => 0): T[] {
  return items
    .map((item) => {
      const written = label(item);
      return { item, label: written, folded: written.toLowerCase() };
    })
    .sort((a, b) => compareStrings(a.folded, b.folded) || compareStrings(a.label, b.label) || tie(a.item, b.item))
    .map((k) => k.item);
}
