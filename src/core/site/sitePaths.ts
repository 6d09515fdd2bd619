// Isomorphic: the pages, the island and the tests build URLs with it.
import { tagSlug } from '../tags/tagSlug.js';

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
    note: (slug: string) => page('notes', slug),
    noteMd: (slug: string) => `${root}notes/${encodePath(slug)}.md`,
    tags: page('tags'),
    tag: (tag: string) => page('tags', tagSlug(tag)),
    categories: page('categories'),
    category: (category: string) => page('categories', tagSlug(category)),
    projects: page('projects'),
    project: (key: string) => page('projects', tagSlug(key)),
    shared: page('shared'),
    sharedProject: (key: string) => page('shared', tagSlug(key)),
    packs: page('packs'),
    pack: (slug: string) => page('packs', slug),
    packFile: (slug: string, ext: 'md' | 'json') => `${root}packs/${encodePath(slug)}.${ext}`,
    folders: page('folders'),
    /** A folder's page by its URL path (folderPages.ts `folderSlug`); `''` is the root's. */
    folder: (slug: string) => (slug ? page('folders', slug) : page('folders')),
    search: page('search'),
    health: page('health'),
    /** The global graph page (the graph file it fetches is siteContract.ts `graph`). */
    graph: page('graph'),
    query: (q?: string) => (q ? `${page('query')}?q=${encodeURIComponent(q)}` : page('query')),
  };
}

export type SitePaths = ReturnType<typeof createSitePaths>;

/** Percent-encode each segment so `~`-escapes and non-Latin letters survive; `/` stays a separator. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
