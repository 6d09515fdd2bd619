#!/usr/bin/env node
// `npm run build`: index the knowledge folder, build the site with Astro, index it with Pagefind.
// Everything is written to a temporary folder first; dist/ is replaced only when every step succeeded,
// so a failed or interrupted build leaves the previous site intact.
//   npm run build [-- --kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--today YYYY-MM-DD] [--full]
// A rebuild renders only the note, `.md` and tag pages whose inputs changed and links the others from the
// previous output (src/node/site/incrementalRoutes.ts); --full renders every page.
// The Astro step prints the counts (notes found, indexed, warned, excluded) and every warning with
// file:line; errors (bad config, alias chains or collisions) and, with --strict, warnings exit non-zero.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    kb: { type: 'string' },
    out: { type: 'string' },
    base: { type: 'string' },
    strict: { type: 'boolean' },
    'trust-html': { type: 'boolean' },
    today: { type: 'string' },
    full: { type: 'boolean' },
  },
  allowPositionals: false,
});
const kbDir = resolve(values.kb ?? process.env.KB_DIR ?? 'content');
const outDir = resolve(values.out ?? 'dist');
const work = resolve('.kb-build');
const tmp = join(work, `out-${process.pid}`);
mkdirSync(work, { recursive: true });
rmSync(tmp, { recursive: true, force: true });
// What an interrupted build left behind (its staging or old output, named after its process id) goes too.
for (const name of readdirSync(work)) {
  const pid = /^(?:out|old|pagefind)-(\d+)(?:-\d+)?$/.exec(name)?.[1];
  if (pid && !isRunning(Number(pid))) removeInBackground(join(work, name));
}

// Astro's content store is kept per output folder: warm rebuilds reuse it, parallel builds never share it.
const cacheDir = join(work, 'cache', createHash('sha256').update(outDir).digest('hex').slice(0, 12));
const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  KB_DIR: kbDir,
  KB_OUT_DIR: tmp,
  KB_CACHE_DIR: cacheDir,
  ...(values.today ? { KB_TODAY: values.today } : {}),
};
if (values.strict) env.KB_STRICT = '1';
if (values['trust-html']) env.KB_TRUST_HTML = '1';
if (values.base) env.KB_SITE_BASE = values.base;

// Incremental pages: the manifests of the build now in outDir (`current/`) and of this one (`pending-<pid>/`).
const pagesDir = join(cacheDir, 'pages');
const committed = join(pagesDir, 'current');
const pending = join(pagesDir, `pending-${process.pid}`);
rmSync(pending, { recursive: true, force: true });
if (existsSync(pagesDir))
  for (const name of readdirSync(pagesDir)) {
    const pid = /^pending-(\d+)$/.exec(name)?.[1];
    if (pid && !isRunning(Number(pid))) rmSync(join(pagesDir, name), { recursive: true, force: true });
  }
env.KB_PAGES_SALT = codeSalt();
env.KB_PAGES_PENDING = pending;
if (!values.full && previousOutputMatches()) env.KB_PAGES_PREVIOUS = committed;

const scratch = [pending]; // folders removed when a step fails
function step(label, cmd, args, quiet = false) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    for (const dir of [tmp, ...scratch]) rmSync(dir, { recursive: true, force: true });
    console.error(`build: ${label} failed; ${outDir} was left as it was.`);
    process.exit(r.status ?? 1);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.error(quiet ? `build: ${label} took ${seconds}s` : `build: ${label} done in ${seconds}s`);
}

// Pagefind holds ~300 kB per indexed page while it indexes (2.9 GB at 10,000 notes, out of memory near
// 100,000), so above shardPages() note pages it indexes them in shards, one after the other, each into its
// own bundle (`pagefind/`, `pagefind-2/`, …); `pagefind/kb-shards.json` names the others, and the search
// page merges them (Pagefind's mergeIndex). A shard whose pages are byte-identical to an earlier build's
// is copied from the cache instead of indexed again (a warm rebuild after one edit indexes one shard).
// KB_SEARCH_SHARD_PAGES overrides the size (the tests use a small one).
// Shards are small (1,000 pages: a rebuild after an edit re-indexes ~1,000 pages) until there would be more than
// 20 of them to merge in the search page; then they grow, up to 4,000 pages (Pagefind's memory).
const shardPages = (pages) => Number(process.env.KB_SEARCH_SHARD_PAGES) || Math.min(4000, Math.max(1000, Math.ceil(pages / 20)));

