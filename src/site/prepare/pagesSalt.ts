import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashModuleGraph } from '../../node/cache/codeHash.js';
import { kbLockfile } from '../../node/packageRoot.js';
import { portalRoutes } from '../app/portalRoutes.js';
import type { PortalConfig } from '../options/resolvePortal.js';

const ASTRO_CONFIGS = ['astro.config.mjs', 'astro.config.ts', 'astro.config.mts', 'astro.config.js', 'astro.config.cjs'];

/**
 * What every page's HTML depends on beside its own data: `code`, a hash of the code that renders pages (the compiled
 * site's, appStamp.ts, or a host site's: hostPagesCode), and the options that change pages.
 */
export function pagesSalt(code: string, config: PortalConfig): string {
  return createHash('sha256')
    .update(code)
    .update('\0')
    .update(JSON.stringify([config.root, config.siteUrl ?? '', config.trustHtml, config.title ?? '']))
    .digest('hex')
    .slice(0, 24);
}

/** The page code of a host site's `astro build`: the portal's pages and all they import, the project's Astro config and lockfile. */
export function hostPagesCode(projectRoot: string, config: PortalConfig): string {
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
  return hash.digest('hex');
}
