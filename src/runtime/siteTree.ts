// The sidebar's tree and each note's related notes, derived once per generation of the site's data.
import { createHash } from 'node:crypto';
import { withBoards } from '../core/boards/boardEntries.ts';
import { buildPager, type NotePager } from '../core/notePage/notePager.ts';
import { relatedNotesOf, type RelatedNote } from '../core/notePage/relatedNotes.ts';
import { buildSiteTree, groupLabels, sidebarBranch, type BranchFolder, type GroupLabels, type SiteTree } from '../core/navigation/sidebarTree.ts';
import { portalSite, siteHeld, type PortalSite } from './portalSite.ts';
import { siteI18n, siteI18nFor, siteLocaleOf } from './siteI18n.ts';
import type { SiteI18n } from '../core/i18n/localeTables.ts';

interface Derived {
  site: PortalSite;
  tree: SiteTree;
  top: BranchFolder[];
  pager: Map<string, NotePager>;
  /** Each note's place in the index's order, by slug. */
  numbers: Map<string, number>;
  /** Note i's related notes, worked out on request (relatedNotes.ts), and those worked out so far, by slug. */
  related: (i: number) => RelatedNote[];
  relatedBySlug: Map<string, RelatedNote[]>;
}

/** The pages' site's, and that of the site made ahead of its data (siteAhead) while a page of the other may still render. */
let memos: Derived[] = [];

function derived(site: PortalSite = portalSite()): Derived {
  const known = memos.find((m) => m.site === site);
  if (known) return known;
  const tree = buildSiteTree(withBoards(site.index, site.boards), groupLabelsOf(siteI18nFor(siteLocaleOf(site))));
  const notes = site.index.notes;
  const made: Derived = {
    site,
    tree,
    top: sidebarBranch(tree, undefined),
    pager: buildPager(tree),
    numbers: new Map(notes.map((n, i) => [n.slug, i])),
    related: relatedNotesOf(notes),
    relatedBySlug: new Map(),
  };
  memos = [made, ...memos.filter((m) => siteHeld(m.site))];
  return made;
}

/** The sidebar's tree of a site made ahead of its data (serverEntry.ts), computed now. */
export function siteTreeOf(site: PortalSite): SiteTree {
  return derived(site).tree;
}

/** The sidebar's and breadcrumbs' groups, in the site's language. */
export function siteGroupLabels(): GroupLabels {
  return groupLabelsOf(siteI18n());
}

const groupLabelsOf = ({ t }: SiteI18n): GroupLabels => groupLabels((key) => t(key));

export function siteTree(): SiteTree {
  return derived().tree;
}

/** The sidebar of a page that is not a note: the groups and their first level. */
export function topBranch(): BranchFolder[] {
  return derived().top;
}

/**
 * A note page's sidebar: its branch of the tree. Computed when the page renders, not held in every route's props
 * (10,000 branches are ~100 MB of JSON); the props carry `sidebarKey` instead, so the page is rendered again when
 * its branch changes (src/runtime/changedRoutes.ts).
 */
export function noteSidebar(slug: string): BranchFolder[] {
  return sidebarBranch(derived().tree, slug);
}

/** A short fingerprint of a note's sidebar branch, for its route's props. */
export function sidebarKey(slug: string): string {
  return createHash('sha256')
    .update(JSON.stringify(noteSidebar(slug)))
    .digest('base64url')
    .slice(0, 22);
}

/** A note's related notes (by slug), worked out when its page first asks: never every note's at once (relatedNotes.ts). */
export function relatedOf(slug: string): RelatedNote[] {
  const d = derived();
  let related = d.relatedBySlug.get(slug);
  if (related === undefined) {
    const i = d.numbers.get(slug);
    related = i === undefined ? [] : d.related(i);
    d.relatedBySlug.set(slug, related);
  }
  return related;
}

/** A note's place in the index's order (by slug; -1 for none). */
export function noteNumber(slug: string): number {
  return derived().numbers.get(slug) ?? -1;
}

/** Each note's previous and next note in the sidebar's order, by slug. */
export function pagerBySlug(): Map<string, NotePager> {
  return derived().pager;
}
