#!/usr/bin/env node
// Compiles the TypeScript that runs in Node (the CLI, the site build, the render and pack workers, the MCP server)
// to JavaScript in lib/, one file per source file, so nothing transpiles TypeScript at run time; then the portal's
// site (its pages, components, islands and styles) into lib/app/ with Astro (src/site/app/compileApp.ts), which
// `kb build` and `kb dev` render from. `npm install` runs it (the `prepare` script); `kb` and the build, dev and test
// scripts run it again in a checkout when a source changed since.
//   node scripts/compile.mjs [--if-stale]
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const lib = join(root, 'lib');
const stampFile = join(lib, '.compiled');
// Shiki's regexes, converted once (compileRegexTable): kept when lib/ is compiled again.
const REGEX_TABLE = 'shiki-regexes.json';
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

/** Compiles what is stale (everything without `ifStale`); whether anything was. */
export async function compile({ ifStale = false } = {}) {
  const code = !ifStale || !fresh();
  if (code) await compileCode();
  if (code || !existsSync(join(lib, REGEX_TABLE))) await compileRegexTable();
  const app = await import(pathToFileURL(join(lib, 'site/app/appStamp.js')).href);
  const site = !ifStale || !app.appIsFresh();
  if (site) {
    const started = Date.now();
    const { compileApp } = await import(pathToFileURL(join(lib, 'site/app/compileApp.js')).href);
    const stamp = app.appStampNow(); // before: a source saved meanwhile is compiled again next time
    await compileApp();
    app.writeAppStamp(stamp);
    console.error(`compile: the portal's site to lib/app/ in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
  return code || site;
}

async function compileCode() {
  const started = Date.now();
  const files = sources();
  const stamp = fingerprint(files);
  const { build } = await import('esbuild');
  // Everything but the compiled site, which has a stamp of its own.
  for (const entry of existsSync(lib) ? readdirSync(lib, { withFileTypes: true }) : [])
    if (entry.name !== 'app' && entry.name !== REGEX_TABLE) rmSync(join(lib, entry.name), { recursive: true, force: true });
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
  console.error(`compile: ${files.length} modules to lib/ in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/**
 * Shiki's regexes for the highlighted grammars, converted once (src/markdown/regexTable.ts): made again when the
 * converter or the grammars differ from the table's (~5 s), kept otherwise. A stale or missing table only costs speed.
 */
async function compileRegexTable() {
  const file = join(lib, REGEX_TABLE);
  const { regexTableKey } = await import(pathToFileURL(join(lib, 'markdown/regexTable.js')).href);
  const { grammarNames } = await import(pathToFileURL(join(lib, 'markdown/shikiHighlighter.js')).href);
  let table;
  try {
    table = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // none yet
  }
  if (table?.key === regexTableKey() && JSON.stringify(table?.langs) === JSON.stringify(grammarNames())) return;
  const started = Date.now();
  const { regexTableOf } = await import(pathToFileURL(join(lib, 'markdown/regexTableOf.js')).href);
  writeFileSync(file, JSON.stringify(regexTableOf()));
  console.error(`compile: Shiki's regexes to lib/${REGEX_TABLE} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

if (process.argv[1] && relative(process.argv[1], fileURLToPath(import.meta.url)) === '') {
  await compile({ ifStale: process.argv.includes('--if-stale') });
}
