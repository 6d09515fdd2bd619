// Isomorphic: the knowledge folder as the sidebar's tree, grouped by tier, and the part of it one page shows.
// A page carries only its branch (sidebarBranch): the groups, the folders on the way to the current note
// open, their other folders closed and empty (`lazy`), and at most WINDOW entries per folder. The whole tree
// is one fragment file the sidebar island loads once, when the reader opens something the page does not hold.
import { layout } from '../i18n/en/layoutStrings.js';
import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

export interface TreeNote {
  kind: 'note';
  slug: string;
  title: string;
}

export interface TreeFolder {
  kind: 'folder';
  /** `@<tier>` for a group, else the folder's path in the knowledge folder (`projects/pay/lessons`). */
  id: string;
  label: string;
  /** Folders first, then notes, each by label (case-insensitive). */
  children: TreeItem[];
}

export type TreeItem = TreeFolder | TreeNote;

export interface SiteTree {
  groups: TreeFolder[];
  /** Note slug → ids of the folders that hold it, group first. */
  chains: ReadonlyMap<string, readonly string[]>;
}

/** One step of a note's place: a folder id and how it is labelled. */
export interface PlaceStep {
  id: string;
  label: string;
  /** The step is a project (its page is `/projects/<key>/`) or a team-shared project (`/shared/<key>/`). */
  project?: { key: string; shared: boolean } | undefined;
}

/** The whole tree as HTML, a file at the portal's root (src/site/emit/siteFiles.ts). */
export const SIDEBAR_FRAGMENT = 'kb-sidebar.html';

/** Entries one folder shows in a page's branch before "Show all". */
export const SIDEBAR_WINDOW = 20;

const TIER_ORDER = ['cross-project', 'project', 'team-shared', 'reviews'] as const;

/** How the groups are labelled: one label per tier, and `notes` for the one group of a flat folder. */
export type GroupLabels = Readonly<Record<NoteEntry['tier'] | 'notes', string>>;

const GROUP_KEYS = {
  'cross-project': 'sidebar.crossProject',
  project: 'sidebar.projects',
  'team-shared': 'sidebar.teamShared',
  reviews: 'sidebar.reviews',
  notes: 'sidebar.notes',
} as const satisfies Record<keyof GroupLabels, keyof typeof layout>;

/** The groups' labels in the interface's language (`t` looks the sidebar's keys up; default English). */
export function groupLabels(t: (key: (typeof GROUP_KEYS)[keyof GroupLabels]) => string = (key) => layout[key]): GroupLabels {
  return {
    'cross-project': t(GROUP_KEYS['cross-project']),
    project: t(GROUP_KEYS.project),
    'team-shared': t(GROUP_KEYS['team-shared']),
    reviews: t(GROUP_KEYS.reviews),
    notes: t(GROUP_KEYS.notes),
  };
}

const ENGLISH_GROUPS = groupLabels();

/** The folders a note sits in, group first: tier › folders, or tier › project › folders. */
export function notePlace(
  note: Pick<NoteEntry, 'path' | 'tier'>,
  index: Pick<KbIndex, 'layout' | 'projects'>,
  labels: GroupLabels = ENGLISH_GROUPS,
): PlaceStep[] {
  const parts = note.path.split('/');
  const group: PlaceStep = { id: `@${note.tier}`, label: index.layout === 'flat' ? labels.notes : labels[note.tier] };
  const folders = (from: number) => parts.slice(from, -1).map((label, i) => ({ id: parts.slice(0, from + i + 1).join('/'), label }));
  if (note.tier === 'project' && parts[0] === 'projects' && parts.length > 2) {
    const key = parts[1]!.toLowerCase();
    const project = index.projects.find((p) => p.key === key);
    return [group, { id: parts.slice(0, 2).join('/'), label: project?.name ?? parts[1]!, project: { key, shared: false } }, ...folders(2)];
  }
  const shared = parts.indexOf('_project-knowledge');
  if (note.tier === 'team-shared' && shared > 0) {
    const root = parts.slice(0, shared).join('/');
    const project = index.projects.find((p) => p.root === root);
    const label = project?.name ?? parts[shared - 1]!;
    return [
      group,
      { id: parts.slice(0, shared + 1).join('/'), label, project: project ? { key: project.key, shared: true } : undefined },
      ...folders(shared + 1),
    ];
  }
  if (note.tier === 'reviews' && parts[0] === 'logs') return [group, ...folders(1)];
  return [group, ...folders(0)];
}

