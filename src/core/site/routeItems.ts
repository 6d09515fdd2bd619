// Isomorphic: what each dynamic route of the portal has a page for, and each page's params, from the site's model.
// The page types (pageTypes.ts) name them for their routes; the compiled site's render lists every page from them
// (renderedPages.ts), and each page's props are looked up by these items (src/runtime/pageRoutes.ts).
import { configuredPacks } from '../context/configuredPacks.js';
import type { NoteEntry } from '../index/kbIndexSchema.js';
import { nestedTagViews, type NestedTagView } from '../tags/nestedTags.js';
import { tagSlug } from '../tags/tagSlug.js';
import { boardParams, type BoardEntry } from '../boards/boardEntries.js';
import { buildFolderPages, type FolderPage } from '../navigation/folderPages.js';
import { sharedNotesByProject } from '../navigation/sharedNotes.js';
import type { SiteModel } from './siteModel.js';
import { notesByCategory } from '../navigation/summariseIndex.js';

/** A page's params, as Astro gives them (a rest param is undefined at the route's root). */
export type RouteParams = Record<string, string | undefined>;

/** What a route's items are read from. */
export type RouteItemsInput = Pick<SiteModel, 'index' | 'tags'> & { boards?: readonly BoardEntry[] | undefined };

/** A dynamic route's pages: every item with a page, in order, and each item's params. */
export interface RouteItems<I> {
  items: (site: RouteItemsInput) => readonly I[];
  params: (item: I) => RouteParams;
}

/** Any route's items, as the page types list them. */
export interface SomeRouteItems {
  items: (site: RouteItemsInput) => readonly unknown[];
  params: (item: never) => RouteParams;
}

const routeItems = <I>(spec: RouteItems<I>): RouteItems<I> => spec;

export const noteItems = routeItems<NoteEntry>({ items: ({ index }) => index.notes, params: (note) => ({ slug: note.slug }) });

/** A tag's page, an alias's (the same list, sending the reader on: alias URLs never 404), a nested tag's parent's. */
export interface TagItem {
  tag: string;
  canonical: string | undefined;
  nested: NestedTagView | undefined;
}

export const tagItems = routeItems<TagItem>({
  items: ({ index, tags }) => {
    const tagSet = new Set(tags);
    const views = nestedTagViews(tags, index.notes);
    return [
      ...tags.map((tag) => ({ tag, canonical: undefined, nested: views.get(tag) })),
      ...Object.entries(index.aliases)
        .filter(([alias]) => !tagSet.has(alias))
        .map(([alias, canonical]) => ({ tag: alias, canonical, nested: undefined })),
      ...[...views].filter(([parent]) => !tagSet.has(parent) && !(parent in index.aliases)).map(([tag, nested]) => ({ tag, canonical: undefined, nested })),
    ];
  },
  params: (item) => ({ tag: tagSlug(item.tag) }),
});

export const projectItems = routeItems({ items: ({ index }) => index.projects, params: (project) => ({ key: tagSlug(project.key) }) });

export const sharedItems = routeItems<ReturnType<typeof sharedNotesByProject>[number]>({
  items: ({ index }) => sharedNotesByProject(index).filter((g) => g.project !== 'cross'),
  params: (group) => ({ key: tagSlug(group.project) }),
});

export const categoryItems = routeItems<[category: string, notes: NoteEntry[]]>({
  items: ({ index }) => [...notesByCategory(index.notes)],
  params: ([category]) => ({ category: tagSlug(category) }),
});

export const folderItems = routeItems<FolderPage>({
  items: ({ index }) => buildFolderPages(index.notes),
  params: (page) => ({ folder: page.slug || undefined }),
});

export const packItems = routeItems({ items: ({ index }) => configuredPacks(index), params: (pack) => ({ slug: pack.slug }) });

export const canvasItems = routeItems<BoardEntry>({
  items: ({ boards = [] }) => boards.filter((b) => b.kind === 'canvas'),
  params: (board) => boardParams(board.slug),
});

export const baseItems = routeItems<BoardEntry>({
  items: ({ boards = [] }) => boards.filter((b) => b.kind === 'base'),
  params: (board) => boardParams(board.slug),
});

/** A key for params however they come: getStaticPaths' (a rest param may be undefined) or Astro.params on request. */
export function paramsKey(params: RouteParams): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k] ?? '']),
  );
}

/** The URL path of a route's page inside the portal: the pattern with its params put in (`notes/a/b/`, `''` for the home page). */
export function routePath(pattern: string, params: RouteParams): string {
  const filled = pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => params[name] ?? '');
  const trimmed = filled.replace(/\/{2,}/g, '/').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}
