import { notesByCategory } from '../../core/site/summariseIndex.js';
import { sharedNotesByProject } from '../../core/site/sharedNotes.js';
import { getSiteData } from './siteData.js';

/** Root-relative URL of every HTML page the site builds (the sitemap lists them). */
export function sitePages(): string[] {
  const { index, paths, tags } = getSiteData();
  const shared = sharedNotesByProject(index).filter((g) => g.project !== 'cross');
  return [
    paths.home,
    paths.tags,
    paths.categories,
    paths.projects,
    paths.shared,
    paths.packs,
    paths.search,
    paths.query(),
    ...index.notes.map((n) => paths.note(n.slug)),
    ...tags.map((t) => paths.tag(t)),
    ...[...notesByCategory(index.notes).keys()].map((c) => paths.category(c)),
    ...index.projects.map((p) => paths.project(p.key)),
    ...shared.map((g) => paths.sharedProject(g.project)),
  ];
}
