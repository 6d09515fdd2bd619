import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashModuleGraph } from '../node/cache/codeHash.js';
import { kbLockfile } from '../node/packageRoot.js';
import { portalRoutes } from './portalRoutes.js';
import type { PortalConfig } from './resolvePortal.js';

const ASTRO_CONFIGS = ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js', 'astro.config.cjs'];

/**
 * What every page's HTML depends on beside its own data: the code of the portal's pages (everything their files
 * import, with package versions), the project's Astro config and lockfile, and the options that change pages.
 */
export function pagesSalt(projectRoot: string, config: PortalConfig): string {
  const hash = createHash('sha256').update(
    hashModuleGraph(
      portalRoutes(config.prefix).map((r) => r.entrypoint),
      kbLockfile(projectRoot),
    ),
  );
  for (const name of ASTRO_CONFIGS) {
    const file = join(projectRoot, name);
    if (existsSync(file)) hash.update(`${name}\0`).update(readFileSync(file)).update('\0');
  }
  hash.update(JSON.stringify([config.root, config.siteUrl ?? '', config.trustHtml, config.title ?? '']));
  return hash.digest('hex').slice(0, 24);
}
