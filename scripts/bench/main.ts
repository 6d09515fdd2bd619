// `npm run bench [-- --notes 1000,10000] [--seed 42] [--json] [--skip hugo,cli,island,mcp,dev,warm,build,pathological] [--runs 5] [--dist DIR]`
// Generates a corpus per size under .bench/corpus/, builds it cold and warm with scripts/build.mjs, builds
// the same notes with Hugo when it is installed, measures the emitted site, the island in Chromium,
// the CLI, kb mcp (scripts/bench/mcpLatency.ts) and kb dev (scripts/bench/devLatency.ts), prints two tables (measurements, targets) and writes .bench/results-<timestamp>.json.
// `--dist DIR` measures a site already built from the one size given (emitted files, island) instead of building.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { KbIndex } from '../../src/core/index/kbIndexSchema.ts';
import type { BenchResult, SizeRun } from './benchTypes.ts';
import { BUILD_CACHES, clearBuildCaches, measureBuild, toBuildMeasure } from './buildSite.ts';
import { measureCli } from './cliLatency.ts';
import { measureEmitted } from './emittedSize.ts';
import { buildHugo, hugoVersion, pagefindPages, searchHugo, writeHugoSite } from './hugoSite.ts';
import { measureIsland } from './islandLatency.ts';
import { mcpTable, mcpTargets, measureMcp } from './mcpLatency.ts';
import { devTargets, measureDev } from './devLatency.ts';
import { measureProcess } from './measureProcess.ts';
import { buildQuerySet } from './querySet.ts';
import { evaluateTargets, measurementTable, targetTable } from './report.ts';
import { writeCorpus } from './writeCorpus.ts';
import { pathologicalTargets, timePathologicalFolder, writePathologicalFolder } from './pathologicalFolder.ts';
import { loadKbConfig } from '../../src/node/loadKbConfig.ts';
import { normaliseBase } from '../../src/core/site/sitePaths.ts';

