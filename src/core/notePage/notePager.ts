// Isomorphic: each note's previous and next note in folder order, the order the sidebar lists them (groups in tier
// order; in each folder its subfolders first, then its notes, by title), so reading on follows the sidebar.
import type { SiteTree, TreeItem, TreeNote } from '../navigation/sidebarTree.js';

export interface PagerLink {
  slug: string;
  title: string;
}

export interface NotePager {
  prev?: PagerLink | undefined;
  next?: PagerLink | undefined;
}

/** Previous and next of every note in the tree, by slug. */
export function buildPager(tree: Pick<SiteTree, 'groups'>): Map<string, NotePager> {
  const order: TreeNote[] = [];
  const walk = (items: readonly TreeItem[]) => {
    for (const item of items) {
      if (item.kind === 'folder') walk(item.children);
      else order.push(item);
    }
  };
  walk(tree.groups);
  const link = (n: TreeNote | undefined): PagerLink | undefined => (n ? { slug: n.slug, title: n.title } : undefined);
  return new Map(order.map((n, i) => [n.slug, { prev: link(order[i - 1]), next: link(order[i + 1]) }]));
}
