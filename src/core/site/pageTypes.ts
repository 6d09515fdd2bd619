// Isomorphic: the portal's page types, each declared once. The integration injects their routes, sitePaths builds
// their URLs under their folder, the sitemap lists their pages, and the layout draws the site's links and marks the
// reader's section from this list. A new page type is one entry here plus its page in src/routes/.
import { layout as englishLayout } from '../i18n/en/layoutStrings.js';
import { tagChildren } from '../tags/nestedTags.js';
import { buildFolderPages } from '../navigation/folderPages.js';
import { PAGE_DIRS } from './pageDirs.js';
import type { SiteModel } from './siteModel.js';
import type { SitePaths } from './sitePaths.js';
import { sharedNotesByProject } from '../navigation/sharedNotes.js';
import {
  baseItems,
  canvasItems,
  categoryItems,
  folderItems,
  noteItems,
  packItems,
  projectItems,
  routePath,
  sharedItems,
  tagItems,
  type RouteItemsInput,
  type RouteParams,
  type SomeRouteItems,
} from './routeItems.js';
import { notesByCategory } from '../navigation/summariseIndex.js';

/** What the sitemap's lists are made from: the index, the paths, the tags, and the canvases and bases. */
export type SitePagesInput = Pick<SiteModel, 'index' | 'paths' | 'tags'> & Partial<Pick<SiteModel, 'boards' | 'graph'>>;

/** The key of a site link's label. */
export type NavLabelKey = Extract<keyof typeof englishLayout, `nav.${string}`>;

/** What decides whether a page type's link is in the header: the site has projects, sharing, a graph. */
export interface NavFacts {
  projects: boolean;
  sharing: boolean;
  graph: boolean;
}

export interface PageType {
  /** The type's name: the `section` its pages give the layout, and the kind of its incremental routes. */
  name: string;
  /** Its URL folder below the portal's prefix (pageDirs.ts; `''` for the home page); route patterns are relative to it. */
  dir: string;
  /**
   * Each route: its pattern inside `dir` (`[tag]`, `''` for the folder's own page), its page in src/routes/ and, for a
   * dynamic route, what it has a page for (routeItems.ts).
   */
  routes: readonly (readonly [pattern: string, file: string, items?: SomeRouteItems])[];
  /**
   * Its link among the site's links (header and phone menu), shown only when `when` holds (default: always); `label`
   * is the key of its words in the interface's tables (src/core/i18n/).
   */
  nav?: { label: NavLabelKey; href: (paths: SitePaths) => string; when?: (facts: NavFacts) => boolean };
  /** Every page of the type, root-relative (the sitemap, and the URLs a redirect must not take). */
  pages: (site: SitePagesInput) => readonly string[];
}

