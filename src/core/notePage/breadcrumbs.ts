// Isomorphic: where a note sits, as the trail above its title: tier › folders › note, or tier › project › folders › note.
// A folder leads to its folder page, a project to its project page.
import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { folderSlug } from '../navigation/folderPages.js';
import { notePlace, type GroupLabels } from '../navigation/sidebarTree.js';
import type { SitePaths } from '../site/sitePaths.js';

export interface Crumb {
  label: string;
  /** A page to go to: the projects and team-shared lists, a project's page, a folder's page. */
  href?: string | undefined;
}

export function noteBreadcrumbs(
  note: Pick<NoteEntry, 'path' | 'tier'>,
  index: Pick<KbIndex, 'layout' | 'projects' | 'sharing'>,
  paths: Pick<SitePaths, 'projects' | 'project' | 'shared' | 'sharedProject' | 'folder'>,
  labels?: GroupLabels,
): Crumb[] {
  const [group, ...steps] = notePlace(note, index, labels);
  const groupHref = note.tier === 'project' ? paths.projects : note.tier === 'team-shared' && index.sharing ? paths.shared : undefined;
  return [
    { label: group!.label, href: groupHref },
    ...steps.map((s) => ({
      label: s.label,
      href: s.project ? (s.project.shared ? paths.sharedProject(s.project.key) : paths.project(s.project.key)) : paths.folder(folderSlug(s.id.split('/'))),
    })),
  ];
}
