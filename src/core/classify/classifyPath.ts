/** Where a file of the knowledge folder goes. */
export type Placement = { kind: 'note'; tier: NoteTier; projectKey?: string } | { kind: 'idea' } | { kind: 'excluded'; rule: ExcludeRule };

/** cross-project (promoted folders, or everything in a flat folder), project, reviews, team-shared. */
export type NoteTier = 'cross-project' | 'project' | 'reviews' | 'team-shared';

export type ExcludeRule =
  'not-markdown' | 'ignored-folder' | 'archive' | 'intake' | 'rules' | 'logs' | 'root-meta' | 'project-readme' | 'outside-layout' | 'config-exclude';

export type Layout = 'aria' | 'flat';

/** Folders no layout indexes (tool state, dependencies, build output). */
export const IGNORED_FOLDERS = new Set([
  '.git',
  'node_modules',
  '.obsidian',
  '.trash',
  '.astro',
  '.vscode',
  '.idea',
  '.cache',
  '.github',
  '.claude',
  'dist',
  '.kb-build',
]);

const PROMOTED_FLAT = new Set(['approaches', 'decisions']);
const PROMOTED_RECURSIVE = new Set(['guides', 'references']);
export const PROMOTED_FOLDERS = [...PROMOTED_FLAT, ...PROMOTED_RECURSIVE];
const ROOT_META = new Set(['readme.md', 'local.md', 'overview.md', 'index.md', 'aliases.md', 'aria-knowledge.local.md']);

export function isMarkdown(path: string): boolean {
  return /\.mdx?$/i.test(path);
}

/** A folder of retired notes: `archive`, in any case, at any depth (kb search and the index leave `archive/` out wherever it sits). */
export function isArchiveFolder(name: string): boolean {
  return name.toLowerCase() === 'archive';
}

/**
 * The layout rules of the foundation issue, for one path relative to the knowledge folder. With
 * `archive: false` a file in an archive folder is placed as if it were not (config `include` names it).
 */
export function classifyPath(path: string, layout: Layout, options: { archive?: boolean } = {}): Placement {
  const parts = path.split('/');
  const folders = parts.slice(0, -1);
  if (folders.some((p) => IGNORED_FOLDERS.has(p))) return { kind: 'excluded', rule: 'ignored-folder' };
  if (!isMarkdown(path)) return { kind: 'excluded', rule: 'not-markdown' };
  const [top] = parts;
  if (options.archive !== false && folders.some(isArchiveFolder)) return { kind: 'excluded', rule: 'archive' };
  if (layout === 'flat') return { kind: 'note', tier: 'cross-project' };

  if (parts.length === 1) {
    return ROOT_META.has(top!.toLowerCase()) ? { kind: 'excluded', rule: 'root-meta' } : { kind: 'excluded', rule: 'outside-layout' };
  }
  if (top === 'intake') {
    if (parts[1] === 'ideas' && parts.length === 3 && parts[2]!.toLowerCase() !== 'readme.md') return { kind: 'idea' };
    return { kind: 'excluded', rule: 'intake' };
  }
  if (top === 'rules') return { kind: 'excluded', rule: 'rules' };
  if (top === 'logs') {
    if ((parts[1] === 'prospect' || parts[1] === 'retrospect') && parts.length >= 3) return { kind: 'note', tier: 'reviews' };
    return { kind: 'excluded', rule: 'logs' };
  }
  if (PROMOTED_RECURSIVE.has(top!)) return { kind: 'note', tier: 'cross-project' };
  if (PROMOTED_FLAT.has(top!)) return parts.length === 2 ? { kind: 'note', tier: 'cross-project' } : { kind: 'excluded', rule: 'outside-layout' };
  if (top === 'projects') {
    const last = parts[parts.length - 1]!.toLowerCase();
    if (parts.length === 2 || (parts.length === 3 && last === 'readme.md')) return { kind: 'excluded', rule: 'project-readme' };
    return { kind: 'note', tier: 'project', projectKey: parts[1]!.toLowerCase() };
  }
  return { kind: 'excluded', rule: 'outside-layout' };
}

/** aria when any promoted folder or `projects/` sits at the root. */
export function detectLayout(topLevelFolders: readonly string[]): Layout {
  return topLevelFolders.some((d) => PROMOTED_FOLDERS.includes(d) || d === 'projects') ? 'aria' : 'flat';
}
