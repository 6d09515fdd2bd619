// Isomorphic: canvases (`.canvas`) and bases (`.base`) as pages of the site beside the notes. Each has a page at
// `/notes/<folder>/<name>.canvas/` (or `.base/`): the extension keeps its URL apart from every note's (note slugs
// never hold a dot), links and embeds resolve to it like to a note, and it sits in the sidebar in its folder.
import type { NoteTier } from '../classify/classifyPath.js';
import { classifyPath, type Layout } from '../classify/classifyPath.js';
import type { KbIndex } from '../index/kbIndexSchema.js';
import { slugify } from '../util/slugify.js';

export type BoardKind = 'canvas' | 'base';

/** A canvas or base page: what links, the sidebar, backlinks and the graph need of it. */
export interface BoardEntry {
  path: string;
  /** `boards/plan.canvas`: unique among notes and boards. */
  slug: string;
  /** The file's name without its extension, as Obsidian shows it. */
  title: string;
  kind: BoardKind;
  /** The sidebar group it shows in: its folder's tier, as a note there would be placed. */
  tier: NoteTier;
  /** What it links to, as written (a canvas's file cards and text links; none for a base). */
  links: string[];
}

/** The name a board is shown by: its file name without `.canvas` / `.base`. */
export function boardTitle(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.(canvas|base)$/i, '');
}

/** Unique slugs for board paths (sorted), never one a note has: `-2`, `-3`, … before the extension on collision. */
export function assignBoardSlugs(paths: readonly string[], taken: ReadonlySet<string>): Map<string, string> {
  const used = new Set(taken);
  const out = new Map<string, string>();
  for (const path of [...paths].sort()) {
    const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
    const stem = slugify(path.replace(/\.(canvas|base)$/i, ''));
    let slug = `${stem}.${ext}`;
    for (let n = 2; used.has(slug); n++) slug = `${stem}-${n}.${ext}`;
    used.add(slug);
    out.set(path, slug);
  }
  return out;
}

/** The tier a board is grouped under: where a note at its path would go, else cross-project. */
export function boardTier(path: string, layout: Layout): NoteTier {
  const placed = classifyPath(path.replace(/\.(canvas|base)$/i, '.md'), layout);
  return placed.kind === 'note' ? placed.tier : 'cross-project';
}

/** A board's URL parts for its route: `notes/[...dir]/[name].canvas`. */
export function boardParams(slug: string): { dir: string | undefined; name: string } {
  const cut = slug.lastIndexOf('/');
  const file = slug.slice(cut + 1);
  return { dir: cut < 0 ? undefined : slug.slice(0, cut), name: file.replace(/\.(canvas|base)$/, '') };
}

/** The index's notes with the boards among them, for the sidebar's tree (each board in its folder). */
export function withBoards(index: Pick<KbIndex, 'layout' | 'projects' | 'notes'>, boards: readonly BoardEntry[]) {
  return { layout: index.layout, projects: index.projects, notes: boards.length ? [...index.notes, ...boards] : index.notes };
}