export const PAGE_TYPES = [
  { name: 'home', dir: PAGE_DIRS.home, routes: [['', 'index.astro']], pages: ({ paths }) => [paths.home] },
  {
    name: 'notes',
    dir: PAGE_DIRS.notes,
    routes: [['[...slug]', 'notes/[...slug].astro', noteItems]],
    pages: ({ index, paths }) => index.notes.map((n) => paths.note(n.slug)),
  },
  {
    name: 'tags',
    dir: PAGE_DIRS.tags,
    routes: [
      ['', 'tags/index.astro'],
      ['[tag]', 'tags/[tag].astro', tagItems],
    ],
    nav: { label: 'nav.tags', href: (p) => p.tags },
    // A nested tag's parent has a page even when no note carries it itself.
    pages: ({ paths, tags }) => {
      const tagSet = new Set(tags);
      const parents = [...tagChildren(tags).keys()].filter((t) => !tagSet.has(t));
      return [paths.tags, ...tags.map((t) => paths.tag(t)), ...parents.map((t) => paths.tag(t))];
    },
  },
  {
    name: 'projects',
    dir: PAGE_DIRS.projects,
    routes: [
      ['', 'projects/index.astro'],
      ['[key]', 'projects/[key].astro', projectItems],
    ],
    nav: { label: 'nav.projects', href: (p) => p.projects, when: (f) => f.projects },
    pages: ({ index, paths }) => [paths.projects, ...index.projects.map((p) => paths.project(p.key))],
  },
  {
    name: 'shared',
    dir: PAGE_DIRS.shared,
    routes: [
      ['', 'shared/index.astro'],
      ['[key]', 'shared/[key].astro', sharedItems],
    ],
    nav: { label: 'nav.shared', href: (p) => p.shared, when: (f) => f.sharing },
    // Notes shared across every project are listed on the index page, not on a page of their own.
    pages: ({ index, paths }) => [
      paths.shared,
      ...sharedNotesByProject(index)
        .filter((g) => g.project !== 'cross')
        .map((g) => paths.sharedProject(g.project)),
    ],
  },
  {
    name: 'categories',
    dir: PAGE_DIRS.categories,
    routes: [
      ['', 'categories/index.astro'],
      ['[category]', 'categories/[category].astro', categoryItems],
    ],
    nav: { label: 'nav.categories', href: (p) => p.categories },
    pages: ({ index, paths }) => [paths.categories, ...[...notesByCategory(index.notes).keys()].map((c) => paths.category(c))],
  },
  {
    name: 'packs',
    dir: PAGE_DIRS.packs,
    routes: [
      ['', 'packs/index.astro'],
      ['[slug]', 'packs/[slug].astro', packItems],
    ],
    nav: { label: 'nav.packs', href: (p) => p.packs },
    // The packs' own pages are listed by the packs they come from, not by the index (siteFiles.ts).
    pages: ({ paths }) => [paths.packs],
  },
  {
    name: 'query',
    dir: PAGE_DIRS.query,
    routes: [['', 'query/index.astro']],
    nav: { label: 'nav.query', href: (p) => p.query() },
    pages: ({ paths }) => [paths.query()],
  },
  {
    name: 'health',
    dir: PAGE_DIRS.health,
    routes: [['', 'health/index.astro']],
    nav: { label: 'nav.health', href: (p) => p.health },
    pages: ({ paths }) => [paths.health],
  },
  {
    name: 'graph',
    dir: PAGE_DIRS.graph,
    routes: [['', 'graph/index.astro']],
    nav: { label: 'nav.graph', href: (p) => p.graph, when: (f) => f.graph },
    pages: ({ paths, graph }) => (graph?.enabled === false ? [] : [paths.graph]),
  },
  { name: 'search', dir: PAGE_DIRS.search, routes: [['', 'search/index.astro']], pages: ({ paths }) => [paths.search] },
  {
    name: 'folders',
    dir: PAGE_DIRS.folders,
    routes: [['[...folder]', 'folders/[...folder].astro', folderItems]],
    pages: ({ index, paths }) => buildFolderPages(index.notes).map((f) => paths.folder(f.slug)),
  },
  {
    // Canvases and bases: the extension keeps their URLs apart from the notes' (boardEntries.ts).
    name: 'boards',
    dir: PAGE_DIRS.notes,
    routes: [
      ['[...dir]/[name].canvas', 'boards/canvas.astro', canvasItems],
      ['[...dir]/[name].base', 'boards/base.astro', baseItems],
    ],
    pages: ({ paths, boards }) => (boards ?? []).map((b) => paths.note(b.slug)),
  },
] as const satisfies readonly PageType[];

/** A page type's name: what a page passes the layout as its `section`. */
export type PageSection = (typeof PAGE_TYPES)[number]['name'];

/** A route's pattern inside the portal's prefix (`tags/[tag]`, `''` for the home page). */
export function routePattern(type: Pick<PageType, 'dir'>, pattern: string): string {
  return [type.dir, pattern].filter(Boolean).join('/');
}

/** A page the portal renders: its URL path inside the portal (`notes/a/`, `''`, `404`), its type, its page file. */
export interface RenderedPage {
  path: string;
  kind: string;
  file: string;
  /** A dynamic route's params for this page. */
  params?: RouteParams | undefined;
}

/**
 * Every page the portal renders, type by type: each static route's page, each dynamic route's items' pages, then the
 * not-found page when the portal is the whole site. What the compiled site renders (src/site/render/).
 */
export function renderedPages(site: RouteItemsInput, wholeSite: boolean): RenderedPage[] {
  const pages: RenderedPage[] = [];
  for (const type of PAGE_TYPES as readonly PageType[])
    for (const [pattern, file, items] of type.routes) {
      const full = routePattern(type, pattern);
      if (!items) pages.push({ path: routePath(full, {}), kind: type.name, file });
      else
        for (const item of items.items(site)) {
          const params = items.params(item as never);
          pages.push({ path: routePath(full, params), kind: type.name, file, params });
        }
    }
  if (wholeSite) pages.push({ path: '404', kind: '404', file: '404.astro' });
  return pages;
}

/** Every route of the portal: pattern inside the prefix → page file in src/routes/, in declaration order. */
export function pageRoutes(): { pattern: string; file: string }[] {
  return PAGE_TYPES.flatMap((t: PageType) => t.routes.map(([pattern, file]) => ({ pattern: routePattern(t, pattern), file })));
}

export type SectionLink = [key: PageSection, label: string, href: string];

/**
 * The site's links, in declaration order: the page types with a `nav` whose `when` holds for this site, labelled
 * by `label` (the site's language; default English).
 */
export function sectionLinks(paths: SitePaths, facts: NavFacts, label: (key: NavLabelKey) => string = (key) => englishLayout[key]): SectionLink[] {
  return PAGE_TYPES.flatMap((t): SectionLink[] => {
    const nav: PageType['nav'] = 'nav' in t ? t.nav : undefined;
    return nav && (nav.when?.(facts) ?? true) ? [[t.name, label(nav.label), nav.href(paths)]] : [];
  });
}
