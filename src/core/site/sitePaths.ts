// Isomorphic: the pages, the island and the tests build URLs with it.
import { tagSlug } from '../tags/tagSlug.js';
import { PAGE_DIRS as D } from './pageDirs.js';

/** `site.base` as `/` or `/wiki/`. */
export function normaliseBase(base: string): string {
  return `/${base.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}

/**
 * Every internal URL of the site under the base path, pages with a trailing slash. Tags, aliases,
 * categories and project keys go through `tagSlug` (one-to-one, never `/`, `.`, `?`, `#` or `%`).
 */
export function createSitePaths(base: string) {
  const root = normaliseBase(base);
  const page = (...parts: string[]) => `${root}${parts.map(encodePath).join('/')}/`;
  return {
    root,
    home: root,
    /** A file at the site root or below (`kb-index.json`, `pagefind/…`). */
    file: (name: string) => `${root}${encodePath(name)}`,
    note: (slug: string) => page(D.notes, slug),
    noteMd: (slug: string) => `${root}${D.notes}/${encodePath(slug)}.md`,
    tags: page(D.tags),
    tag: (tag: string) => page(D.tags, tagSlug(tag)),
    categories: page(D.categories),
    category: (category: string) => page(D.categories, tagSlug(category)),
    projects: page(D.projects),
    project: (key: string) => page(D.projects, tagSlug(key)),
    shared: page(D.shared),
    sharedProject: (key: string) => page(D.shared, tagSlug(key)),
    packs: page(D.packs),
    pack: (slug: string) => page(D.packs, slug),
    packFile: (slug: string, ext: 'md' | 'json') => `${root}${D.packs}/${encodePath(slug)}.${ext}`,
    folders: page(D.folders),
    /** A folder's page by its URL path (folderPages.ts `folderSlug`); `''` is the root's. */
    folder: (slug: string) => (slug ? page(D.folders, slug) : page(D.folders)),
    search: page(D.search),
    health: page(D.health),
    /** The global graph page (the graph file it fetches is siteContract.ts `graph`). */
    graph: page(D.graph),
    query: (q?: string) => (q ? `${page(D.query)}?q=${encodeURIComponent(q)}` : page(D.query)),
  };
}

export type SitePaths = ReturnType<typeof createSitePaths>;

// What encodeURIComponent leaves as it is, and `/`: a path of only these is its own encoding (most slugs; a page
// of a large site builds thousands of links).
const UNRESERVED = /^[\w\-.!~*'()/]*$/;

/** Percent-encode each segment so `~`-escapes and non-Latin letters survive; `/` stays a separator. */
function encodePath(path: string): string {
  return UNRESERVED.test(path) ? path : path.split('/').map(encodeURIComponent).join('/');
}
