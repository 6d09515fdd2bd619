// The sidebar's tree and each note's related notes, derived once per generation of the site's data.
import { relatedNotes, type RelatedNote } from '../core/site/relatedNotes.ts';
import { buildSiteTree, sidebarBranch, type BranchFolder, type SiteTree } from '../core/site/sidebarTree.ts';
import { portalSite, type PortalSite } from './portalSite.ts';

let memo: { site: PortalSite; tree: SiteTree; top: BranchFolder[]; related?: Map<string, RelatedNote[]> } | undefined;

function derived() {
  const site = portalSite();
  if (memo?.site !== site) {
    const tree = buildSiteTree(site.index);
    memo = { site, tree, top: sidebarBranch(tree, undefined) };
  }
  return memo;
}

export function siteTree(): SiteTree {
  return derived().tree;
}

/** The sidebar of a page that is not a note: the groups and their first level. */
export function topBranch(): BranchFolder[] {
  return derived().top;
}

/** Related notes of every note, by slug. */
export function relatedBySlug(): Map<string, RelatedNote[]> {
  const d = derived();
  d.related ??= relatedNotes(d.site.index.notes);
  return d.related;
}
