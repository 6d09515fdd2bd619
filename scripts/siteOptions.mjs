// Site URL, base path and output folder for astro.config.mjs, read from the knowledge folder's
// kb.config.yaml (and KB_SITE_BASE / KB_OUT_DIR / KB_CACHE_DIR, which scripts/build.mjs sets: one cache
// folder per output folder, so two builds never share Astro's content store).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

export function siteOptions(env = process.env) {
  const kbDir = resolve(env.KB_DIR ?? 'content');
  const file = join(kbDir, 'kb.config.yaml');
  const cfg = readConfig(file);
  const rawBase = env.KB_SITE_BASE ?? cfg.site?.base ?? '/';
  const base = `/${String(rawBase).replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
  return { kbDir, site: cfg.site?.url, base, outDir: env.KB_OUT_DIR ?? 'dist', cacheDir: env.KB_CACHE_DIR ?? './node_modules/.astro' };
}

function readConfig(file) {
  try {
    return existsSync(file) ? (parse(readFileSync(file, 'utf8')) ?? {}) : {};
  } catch {
    return {}; // the build reports a broken config through the core's loader, with file and line
  }
}
