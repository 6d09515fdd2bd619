// The portal's dynamic pages' props, one table each (routeTable.ts) over the items their route declares
// (src/core/site/routeItems.ts). Everything a page shows beside the layout is in its props, so a page whose props did
// not change is the page of last build.
import type { NoteEntry } from '../core/index/kbIndexSchema.ts';
import type { BasePageData, BoardPageData, CanvasPageData } from '../core/boards/boardPageData.ts';
import { noteBreadcrumbs } from '../core/notePage/breadcrumbs.ts';
import { editLink } from '../core/notePage/editLink.ts';
import { baseItems, canvasItems, categoryItems, folderItems, noteItems, packItems, projectItems, sharedItems, tagItems } from '../core/site/routeItems.ts';
import { boardPages } from './boardPages.ts';
import { localGraphOf } from './localGraphs.ts';
import { configuredSitePacks, queryViewFor } from './portalSite.ts';
import { routeTable, type RouteTable } from './routeTable.ts';
import { noteNumber, pagerBySlug, relatedOf, sidebarKey, siteGroupLabels } from './siteTree.ts';
import { tagPages } from './tagPages.ts';

/** A note's card on a list page: what NoteCards shows. */
const card = ({ slug, title, description, tags, status }: NoteEntry) => ({ slug, title, description, tags, status });

export const noteRoutes = routeTable({
  file: 'notes/[...slug].astro',
  items: noteItems,
  props: (note, site) => {
    // How the body renders (its HTML's cache key covers the Markdown), not where the Markdown sits in bodies.txt.
    const { as, htmlKey } = site.data.notes[note.path] ?? { as: 'md' as const };
    return {
      note,
      render: { as, htmlKey },
      backlinks: site.backlinks.get(note.slug) ?? [],
      successor: note.supersededBy ? site.resolveWikilink(note.supersededBy) : undefined,
      related: relatedOf(note.slug),
      properties: site.data.properties[note.path] ?? [],
      pager: pagerBySlug().get(note.slug),
      image: site.data.images[note.path] ?? site.image,
      // The branch itself is computed as the page renders (10,000 branches are ~100 MB of props): its fingerprint here.
      sidebarKey: sidebarKey(note.slug),
      crumbs: noteBreadcrumbs(note, site.index, site.paths, siteGroupLabels()),
      updated: site.updated?.[note.path],
      edit: editLink(site.editUrl, note.path),
      graph: localGraphOf(note.slug),
      index: noteNumber(note.slug),
    };
  },
});

export const tagRoutes = routeTable({
  file: 'tags/[tag].astro',
  items: tagItems,
  props: ({ tag, canonical, nested }) => ({ tag, canonical, page: tagPages().get(canonical ?? tag), nested }),
});

export const projectRoutes = routeTable({
  file: 'projects/[key].astro',
  items: projectItems,
  props: (project) => ({ project, view: queryViewFor(project.key) }),
});

export const sharedRoutes = routeTable({
  file: 'shared/[key].astro',
  items: sharedItems,
  props: (group) => ({ project: group.project, name: group.name, notes: group.notes.map(card) }),
});

export const categoryRoutes = routeTable({
  file: 'categories/[category].astro',
  items: categoryItems,
  props: ([category, notes]) => ({ category, notes: notes.map(card) }),
});

export const folderRoutes = routeTable({ file: 'folders/[...folder].astro', items: folderItems, props: (page) => ({ page }) });

export const packRoutes = routeTable({
  file: 'packs/[slug].astro',
  items: packItems,
  props: ({ slug }) => ({ pack: configuredSitePacks().find((p) => p.slug === slug)! }),
  incremental: false,
});

/** A canvas's or base's page data (boards.json), by the board's path. */
const board = <B extends BoardPageData>(path: string) => boardPages().find((b) => b.path === path) as B;

export const canvasRoutes = routeTable({
  file: 'boards/canvas.astro',
  items: canvasItems,
  props: (entry) => ({ board: board<CanvasPageData>(entry.path) }),
  incremental: false,
});

export const baseRoutes = routeTable({
  file: 'boards/base.astro',
  items: baseItems,
  props: (entry) => ({ board: board<BasePageData>(entry.path) }),
  incremental: false,
});

/** Every dynamic route's table, by its page file (pageTypes.ts). */
export const ROUTE_TABLES: Readonly<Record<string, RouteTable<unknown>>> = {
  'notes/[...slug].astro': noteRoutes,
  'tags/[tag].astro': tagRoutes,
  'projects/[key].astro': projectRoutes,
  'shared/[key].astro': sharedRoutes,
  'categories/[category].astro': categoryRoutes,
  'folders/[...folder].astro': folderRoutes,
  'packs/[slug].astro': packRoutes,
  'boards/canvas.astro': canvasRoutes,
  'boards/base.astro': baseRoutes,
};
