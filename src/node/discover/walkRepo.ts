import { compareStrings } from '../../core/util/compare.js';
import { ignoredBy, IGNORED_DIRS } from '../../core/discover/discoveryRules.js';
import type { KbFs } from '../fs/kbFs.js';
import { walkTree } from '../fs/walkTree.js';

export interface RepoWalk {
  /** Repo-relative `/`-separated files after the ignore list (directories, binaries, lock files), sorted. */
  files: string[];
  /** Lock files seen (Pass 1 may use them for the language; never read). */
  lockFiles: string[];
  /** Real directories at depth ≤ 2 (`.`, `./src`, `./src/app`), as `find . -maxdepth 2 -type d` prints them. */
  tree: string[];
  /** Symlinks whose real path leaves the root, pipes and devices, what could not be read. */
  warnings: string[];
}

/**
 * Pass 1, topology (discoveryRules.ts): every file under the root without reading any content, through the one walker
 * (walkTree). Ignored directories are never entered. A symlink whose real path leaves the root is skipped
 * with a warning; a linked file inside the root is kept; a linked folder inside the root is not entered
 * (its target is walked anyway). A named pipe, socket or device is never opened, and is named in a warning.
 */
export function walkRepo(absRoot: string, alias: string, fs?: KbFs): RepoWalk {
  const out: RepoWalk = { files: [], lockFiles: [], tree: ['.'], warnings: [] };
  const walk = walkTree(absRoot, {
    fs,
    folderLinks: 'never',
    folder: (name) => (IGNORED_DIRS.includes(name) ? 'skip' : 'enter'),
    onSkip: (skip) => {
      if (skip.rule === 'symlink-outside') out.warnings.push(`Skipped ${alias}/${skip.path}: it is a symlink whose real path leaves the registered folder.`);
      else if (skip.rule === 'not-a-file' || skip.rule === 'unreadable') out.warnings.push(`Skipped ${alias}/${skip.path}: ${skip.message}`);
      // A dangling link or a loop has nothing to read.
    },
  });
  for (const entry of walk) {
    if (entry.kind === 'folder') {
      if (entry.depth <= 2) out.tree.push(`./${entry.path}`);
      continue;
    }
    const rule = ignoredBy(entry.path);
    if (rule === 'lock') out.lockFiles.push(entry.path);
    else if (!rule) out.files.push(entry.path);
  }
  out.files.sort(compareStrings);
  out.tree.sort(compareStrings);
  return out;
}