const STEPS = ['build', 'warm', 'hugo', 'cli', 'island', 'mcp', 'dev', 'pathological'] as const;
type Step = (typeof STEPS)[number];

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      notes: { type: 'string', default: '1000' },
      seed: { type: 'string', default: '42' },
      json: { type: 'boolean', default: false },
      skip: { type: 'string', default: '' },
      runs: { type: 'string', default: '5' },
      'cli-runs': { type: 'string', default: '1' },
      today: { type: 'string', default: '2026-07-01' },
      quiet: { type: 'boolean', default: false },
      dist: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(
      readFileSync(new URL(import.meta.url), 'utf8')
        .split('\n')[0]!
        .replace(/^\/\/ /, 'Usage: '),
    );
    return 0;
  }
  const sizes = values.notes.split(',').map((s) => Number(s.replace(/[_k]/g, (c) => (c === 'k' ? '000' : ''))));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--notes takes sizes like 1000,10000 (got "${values.notes}")`);
  const seed = Number(values.seed);
  const skip = new Set(values.skip.split(',').filter(Boolean) as Step[]);
  const builtDist = values.dist === undefined ? undefined : resolve(values.dist);
  if (builtDist && sizes.length !== 1) throw new Error('--dist measures one built site: give the one size it was built from in --notes');
  if (builtDist) skip.add('build').add('warm');
  for (const s of skip) if (!STEPS.includes(s)) throw new Error(`--skip takes ${STEPS.join(',')} (got "${s}")`);
  const runs = Number(values.runs);
  const log = (msg: string) => !values.quiet && console.error(`bench: ${msg}`);

  const hasSite = existsSync('src/routes') && readdirSync('src/routes').length > 0;
  const hugo = skip.has('hugo') ? undefined : hugoVersion();
  if (!hugo && !skip.has('hugo')) log('hugo is not on PATH: no side-by-side (apt-get install hugo to add it)');
  const result: BenchResult = {
    startedAt: new Date().toISOString(),
    machine: { cpus: cpus().length, memoryGb: Math.round(totalmem() / 1e9), node: process.version, platform: `${process.platform}-${process.arch}` },
    git: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || undefined,
    heapFlag: findHeapFlag(),
    command: `npm run bench -- ${argv.join(' ')}`.trim(),
    runs: [],
  };

  for (const notes of sizes) {
    const work = resolve('.bench', 'work', `n${notes}-s${seed}`);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    log(`${notes} notes: generating the corpus`);
    const corpus = writeCorpus(resolve('.bench', 'corpus', `n${notes}-s${seed}`), { notes, seed });
    log(`${notes} notes: ${corpus.reused ? 'reused' : 'wrote'} ${corpus.files} files (${(corpus.bytes / 1e6).toFixed(1)} MB) in ${corpus.dir}`);
    const run: SizeRun = {
      notes,
      seed,
      corpus,
      index: null,
      cold: null,
      warm: null,
      emitted: null,
      island: null,
      cli: null,
      mcp: null,
      hugo: null,
      errors: [],
    };
    result.runs.push(run);

    log(`${notes} notes: kb index`);
    const indexOut = join(work, 'index');
    run.index = toBuildMeasure(await measureProcess(process.execPath, ['bin/kb.js', 'index', '--kb', corpus.dir, '--out', indexOut, '--no-cache']));
    const index = readIndex(join(indexOut, 'kb-index.json'));
    if (!index) run.errors.push(`kb index failed (exit ${run.index.status}): ${run.index.tail ?? ''}`);
    const querySet = index ? buildQuerySet(index) : undefined;

    const dist = builtDist ?? join(work, 'dist');
    if (!hasSite) run.errors.push('src/routes is empty: no site to build yet');
    if (hasSite && !skip.has('build')) {
      log(`${notes} notes: cold build (caches cleared: ${BUILD_CACHES.join(', ')})`);
      clearBuildCaches();
      run.cold = await measureBuild(corpus.dir, dist, values.today, !values.quiet);
      if (run.cold.status !== 0) run.errors.push(`cold build failed (exit ${run.cold.status})`);
      if (run.cold.status === 0 && !skip.has('warm')) {
        log(`${notes} notes: warm rebuild after editing ${corpus.samplePath}`);
        run.warm = {
          ...(await withEditedNote(corpus.dir, corpus.samplePath, () => measureBuild(corpus.dir, dist, values.today, !values.quiet))),
          editedPath: corpus.samplePath,
        };
      }
    }
    if (hasSite && (run.cold?.status === 0 || builtDist)) {
      log(`${notes} notes: measuring emitted files${builtDist ? ` in ${dist}` : ''}`);
      run.emitted = measureEmitted(dist);
      if (!skip.has('island') && querySet) {
        log(`${notes} notes: island in Chromium`);
        run.island = await measureIsland(dist, siteBase(corpus.dir), querySet, runs);
      }
    }
    if (hugo && index) {
      log(`${notes} notes: hugo`);
      const site = join(resolve('.bench', 'hugo'), `n${notes}-s${seed}`);
      writeHugoSite(
        corpus.dir,
        index.notes.map((n) => n.path),
        site,
      );
      const m = await buildHugo(site);
      run.hugo = { ...toBuildMeasure(m), version: hugo, pages: m.status === 0 ? countHtml(join(site, 'public')) : 0 };
      if (m.status === 0 && existsSync(PAGEFIND_BIN)) {
        log(`${notes} notes: pagefind over hugo's note pages`);
        const s = await searchHugo(site, PAGEFIND_BIN);
        run.hugoSearch = { ...toBuildMeasure(s), pages: pagefindPages(s.stdout) };
      }
      rmSync(join(site, 'public'), { recursive: true, force: true });
    }
    if (!skip.has('cli') && querySet) {
      log(`${notes} notes: kb query / search / context (each call a new process over the index cache)`);
      run.cli = await measureCli(corpus.dir, querySet, Number(values['cli-runs']), values.today);
    }
    if (!skip.has('mcp') && querySet && index) {
      log(`${notes} notes: kb mcp (one server over stdio: startup, every tool, an edit)`);
      run.mcp = await measureMcp(corpus.dir, querySet, index, runs, values.today, corpus.samplePath);
    }
    if (!skip.has('dev') && hasSite && index) {
      log(`${notes} notes: kb dev (first note page after each start, a saved edit on the open page; the note put back)`);
      run.dev = await measureDev(corpus.dir, corpus.samplePath, values.today, Math.min(runs, 3));
    }
  }

  // The pathological folder (scripts/bench/pathologicalFolder.ts): each command once over it, fresh processes.
  if (!skip.has('pathological')) {
    const work = resolve('.bench', 'work', 'pathological');
    rmSync(work, { recursive: true, force: true });
    const size = writePathologicalFolder(join(work, 'kb'));
    log(`pathological folder: ${size.notes} notes, ${(size.bytes / 1048576).toFixed(1)} MB`);
    result.pathological = { ...size, times: timePathologicalFolder(resolve('bin/kb.js'), join(work, 'kb'), work) };
  }

  const targets = [
    ...evaluateTargets(result),
    ...result.runs.flatMap(mcpTargets),
    ...result.runs.flatMap(devTargets),
    ...pathologicalTargets(result.pathological),
  ];
  const file = resolve('.bench', `results-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ ...result, targets }, null, 2) + '\n');
  if (values.json) console.log(JSON.stringify({ ...result, targets }, null, 2));
  else {
    console.log(
      `\nkb-portal bench: ${result.machine.cpus} CPUs, ${result.machine.memoryGb} GB, Node ${result.machine.node}${hugo ? `, ${hugo.split(' ')[0]} ${hugo.split(' ')[1]}` : ', no hugo'}, seed ${seed}\n`,
    );
    console.log(measurementTable(result.runs));
    console.log('');
    if (mcpTable(result.runs)) console.log(`${mcpTable(result.runs)}\n`);
    console.log(targetTable(targets));
    for (const run of result.runs) {
      for (const e of run.errors) console.log(`\n${run.notes} notes: ${e}`);
      for (const c of run.cli ?? []) if (c.error) console.log(`\n${run.notes} notes: ${c.error}`);
      if (run.island?.error) console.log(`\n${run.notes} notes: island: ${run.island.error}`);
      if (run.dev?.error) console.log(`\n${run.notes} notes: kb dev: ${run.dev.error}`);
    }
  }
  console.error(`bench: wrote ${file}`);
  return result.runs.some((r) => r.errors.length) ? 1 : 0;
}

/** Edit one note (append a paragraph), run fn, then put the note back as it was, mtime included. */
async function withEditedNote<T>(kbDir: string, path: string, fn: () => Promise<T>): Promise<T> {
  const abs = join(kbDir, path);
  const original = readFileSync(abs);
  const { atime, mtime } = statSync(abs);
  writeFileSync(abs, `${original.toString('utf8')}\nEdited by the benchmark: one more paragraph about cache invalidation.\n`);
  try {
    return await fn();
  } finally {
    writeFileSync(abs, original);
    utimesSync(abs, atime, mtime);
  }
}

function readIndex(file: string): KbIndex | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as KbIndex;
  } catch {
    return undefined;
  }
}

/** The base path the portal will use for this folder (its kb.config.yaml `site.base`). */
function siteBase(kbDir: string): string {
  return normaliseBase(loadKbConfig(kbDir).site.base);
}

/** "Without raising Node's heap limit": any --max-old-space-size in the environment or the build script. */
function findHeapFlag(): string | null {
  const sources = [
    `NODE_OPTIONS=${process.env.NODE_OPTIONS ?? ''}`,
    ...['scripts/build.mjs', 'astro.config.mjs'].filter(existsSync).map((f) => `${f}: ${readFileSync(f, 'utf8')}`),
  ];
  for (const s of sources) {
    const m = /--max[-_]old[-_]space[-_]size[=\s]*\d*/.exec(s);
    if (m) return `${s.split(/[:=]/)[0]}: ${m[0]}`;
  }
  return null;
}

/** Pagefind's CLI as `npx pagefind` runs it (the npm wrapper, then the binary). */
const PAGEFIND_BIN = resolve('node_modules', '.bin', 'pagefind');

function countHtml(dir: string): number {
  return readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
}