/** Every published note (and canvas and base: boardEntries.ts) in its folder, groups in tier order, labelled by `labels`. */
export function buildSiteTree(
  index: Pick<KbIndex, 'layout' | 'projects'> & { notes: readonly Pick<NoteEntry, 'path' | 'tier' | 'slug' | 'title'>[] },
  labels: GroupLabels = ENGLISH_GROUPS,
): SiteTree {
  const folders = new Map<string, TreeFolder>();
  const groups: TreeFolder[] = [];
  const chains = new Map<string, string[]>();
  const folderFor = (step: PlaceStep, parent: TreeFolder | undefined): TreeFolder => {
    let folder = folders.get(step.id);
    if (!folder) {
      folder = { kind: 'folder', id: step.id, label: step.label, children: [] };
      folders.set(step.id, folder);
      if (parent) parent.children.push(folder);
      else groups.push(folder);
    }
    return folder;
  };
  for (const note of index.notes) {
    const place = notePlace(note, index, labels);
    let parent: TreeFolder | undefined;
    for (const step of place) parent = folderFor(step, parent);
    parent!.children.push({ kind: 'note', slug: note.slug, title: note.title });
    chains.set(
      note.slug,
      place.map((s) => s.id),
    );
  }
  for (const folder of folders.values()) folder.children.sort(compareItems);
  groups.sort((a, b) => tierRank(a.id) - tierRank(b.id));
  return { groups, chains };
}

/** What a page's sidebar shows: a folder is `open` on the way to the current note, `lazy` when its entries are left to the fragment. */
export interface BranchFolder {
  kind: 'folder';
  id: string;
  label: string;
  open: boolean;
  lazy: boolean;
  children: BranchItem[];
  /** Entries left out of this folder's window (the fragment has them). */
  hidden: number;
}

export interface BranchNote extends TreeNote {
  current: boolean;
}

export type BranchItem = BranchFolder | BranchNote;

/**
 * The branch a page shows: every group open with its first level, the folders holding `current` open, all other
 * folders closed and lazy; each shown folder at most `window` entries, centred on the one on the way to `current`.
 * `full` renders the whole tree (the fragment): nothing lazy, nothing hidden, nothing open.
 */
export function sidebarBranch(tree: SiteTree, current: string | undefined, options: { window?: number; full?: boolean } = {}): BranchFolder[] {
  const window = options.window ?? SIDEBAR_WINDOW;
  const chain = new Set(current === undefined ? [] : (tree.chains.get(current) ?? []));
  const folder = (f: TreeFolder, group: boolean): BranchFolder => {
    const open = !options.full && (group || chain.has(f.id));
    if (!options.full && !open) return { kind: 'folder', id: f.id, label: f.label, open: false, lazy: true, children: [], hidden: 0 };
    let shown = f.children;
    if (!options.full && shown.length > window) {
      const focus = Math.max(
        0,
        shown.findIndex((c) => (c.kind === 'note' ? c.slug === current : chain.has(c.id))),
      );
      const start = Math.min(Math.max(0, focus - Math.floor(window / 2)), shown.length - window);
      shown = shown.slice(start, start + window);
    }
    return {
      kind: 'folder',
      id: f.id,
      label: f.label,
      open,
      lazy: false,
      hidden: f.children.length - shown.length,
      children: shown.map((c) => (c.kind === 'folder' ? folder(c, false) : { ...c, current: c.slug === current })),
    };
  };
  return tree.groups.map((g) => folder(g, true));
}

function compareItems(a: TreeItem, b: TreeItem): number {
  if (a.kind !== b.kind) return a.kind === 'folder' ? -1 : 1;
  const [la, lb] = a.kind === 'folder' ? [a.label, (b as TreeFolder).label] : [a.title, (b as TreeNote).title];
  const [ka, kb] = a.kind === 'folder' ? [a.id, (b as TreeFolder).id] : [a.slug, (b as TreeNote).slug];
  return compareStrings(la.toLowerCase(), lb.toLowerCase()) || compareStrings(ka, kb);
}

function tierRank(id: string): number {
  return TIER_ORDER.indexOf(id.slice(1) as (typeof TIER_ORDER)[number]);
}
