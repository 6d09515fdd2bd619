import { resolve } from 'node:path';
import { environmentFromSiteFlags, readKbEnvironment, type SiteFlags } from '../node/kbEnvironment.js';
import { todayFrom } from './flags.js';
import { usageError, type Io } from './io.js';

/** Flags `kb build`, `kb dev` and `kb preview` share: the knowledge folder and what its pages show. */
export const SITE_FLAGS = {
  kb: { type: 'string' },
  base: { type: 'string' },
  today: { type: 'string' },
  'trust-html': { type: 'boolean' },
  'allow-secrets': { type: 'boolean' },
} as const;

/**
 * The KB_* variables that hand a site command's flags to the portal's astro.config.mjs (flags win over the
 * caller's own variables). The build caches stay in the working directory (KB_CACHE_DIR, default
 * `.kb-build/cache`), whichever folder kb-portal is installed in. A bad --today or KB_* value is a usage error
 * before Astro starts.
 */
export function siteVariables(command: string, flags: SiteFlags, io: Io): Record<string, string> {
  if (flags.today !== undefined) todayFrom(flags.today, io, command);
  let cacheDir: string | undefined;
  try {
    cacheDir = readKbEnvironment(io.env).KB_CACHE_DIR;
  } catch (err) {
    throw usageError(command, (err as Error).message);
  }
  return { ...environmentFromSiteFlags(flags), KB_CACHE_DIR: resolve(io.cwd, cacheDir ?? '.kb-build/cache') };
}
