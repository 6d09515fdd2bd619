/**
 * What discovery knows about a registered codebase, gathered once by the node adapter
 * (src/node/discover/buildRepoDigest.ts) under discovery's security, ignore and include/exclude rules (discoveryRules.ts).
 * JSON-serialisable: the site emits it so the browser island selects the same files as the CLI.
 */
export interface RepoDigest {
  alias: string;
  /** The registered path as configured (relative to the knowledge folder, or absolute). */
  path: string;
  /** Primary language by most common source extension (e.g. `TypeScript`, `Python`). */
  language?: string | undefined;
  /** Frameworks detected from config files (e.g. `Node.js`, `Next.js`). */
  frameworks: string[];
  structure: 'flat' | 'src-based' | 'cmd-based' | 'monorepo';
  /** Files after the ignore list and include/exclude. */
  fileCount: number;
  /** Source files among them (entry-point extensions; tests included), for the "fewer files than budget" rule. */
  sourceFileCount?: number | undefined;
  /** `map` (a project map instead of files) when fileCount > MAP_MODE_THRESHOLD (500). */
  mode: 'files' | 'map';
  /**
   * Candidate files (files mode): repo-relative path, line count, searchable words, resolved imports.
   * Map mode holds only the entry points (no words), so their line counts are known.
   */
  files: DigestFile[];
  /** Entry points, best first (main > app > index), at most 3. */
  entryPoints: string[];
  /** Files touched by the last 20 commits, most often first (tie-breaker only). */
  recent: string[];
  /** Map mode: depth-2 directory tree, README first 200 lines. */
  tree?: string[] | undefined;
  readme?: string | undefined;
  /** Map mode: the README's path and its full line count (the excerpt is `readme`). */
  readmePath?: string | undefined;
  readmeLines?: number | undefined;
  warnings: string[];
}

export interface DigestFile {
  path: string;
  lines: number;
  /**
   * Distinct lower-cased words of the file's text (for the keyword pass), capped; empty for files outside
   * the primary language (the keyword pass searches only those).
   */
  words: string[];
  /** Repo-relative files this file imports. */
  imports: string[];
}

/** Why a file was selected (the reason its annotation line gives). */
export interface SelectedFile {
  file: string;
  reason: string;
  lines: number;
  truncated: boolean;
}

/** Discovery for one path, as in `kb discover --json` `paths[]`. */
export interface PathDiscovery {
  path: string;
  alias: string;
  status: 'ok' | 'missing' | 'restricted';
  mode: 'files' | 'map';
  budget: number;
  selected: SelectedFile[];
  omitted: number;
}
