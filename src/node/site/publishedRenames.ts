import picomatch from 'picomatch';
import type { KbConfig } from '../../core/config/kbConfigSchema.js';

/**
 * The renames of git history whose old path may show on the site as a redirect's URL: never one inside a
 * `private` or `exclude` place of kb.config.yaml, whose names (a private folder, a draft's title) stay unpublished.
 */
export function publishedRenames(renames: ReadonlyMap<string, string>, config: Pick<KbConfig, 'private' | 'exclude'>): Map<string, string> {
  const globs = [...config.private, ...config.exclude];
  const hidden = globs.length ? picomatch(globs, { dot: true }) : () => false;
  return new Map([...renames].filter(([old]) => !hidden(old)));
}
