import { readFrontmatterLines } from '../model/readFrontmatterLines.js';
import type { KbConfigInput } from '../config/kbConfigSchema.js';

/**
 * Read an aria config (`aria-knowledge.local.md`): `key: value` lines (or `KEY=value`) with
 * `projects_enabled`, `projects_list` as `tag:path,…`, `projects_shared_knowledge`, and the
 * `KT_*_STALENESS_DAYS` thresholds. Returns the kb.config keys it implies.
 */
export function parseAriaConfig(text: string): KbConfigInput {
  const kv = readFrontmatterLines(text.replace(/^(\w+)=/gm, '$1: '));
  const str = (k: string) => (typeof kv[k] === 'string' ? (kv[k] as string).trim() : undefined);
  const num = (k: string) => {
    const n = Number(str(k));
    return str(k) !== undefined && Number.isInteger(n) && n >= 0 ? n : undefined;
  };
  const out: KbConfigInput = {};
  const enabled = str('projects_enabled') === 'true';
  const shared = new Set(
    (str('projects_shared_knowledge') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  if (enabled) {
    const projects: NonNullable<KbConfigInput['projects']> = {};
    for (const pair of (str('projects_list') ?? '').split(',')) {
      const i = pair.indexOf(':');
      const key = (i < 0 ? pair : pair.slice(0, i)).trim().toLowerCase();
      if (!key) continue;
      const path = i < 0 ? undefined : pair.slice(i + 1).trim() || undefined;
      projects[key] = { path, shared: shared.has(key) };
    }
    out.projects = projects;
  }
  const staleness: Record<string, number> = {};
  const ideas = num('KT_IDEAS_STALENESS_DAYS');
  const codemap = num('KT_CODEMAP_STALENESS_DAYS');
  const stitch = num('KT_STITCH_STALENESS_DAYS');
  if (ideas !== undefined) staleness.ideas = ideas;
  if (codemap !== undefined) staleness.codemap = codemap;
  if (stitch !== undefined) staleness.stitch = stitch;
  if (Object.keys(staleness).length) out.staleness = staleness;
  return out;
}
