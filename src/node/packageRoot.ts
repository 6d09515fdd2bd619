// Where kb-portal itself lies, and the lockfile that pins the dependencies it runs with. In a checkout of its
// sources both are the checkout's; installed (node_modules/kb-portal/ in a team's project, or npx's cache) the
// lockfile is the one above the package (the project's, or npx's), because npm never publishes a package's own.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's root folder (this module is src/node/packageRoot.ts or lib/node/packageRoot.js). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const LOCKFILES = ['package-lock.json', 'npm-shrinkwrap.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'];

/**
 * The lockfile every build cache key includes (the index snapshot, note HTML, pack data, pages), so that a
 * dependency of a dependency that changed changes the keys. One precedence: the nearest lockfile at or above
 * PACKAGE_ROOT (it pins the code kb-portal runs with), else the nearest at or above `projectRoot` (the working
 * directory, or the Astro project), else none.
 */
export function kbLockfile(projectRoot: string): string | undefined {
  return nearestLockfile(PACKAGE_ROOT, projectRoot);
}

/** The nearest lockfile at or above the first of `dirs` that has one above it, or none. */
function nearestLockfile(...dirs: string[]): string | undefined {
  for (const start of dirs)
    for (let dir = start; ; dir = dirname(dir)) {
      const found = LOCKFILES.map((name) => join(dir, name)).find((file) => existsSync(file));
      if (found) return found;
      if (dirname(dir) === dir) break;
    }
  return undefined;
}
