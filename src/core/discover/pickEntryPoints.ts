import { compareStrings } from '../util/compare.js';
import { baseName, ENTRY_POINT_CAP, extensionOf, isTestFile, SOURCE_EXTENSIONS } from './discoveryRules.js';

/**
 * Pass 2 (discoveryRules.ts): entry points among the repo's files, best first, at most 3.
 * Globs: `**\/main.*`, `**\/app.*`, `**\/index.*`, `cmd/**`, plus the framework extras (Next.js
 * `app/layout.*`, `src/app/layout.*`, `pages/_app.*`; Angular `src/app/app.module.*`, `app.component.*`;
 * Go `cmd/*\/main.go`, `main.go`; Rust `src/main.rs`, `src/lib.rs`; Python `**\/__main__.py`).
 * Source extensions only, tests never. Priority main > app > index (then other `cmd/` files), then the
 * shallower path, then path order.
 */
export function pickEntryPoints(files: readonly string[], frameworks: readonly string[]): string[] {
  const ranked: { path: string; rank: number; depth: number }[] = [];
  for (const path of files) {
    if (!SOURCE_EXTENSIONS.has(extensionOf(path)) || isTestFile(path)) continue;
    const rank = entryRank(path, frameworks);
    if (rank !== undefined) ranked.push({ path, rank, depth: path.split('/').length });
  }
  ranked.sort((a, b) => a.rank - b.rank || a.depth - b.depth || compareStrings(a.path, b.path));
  return ranked.slice(0, ENTRY_POINT_CAP).map((r) => r.path);
}

/** 0 main, 1 app, 2 index, 3 any other `cmd/` file; undefined when no glob matches. */
function entryRank(path: string, frameworks: readonly string[]): number | undefined {
  const base = baseName(path);
  // Case-insensitive, as globs are on macOS and Windows (React Native's `App.tsx`).
  const stem = base.slice(0, base.indexOf('.')).toLowerCase();
  const has = (f: string) => frameworks.includes(f);
  if (stem === 'main') return 0;
  if (base === '__main__.py' && has('Python')) return 0;
  if (stem === 'app') return 1;
  if (has('Next.js') && (/^(src\/)?app\/layout\.[^/]+$/.test(path) || /^pages\/_app\.[^/]+$/.test(path))) return 1;
  if (stem === 'index') return 2;
  if (has('Rust') && path === 'src/lib.rs') return 2;
  if (path.startsWith('cmd/')) return 3;
  return undefined;
}
