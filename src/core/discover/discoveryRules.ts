/**
 * The fixed rules of path-context discovery (`kb discover`, docs/cli.md § "kb discover"): budgets, the
 * hard-coded ignore list, binary and lock files, source extensions, project indicators. Isomorphic: used by
 * the node digest and the island.
 *
 * Discovery runs in six passes, which comments here and in src/node/discover name by number (the annotation
 * of a name match says "(Pass 5)"):
 *   1. topology: every file under the root, no content read (walkRepo.ts, buildRepoDigest.ts);
 *   2. entry points: at most ENTRY_POINT_CAP, read first (pickEntryPoints.ts);
 *   3. keywords: the task's domain nouns (extractKeywords.ts) grepped in the primary language's files;
 *   4. imports: the files the entry points import (resolveImports.ts);
 *   5. names: file names that contain a keyword, tests excluded (isTestFile);
 *   6. recency: the files of the last 20 commits, a tie-breaker only (gitRecency.ts).
 * Passes 3–6 and the ranking run in discoverInDigest.ts. Over MAP_MODE_THRESHOLD files only passes 1–2 run,
 * and the answer is a project map.
 */

/** The budget: TOTAL_BUDGET files shared by at most MAX_PATHS folders. */
export const TOTAL_BUDGET = 15;
export const MAX_PATHS = 3;
/** Files longer than this are read as their first TRUNCATED_LINES lines. */
export const MAX_LINES = 500;
export const TRUNCATED_LINES = 200;
export const ENTRY_POINT_CAP = 3;
/** More files than this (after filtering) switch to project map mode. */
export const MAP_MODE_THRESHOLD = 500;
export const MAP_ENTRY_LINES = 50;
export const MAP_README_LINES = 200;
/** Map mode reads at most 3 entry points and the README. */
export const MAP_FILE_CAP = 4;
/** Pass 3 keeps at most this many files per keyword. */
export const KEYWORD_HEAD_LIMIT = 10;
/** Pass 6 considers the top 5 recently changed files for the tie-breaker. */
export const RECENCY_TOP = 5;

/** Per-path budget: floor(15 / paths), never redistributed: a folder with fewer candidates leaves its slots empty. */
export function perPathBudget(activePaths: number): number {
  return activePaths > 0 ? Math.floor(TOTAL_BUDGET / activePaths) : 0;
}

/** Ignore list: directories excluded from every pass, at any depth. Not configurable. */
export const IGNORED_DIRS: readonly string[] = [
  'node_modules',
  '.git',
  'dist',
  'vendor',
  '__pycache__',
  '.next',
  'target',
  'build',
  '.venv',
  'coverage',
  '.turbo',
  '.cache',
  '.parcel-cache',
  '.nuxt',
  '.output',
  '.svelte-kit',
];

/** Binary extensions excluded from all passes. */
export const BINARY_EXTENSIONS: readonly string[] = ['jpg', 'png', 'gif', 'pdf', 'zip', 'exe', 'dll', 'wasm', 'bin'];

/** Lock files: never read, never candidates; Pass 1 may use them to guess the language. */
export const LOCK_FILES: Readonly<Record<string, string>> = {
  'package-lock.json': 'JavaScript',
  'yarn.lock': 'JavaScript',
  'pnpm-lock.yaml': 'JavaScript',
  'Cargo.lock': 'Rust',
  'go.sum': 'Go',
  'poetry.lock': 'Python',
};

/** Pass 1 primary language: the language with the most files of these extensions (.ts/.js/.go/.py/.rs/.java/.cs). */
export const LANGUAGE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'C#': ['cs'],
  Go: ['go'],
  Java: ['java'],
  JavaScript: ['js', 'jsx', 'mjs', 'cjs'],
  Python: ['py'],
  Rust: ['rs'],
  TypeScript: ['ts', 'tsx', 'mts', 'cts'],
};

/** Extensions that count as code for entry points (Pass 2 considers source files only). */
export const SOURCE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...Object.values(LANGUAGE_EXTENSIONS).flat(),
  'kt',
  'kts',
  'swift',
  'rb',
  'php',
  'c',
  'cc',
  'cpp',
  'h',
  'hpp',
  'scala',
  'vue',
  'svelte',
  'astro',
  'dart',
  'ex',
  'exs',
]);

/** Any of these at depth 1 makes a folder look like a project (`*.csproj` by extension); without one, a warning. */
export const PROJECT_INDICATORS: readonly string[] = [
  'package.json',
  'go.mod',
  'Cargo.toml',
  'pyproject.toml',
  'pom.xml',
  'build.gradle',
  '.git',
  'src',
  'lib',
  'cmd',
  'README.md',
  'Makefile',
  'CMakeLists.txt',
];

export function looksLikeProject(topLevelNames: readonly string[]): boolean {
  return topLevelNames.some((n) => PROJECT_INDICATORS.includes(n) || n.endsWith('.csproj'));
}

/** The extension after the last dot of the base name, lower-cased ('' when none). */
export function extensionOf(path: string): string {
  const base = baseName(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function dirName(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '.' : path.slice(0, slash);
}

/** A repo-relative path under an ignored directory, a binary, or a lock file: never a candidate. */
export function ignoredBy(path: string): 'dir' | 'binary' | 'lock' | undefined {
  const segments = path.split('/');
  if (segments.slice(0, -1).some((s) => IGNORED_DIRS.includes(s))) return 'dir';
  if (BINARY_EXTENSIONS.includes(extensionOf(path))) return 'binary';
  if (baseName(path) in LOCK_FILES) return 'lock';
  return undefined;
}

/**
 * Pass 5 test filter: `*.test.*`, `*.spec.*`, `*_test.*`, plus pytest's `test_*.py`. The rule is "not a
 * test file"; the first three globs are the JavaScript and Go spellings of it.
 */
export function isTestFile(path: string): boolean {
  const base = baseName(path).toLowerCase();
  return /\.(test|spec)\./.test(base) || /_test\.[^.]+$/.test(base) || /^test_.+\.py$/.test(base);
}
