#!/usr/bin/env node
// Compiles the TypeScript that runs in Node (the CLI, the integration, the render and pack workers, the MCP
// server) to JavaScript in lib/, one file per source file, so nothing transpiles TypeScript at run time.
// `npm install` runs it (the `prepare` script); the build, dev and test scripts run it again when a source is
// newer than lib/. The pages, components and islands in src/ are compiled by Astro (Vite) instead.
//   node scripts/compile.mjs [--if-stale]
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const lib = join(root, 'lib');
const stampFile = join(lib, '.compiled');
// Vite-only code: it imports Astro's virtual modules or the DOM.
const VITE_ONLY = ['routes', 'components', 'layouts', 'islands', 'runtime', 'styles'];

export function sources() {
  return readdirSync(src, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !VITE_ONLY.includes(f.split(/[\\/]/)[0]))
    .sort();
}

/** A fingerprint of the sources: names, sizes and modification times, and their folders' modification times. */
function fingerprint(files) {
  const dirs = new Set(['.']);
  for (const f of files) for (let d = dirname(f); d !== '.'; d = dirname(d)) dirs.add(d);
  return JSON.stringify({
    dirs: [...dirs].sort().map((d) => [d, statSync(join(src, d)).mtimeMs]),
    files: files.map((f) => {
      const st = statSync(join(src, f));
      return [f, st.size, st.mtimeMs];
    }),
  });
}

/**
 * Whether lib/ was compiled from the sources as they are, without listing src/ again (the CLI asks on every
 * call): the same files and folders, unchanged. A file added to or removed from a folder changes the folder's
 * modification time; a new folder changes its parent's.
 */
function fresh() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    return false;
  }
  const same = (path, mtimeMs, size) => {
    const st = statSync(join(src, path), { throwIfNoEntry: false });
    return st !== undefined && st.mtimeMs === mtimeMs && (size === undefined || st.size === size);
  };
  return (
    Array.isArray(stamp?.dirs) &&
    Array.isArray(stamp?.files) &&
    stamp.dirs.every(([d, mtimeMs]) => same(d, mtimeMs)) &&
    stamp.files.every(([f, size, mtimeMs]) => same(f, mtimeMs, size))
  );
}

export async function compile({ ifStale = false } = {}) {
  if (ifStale && fresh()) return false;
  const files = sources();
  const stamp = fingerprint(files);
  const { build } = await import('esbuild');
  rmSync(lib, { recursive: true, force: true });
  await build({
    entryPoints: files.map((f) => join(src, f)),
    outdir: lib,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    bundle: false,
    logLevel: 'warning',
  });
  writeFileSync(stampFile, stamp);
  return true;
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  const started = Date.now();
  const compiled = await compile({ ifStale: process.argv.includes('--if-stale') });
  if (compiled) console.error(`compile: ${sources().length} modules to lib/ in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
