import { readdirSync, realpathSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { compareStrings } from '../../core/util/compare.js';
import { ignoredBy, IGNORED_DIRS } from '../../core/discover/discoveryRules.js';

export interface RepoWalk {
  /** Repo-relative `/`-separated files after the ignore list (directories, binaries, lock files), sorted. */
  files: string[];
  /** Lock files seen (Pass 1 may use them for the language; never read). */
  lockFiles: string[];
  /** Real directories at depth ≤ 2 (`.`, `./src`, `./src/app`), as `find . -maxdepth 2 -type d` prints them. */
  tree: string[];
  /** Symlinks whose real path leaves the root. */
  warnings: string[];
}

/**
 * Pass 1 of seed 002: every file under the root without reading any content. Ignored directories are
 * never entered. A symlink whose real path leaves the root is skipped with a warning; a linked file
 * inside the root is kept; a linked folder inside the root is not entered (its target is walked anyway).
 */
export function walkRepo(absRoot: string, alias: string): RepoWalk {
  const realRoot = realpathSync(absRoot);
  const out: RepoWalk = { files: [], lockFiles: [], tree: ['.'], warnings: [] };
  const inside = (real: string) => real === realRoot || real.startsWith(realRoot.endsWith(sep) ? realRoot : `${realRoot}${sep}`);

  const addFile = (rel: string) => {
    const rule = ignoredBy(rel);
    if (rule === 'lock') out.lockFiles.push(rel);
    else if (!rule) out.files.push(rel);
  };
  const visit = (dir: string, relDir: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => compareStrings(a.name, b.name))) {
      const abs = join(dir, entry.name);
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (IGNORED_DIRS.includes(entry.name)) continue;
        if (depth < 2) out.tree.push(`./${rel}`);
        visit(abs, rel, depth + 1);
      } else if (entry.isSymbolicLink()) {
        let real: string;
        try {
          real = realpathSync(abs);
        } catch {
          continue; // a dangling link: nothing to read
        }
        if (!inside(real)) {
          out.warnings.push(`Skipped ${alias}/${rel}: it is a symlink whose real path leaves the registered folder.`);
          continue;
        }
        // A linked folder inside the root is walked under its real name instead (no duplicates, no cycles).
        if (statSync(real).isFile()) addFile(rel);
      } else if (entry.isFile()) addFile(rel);
    }
  };
  visit(absRoot, '', 0);
  out.files.sort(compareStrings);
  out.tree.sort(compareStrings);
  return out;
}
