// `kb build` (and `npm run build` in a checkout): `astro build` of the portal, staged beside the output folder and
// swapped in only when it succeeded, so a failed or interrupted build leaves the previous site intact and the
// final renames never cross file systems. A rebuild keeps the previous output's unchanged pages (KB_REUSE_FROM).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ASTRO_PROJECT, astroEnvironment, runAstroQuietly } from './astroCli.js';

export interface BuildSiteOptions {
  /** The Astro run's KB_* variables: the knowledge folder, the output folder to reuse, the cache, the flags. */
  kb: Record<string, string>;
  /** The output folder, absolute. */
  outDir: string;
  env: Readonly<Record<string, string | undefined>>;
  verbose: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Builds the site into `outDir`; Astro's exit code (0: the new site is in place). */
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
  const workRoot = join(ASTRO_PROJECT, '.kb-build');
  if (existsSync(workRoot))
    for (const entry of readdirSync(workRoot)) {
      const pid = /^astro-(\d+)$/.exec(entry)?.[1];
      if (pid && !isRunning(Number(pid))) removeInBackground(join(workRoot, entry));
    }

  const started = Date.now();
  // Astro writes its server bundle into `<working directory>/.astro/` when the output is not below its working
  // directory, and copies whatever else lies there into the output. Each build gets a working directory of its own
  // inside the project (so the bundle still finds the packages installed beside it), removed afterwards.
  const astroCwd = join(workRoot, `astro-${process.pid}`);
  rmSync(astroCwd, { recursive: true, force: true });
  mkdirSync(astroCwd, { recursive: true });
  const status = await runAstroQuietly(['build', '--root', ASTRO_PROJECT, '--outDir', staging], {
    cwd: astroCwd,
    env: astroEnvironment(options.env, options.kb),
    verbose: options.verbose,
    out: options.out,
    err,
  });
  rmSync(astroCwd, { recursive: true, force: true });
  if (status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    err(`build: failed; ${outDir} was left as it was.`);
    return status;
  }
  err(`build: astro build done in ${((Date.now() - started) / 1000).toFixed(1)}s`);

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
