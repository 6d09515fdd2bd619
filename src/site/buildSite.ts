// `kb build` (and `npm run build` in a checkout): the site built in this process (src/site/buildPortal.ts), staged
// beside the output folder and swapped in only when it succeeded, so a failed or interrupted build leaves the previous
// site intact and the final renames never cross file systems. A rebuild keeps the previous output's unchanged pages
// (the options' `reuseFrom`).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { KbPortalOptions } from './options/kbPortalOptions.js';
import { SiteBuildError } from './prepare/siteBuildError.js';
import { startPageWorkers } from './render/renderPages.js';

export interface BuildSiteOptions {
  /** The site's options (the folder, the output to reuse, the cache, the flags). */
  options: KbPortalOptions;
  /** The output folder, absolute. */
  outDir: string;
  /** The working directory, which relative options are resolved against. */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Builds the site into `outDir`; the exit code (0: the new site is in place, 1: the build failed). */
export async function buildSite(options: BuildSiteOptions): Promise<number> {
  const { outDir, err } = options;
  const parent = dirname(outDir);
  const name = basename(outDir);
  const staging = join(parent, `.${name}.kb-staging-${process.pid}`);
  mkdirSync(parent, { recursive: true });
  // What an interrupted build left beside the output (its staging or old output, named after its process id) goes,
  // and so does an interrupted build's working folder.
  const leftover = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.kb-(?:staging|old)-(\\d+)$`);
  for (const entry of readdirSync(parent)) {
    const pid = leftover.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid))) removeInBackground(join(parent, entry));
  }
  const started = Date.now();
  rmSync(staging, { recursive: true, force: true });
  try {
    // The page threads start loading the compiled site first, beside this thread's loading of the build's modules.
    const pageWorkers = startPageWorkers({ workers: options.options.renderWorkers });
    try {
      const { buildPortal } = await import('./buildPortal.js');
      await buildPortal({ options: options.options, cwd: options.cwd, outDir: staging, log: { info: err, warn: err }, pageWorkers });
    } finally {
      pageWorkers.close();
    }
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof SiteBuildError) err(error.message);
    else err(`build: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    err(`build: failed; ${outDir} was left as it was.`);
    return 1;
  }
  err(`build: site built in ${((Date.now() - started) / 1000).toFixed(1)}s`);

  // Swap: the old output is moved aside, the new one takes its place, the old one is removed in the background.
  const swapStarted = Date.now();
  const old = join(parent, `.${name}.kb-old-${process.pid}`);
  if (existsSync(outDir)) renameSync(outDir, old);
  renameSync(staging, outDir);
  removeInBackground(old);
  err(`build: wrote ${outDir} (swap ${((Date.now() - swapStarted) / 1000).toFixed(1)}s)`);
  return 0;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Removes a folder nobody reads any more without waiting: `rm -rf` in a detached process. */
function removeInBackground(dir: string): void {
  if (!existsSync(dir)) return;
  const rm = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
  rm.on('error', () => rmSync(dir, { recursive: true, force: true }));
  rm.unref();
}