/** A page's shard, from its path alone (FNV-1a), so adding or removing a note changes one shard, not every later one. */
function shardOf(page, count) {
  let h = 0x811c9dc5;
  for (let i = 0; i < page.length; i++) h = Math.imul(h ^ page.charCodeAt(i), 0x01000193) >>> 0;
  return h % count;
}

function pagefind() {
  const pagefindArgs = (site, output) => ['node_modules/pagefind/lib/runner/bin.cjs', '--site', site, '--output-path', output, '--silent'];
  const pages = existsSync(join(tmp, 'notes'))
    ? readdirSync(join(tmp, 'notes'), { recursive: true })
        .map((f) => join('notes', String(f)))
        .filter((f) => f.endsWith('.html'))
        .sort()
    : [];
  const split = Math.max(1, Math.ceil(pages.length / shardPages(pages.length)));
  const shards = Array.from({ length: split }, () => []);
  for (const page of pages) shards[shardOf(page, split)].push(page);
  const nonEmpty = shards.filter((shard) => shard.length > 0);
  const count = Math.max(1, nonEmpty.length);
  const names = Array.from({ length: count }, (_, i) => (i === 0 ? 'pagefind' : `pagefind-${i + 1}`));
  if (count === 1) step('pagefind', process.execPath, pagefindArgs(tmp, join(tmp, 'pagefind')));
  const started = Date.now();
  const cache = join(cacheDir, 'pagefind');
  const used = new Set();
  for (let i = 0; count > 1 && i < count; i++) {
    const shard = nonEmpty[i];
    const hash = createHash('sha256').update(`${readFileSync('node_modules/pagefind/package.json', 'utf8')}\0${names[i]}\0`);
    for (const page of shard)
      hash
        .update(`${page}\0`)
        .update(readFileSync(join(tmp, page)))
        .update('\0');
    const key = hash.digest('hex').slice(0, 24);
    used.add(key);
    if (existsSync(join(cache, key, 'pagefind-entry.json'))) {
      linkTree(join(cache, key), join(tmp, names[i]));
      console.error(`build: pagefind shard ${i + 1}/${count} unchanged, reused`);
      continue;
    }
    // A shard is a folder of hard links to its pages at their own paths, so URLs come out as for the whole site.
    const stage = join(work, `pagefind-${process.pid}-${i}`);
    scratch.push(stage);
    rmSync(stage, { recursive: true, force: true });
    for (const page of shard) {
      mkdirSync(dirname(join(stage, page)), { recursive: true });
      linkFile(join(tmp, page), join(stage, page));
    }
    step(`pagefind shard ${i + 1}/${count}`, process.execPath, pagefindArgs(stage, join(tmp, names[i])), true);
    rmSync(stage, { recursive: true, force: true });
    rmSync(join(cache, key), { recursive: true, force: true });
    linkTree(join(tmp, names[i]), join(cache, key));
  }
  if (existsSync(cache)) for (const key of readdirSync(cache)) if (!used.has(key)) rmSync(join(cache, key), { recursive: true, force: true });
  if (count > 1) console.error(`build: pagefind done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  writeFileSync(join(tmp, 'pagefind', 'kb-shards.json'), `${JSON.stringify(names.slice(1).map((n) => `${n}/`))}\n`);
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM'; // exists, owned by someone else
  }
}

/** Removes a folder nobody reads any more without waiting: `rm -rf` in a detached process (rmSync where there is no `rm`). */
function removeInBackground(dir) {
  if (!existsSync(dir)) return;
  const rm = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
  rm.on('error', () => rmSync(dir, { recursive: true, force: true }));
  rm.unref();
}

/** Hard links of every file under `from` at the same place under `to` (a copy where links fail); nothing writes these files in place. */
function linkTree(from, to) {
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    const rel = join(entry.parentPath ?? entry.path, entry.name).slice(from.length + 1);
    if (entry.isDirectory()) mkdirSync(join(to, rel), { recursive: true });
    else {
      mkdirSync(dirname(join(to, rel)), { recursive: true });
      linkFile(join(from, rel), join(to, rel));
    }
  }
}

/** A hard link, or a copy where the file system has none (another device, no permission); other errors are thrown. */
function linkFile(from, to) {
  try {
    linkSync(from, to);
  } catch (err) {
    if (err.code !== 'EXDEV' && err.code !== 'EPERM' && err.code !== 'ENOTSUP') throw err;
    copyFileSync(from, to, constants.COPYFILE_EXCL);
  }
}

/** What every page's HTML depends on beside its own data: the site's code, its dependencies, its assets. */
function codeSalt() {
  const hash = createHash('sha256');
  const files = ['astro.config.mjs', 'package-lock.json', 'scripts/siteOptions.mjs'];
  for (const dir of ['src', 'public']) if (existsSync(dir)) for (const f of readdirSync(dir, { recursive: true })) files.push(join(dir, String(f)));
  for (const file of files.sort()) {
    if (!existsSync(file) || statSync(file).isDirectory()) continue;
    hash.update(`${file}\0`).update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** The saved manifest describes outDir only if outDir is still the folder the last build swapped in. */
function previousOutputMatches() {
  try {
    const stamp = JSON.parse(readFileSync(join(committed, 'stamp.json'), 'utf8'));
    return stamp.out === outDir && stamp.ino === statSync(outDir).ino;
  } catch {
    return false;
  }
}

/** Links every page this build skipped from the previous output; false when one is missing there. */
function linkSkippedPages() {
  if (!env.KB_PAGES_PREVIOUS || !existsSync(pending)) return true;
  const started = Date.now();
  const made = new Set();
  let linked = 0;
  for (const name of readdirSync(pending)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const { skipped } = JSON.parse(readFileSync(join(pending, name), 'utf8'));
    for (const file of skipped) {
      const from = join(outDir, file);
      const to = join(tmp, file);
      const dir = dirname(to);
      if (!made.has(dir)) mkdirSync(dir, { recursive: true });
      made.add(dir);
      try {
        linkFile(from, to);
      } catch (err) {
        // Missing in the previous output, or already written by this build: the manifest cannot be trusted.
        if (err.code === 'ENOENT' || err.code === 'EEXIST') return false;
        throw err;
      }
      linked++;
    }
  }
  console.error(`build: ${linked} unchanged pages kept from the previous build (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  return true;
}

/** After the swap: this build's manifest becomes the one that describes outDir (only files it really holds). */
function commitPages() {
  if (!existsSync(pending)) return;
  for (const name of readdirSync(pending).filter((n) => n.endsWith('.json'))) {
    const manifest = JSON.parse(readFileSync(join(pending, name), 'utf8'));
    // Linked pages are there; a rendered one is kept only if Astro wrote it where the manifest says.
    const linked = new Set(manifest.skipped);
    manifest.routes = manifest.routes.filter(([file]) => linked.has(file) || existsSync(join(outDir, file)));
    manifest.skipped = [];
    writeFileSync(join(pending, name), JSON.stringify(manifest));
  }
  writeFileSync(join(pending, 'stamp.json'), JSON.stringify({ out: outDir, ino: statSync(outDir).ino }));
  rmSync(committed, { recursive: true, force: true });
  renameSync(pending, committed);
}

const hasSite = existsSync('src/pages') && readdirSync('src/pages').length > 0;
if (hasSite) {
  step('astro build', process.execPath, ['node_modules/astro/astro.js', 'build']);
  if (!linkSkippedPages()) {
    console.error(`build: ${outDir} lacks pages the last build wrote there; rendering every page`);
    for (const dir of [tmp, pending]) rmSync(dir, { recursive: true, force: true });
    delete env.KB_PAGES_PREVIOUS;
    step('astro build', process.execPath, ['node_modules/astro/astro.js', 'build']);
  }
  pagefind();
} else {
  step('kb index', process.execPath, ['scripts/kb.mjs', 'index', '--kb', kbDir, '--out', tmp, ...(values.strict ? ['--strict'] : [])]);
}

// Swap: the old output is moved aside before the new one takes its place, then removed by a background
// `rm -rf` (30,000 files take seconds to unlink, and the new site is complete without waiting for it).
const swapStarted = Date.now();
const old = join(work, `old-${process.pid}`);
mkdirSync(dirname(outDir), { recursive: true });
if (existsSync(outDir)) renameSync(outDir, old);
renameSync(tmp, outDir);
removeInBackground(old);
if (hasSite) commitPages();
console.error(`build: wrote ${outDir} (swap ${((Date.now() - swapStarted) / 1000).toFixed(1)}s)`);
