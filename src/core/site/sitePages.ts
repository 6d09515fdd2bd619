import { tagChildren } from '../tags/nestedTags.js';
import { buildFolderPages } from './folderPages.js';
import { notesByCategory } from './summariseIndex.js';
import { sharedNotesByProject } from './sharedNotes.js';
import type { SiteModel } from './siteModel.js';

/** Root-relative URL of every HTML page the portal builds (the sitemap lists them). */
export function sitePages({
  index,
  paths,
  tags,
  boards,
  graph,
}: Pick<SiteModel, 'index' | 'paths' | 'tags'> & Partial<Pick<SiteModel, 'boards' | 'graph'>>): string[] {
  const shared = sharedNotesByProject(index).filter((g) => g.project !== 'cross');
  const tagSet = new Set(tags);
  return [
    paths.home,
    paths.tags,
    paths.categories,
    paths.projects,
    paths.shared,
    paths.packs,
    paths.search,
    paths.health,
    paths.query(),
    ...(graph?.enabled === false ? [] : [paths.graph]),
    ...index.notes.map((n) => paths.note(n.slug)),
    ...(boards ?? []).map((b) => paths.note(b.slug)),
    ...tags.map((t) => paths.tag(t)),
    ...[...tagChildren(tags).keys()].filter((t) => !tagSet.has(t)).map((t) => paths.tag(t)),
    ...buildFolderPages(index.notes).map((f) => paths.folder(f.slug)),
    ...[...notesByCategory(index.notes).keys()].map((c) => paths.category(c)),
    ...index.projects.map((p) => paths.project(p.key)),
    ...shared.map((g) => paths.sharedProject(g.project)),
  ];
}
