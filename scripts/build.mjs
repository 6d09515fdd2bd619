#!/usr/bin/env node
// `npm run build`: index the knowledge folder, build the site with Astro, index it with Pagefind.
// Everything is written to a temporary folder first; dist/ is replaced only when every step succeeded,
// so a failed or interrupted build leaves the previous site intact.
//   npm run build [-- --kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--today YYYY-MM-DD]
// The Astro step prints the counts (notes found, indexed, warned, excluded) and every warning with
// file:line; errors (bad config, alias chains or collisions) and, with --strict, warnings exit non-zero.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  },
  allowPositionals: false,
});
const kbDir = resolve(values.kb ?? process.env.KB_DIR ?? 'content');
const outDir = resolve(values.out ?? 'dist');
const work = resolve('.kb-build');
const tmp = join(work, `out-${process.pid}`);
mkdirSync(work, { recursive: true });
rmSync(tmp, { recursive: true, force: true });

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

const scratch = []; // folders removed when a step fails
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
// 100,000), so above SHARD_PAGES note pages it indexes them in shards, one after the other, each into its
// own bundle (`pagefind/`, `pagefind-2/`, …); `pagefind/kb-shards.json` names the others, and the search
// page merges them (Pagefind's mergeIndex). A shard whose pages are byte-identical to an earlier build's
// is copied from the cache instead of indexed again (a warm rebuild after one edit indexes one shard).
// KB_SEARCH_SHARD_PAGES overrides the size (the tests use a small one).
const SHARD_PAGES = Number(process.env.KB_SEARCH_SHARD_PAGES) || 4000;

function pagefind() {
  const pagefindArgs = (site, output) => ['node_modules/pagefind/lib/runner/bin.cjs', '--site', site, '--output-path', output, '--silent'];
  const pages = existsSync(join(tmp, 'notes'))
    ? readdirSync(join(tmp, 'notes'), { recursive: true })
        .map((f) => join('notes', String(f)))
        .filter((f) => f.endsWith('.html'))
        .sort()
    : [];
  const count = Math.max(1, Math.ceil(pages.length / SHARD_PAGES));
  const names = Array.from({ length: count }, (_, i) => (i === 0 ? 'pagefind' : `pagefind-${i + 1}`));
  if (count === 1) step('pagefind', process.execPath, pagefindArgs(tmp, join(tmp, 'pagefind')));
  const started = Date.now();
  const cache = join(cacheDir, 'pagefind');
  const used = new Set();
  for (let i = 0; count > 1 && i < count; i++) {
    const shard = pages.slice(Math.floor((i * pages.length) / count), Math.floor(((i + 1) * pages.length) / count));
    const hash = createHash('sha256').update(`${readFileSync('node_modules/pagefind/package.json', 'utf8')}\0${names[i]}\0`);
    for (const page of shard)
      hash
        .update(`${page}\0`)
        .update(readFileSync(join(tmp, page)))
        .update('\0');
    const key = hash.digest('hex').slice(0, 24);
    used.add(key);
    if (existsSync(join(cache, key, 'pagefind-entry.json'))) {
      cpSync(join(cache, key), join(tmp, names[i]), { recursive: true });
      console.error(`build: pagefind shard ${i + 1}/${count} unchanged, reused`);
      continue;
    }
    // A shard is a folder of hard links to its pages at their own paths, so URLs come out as for the whole site.
    const stage = join(work, `pagefind-${process.pid}-${i}`);
    scratch.push(stage);
    rmSync(stage, { recursive: true, force: true });
    for (const page of shard) {
      mkdirSync(dirname(join(stage, page)), { recursive: true });
      linkSync(join(tmp, page), join(stage, page));
    }
    step(`pagefind shard ${i + 1}/${count}`, process.execPath, pagefindArgs(stage, join(tmp, names[i])), true);
    rmSync(stage, { recursive: true, force: true });
    rmSync(join(cache, key), { recursive: true, force: true });
    cpSync(join(tmp, names[i]), join(cache, key), { recursive: true });
  }
  if (existsSync(cache)) for (const key of readdirSync(cache)) if (!used.has(key)) rmSync(join(cache, key), { recursive: true, force: true });
  if (count > 1) console.error(`build: pagefind done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  writeFileSync(join(tmp, 'pagefind', 'kb-shards.json'), `${JSON.stringify(names.slice(1).map((n) => `${n}/`))}\n`);
}

const hasSite = existsSync('src/pages') && readdirSync('src/pages').length > 0;
if (hasSite) {
  step('astro build', process.execPath, ['node_modules/astro/astro.js', 'build']);
  pagefind();
} else {
  step('kb index', process.execPath, ['scripts/kb.mjs', 'index', '--kb', kbDir, '--out', tmp, ...(values.strict ? ['--strict'] : [])]);
}

// Swap: the old output is moved aside before the new one takes its place, then removed.
const old = join(work, `old-${process.pid}`);
mkdirSync(dirname(outDir), { recursive: true });
if (existsSync(outDir)) renameSync(outDir, old);
renameSync(tmp, outDir);
rmSync(old, { recursive: true, force: true });
console.error(`build: wrote ${outDir}`);
