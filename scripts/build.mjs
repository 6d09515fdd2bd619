#!/usr/bin/env node
// `npm run build`: `astro build` with the kbPortal integration (astro.config.mjs), staged beside the output
// folder and swapped in only when it succeeded, so a failed or interrupted build leaves the previous site intact
// and the final renames never cross file systems. A rebuild keeps the previous output's unchanged pages.
//   npm run build [-- --kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--allow-secrets]
//                 [--today YYYY-MM-DD] [--full] [--verbose]
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile } from './compile.mjs';

// Terminal colours' escape sequences (Astro colours its log when CI=true or FORCE_COLOR is set).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

const USAGE =
  'Usage: npm run build -- [--kb DIR] [--out DIR] [--base /wiki/] [--strict] [--trust-html] [--allow-secrets] [--today YYYY-MM-DD] [--full] [--verbose]';
let values;
try {
  ({ values } = parseArgs({
    options: {
      kb: { type: 'string' },
      out: { type: 'string' },
      base: { type: 'string' },
      strict: { type: 'boolean' },
      'trust-html': { type: 'boolean' },
      'allow-secrets': { type: 'boolean' },
      today: { type: 'string' },
      full: { type: 'boolean' },
      verbose: { type: 'boolean' },
    },
    allowPositionals: false,
  }));
} catch (err) {
  console.error(`build: ${err.message.split('\n')[0]}\n${USAGE}`);
  process.exit(2);
}

await compile({ ifStale: true });
const { environmentFromSiteFlags, readKbEnvironment } = await import('../lib/node/kbEnvironment.js');
const kbDir = resolve(values.kb ?? readKbEnvironment(process.env).KB_DIR ?? 'content');
if (!existsSync(kbDir) || !statSync(kbDir).isDirectory()) {
  console.error(`build: no knowledge folder at ${kbDir} — is --kb (or KB_DIR) right?`);
  process.exit(2);
}
const outDir = resolve(values.out ?? 'dist');
const parent = dirname(outDir);
const name = basename(outDir);
const staging = join(parent, `.${name}.kb-staging-${process.pid}`);
mkdirSync(parent, { recursive: true });
// What an interrupted build left beside the output (its staging or old output, named after its process id) goes,
// and so does an interrupted build's working folder.
for (const entry of readdirSync(parent)) {
  const pid = new RegExp(`^\\.${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.kb-(?:staging|old)-(\\d+)$`).exec(entry)?.[1];
  if (pid && !isRunning(Number(pid))) removeInBackground(join(parent, entry));
}
if (existsSync('.kb-build'))
  for (const entry of readdirSync('.kb-build')) {
    const pid = /^astro-(\d+)$/.exec(entry)?.[1];
    if (pid && !isRunning(Number(pid))) removeInBackground(join('.kb-build', entry));
  }

const env = {
  ...process.env,
  ASTRO_TELEMETRY_DISABLED: '1',
  ...environmentFromSiteFlags({ ...values, kb: kbDir, out: outDir }),
};
const astro = fileURLToPath(new URL('astro.js', import.meta.resolve('astro/package.json')));
const started = Date.now();
// Astro writes its server bundle into `<working directory>/.astro/` when the output is not below its working
// directory, and copies whatever else lies there into the output. Each build gets a working directory of its own
// inside the project (so the bundle still finds node_modules), removed afterwards.
const projectRoot = process.cwd();
const astroCwd = join(projectRoot, '.kb-build', `astro-${process.pid}`);
rmSync(astroCwd, { recursive: true, force: true });
mkdirSync(astroCwd, { recursive: true });
const status = await run(process.execPath, [astro, 'build', '--root', projectRoot, '--outDir', staging], values.verbose, astroCwd);
rmSync(astroCwd, { recursive: true, force: true });
if (status !== 0) {
  rmSync(staging, { recursive: true, force: true });
  console.error(`build: failed; ${outDir} was left as it was.`);
  process.exit(status);
}
console.error(`build: astro build done in ${((Date.now() - started) / 1000).toFixed(1)}s`);

// Swap: the old output is moved aside, the new one takes its place, the old one is removed in the background.
const swapStarted = Date.now();
const old = join(parent, `.${name}.kb-old-${process.pid}`);
if (existsSync(outDir)) renameSync(outDir, old);
renameSync(staging, outDir);
removeInBackground(old);
console.error(`build: wrote ${outDir} (swap ${((Date.now() - swapStarted) / 1000).toFixed(1)}s)`);

/**
 * Runs Astro. Its log keeps phases, counts and problems; every route is listed only with --verbose, and the
 * stack trace Astro adds to a problem the knowledge folder has (it names file and line already) is left out.
 */
function run(cmd, args, verbose, cwd) {
  return new Promise((resolveRun) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const filter = (stream, target) => {
      let pending = '';
      let trace = false;
      const emit = (line) => {
        // Astro colours its log when it thinks the terminal can show colours (CI=true, FORCE_COLOR): match the text.
        const plain = line.replace(ANSI, '');
        if (/^\s+(Location:|Stack trace:)$/.test(plain)) trace = true;
        else if (trace && !/^\s{4}\S/.test(plain)) trace = false;
        if (verbose || (!trace && !/^\S*\s+[├└]─ /.test(plain))) target.write(`${line}\n`);
      };
      stream.on('data', (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop();
        lines.forEach(emit);
      });
      stream.on('end', () => pending && emit(pending));
    };
    filter(child.stdout, process.stdout);
    filter(child.stderr, process.stderr);
    child.on('close', (code) => resolveRun(code ?? 1));
  });
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM'; // exists, owned by someone else
  }
}

/** Removes a folder nobody reads any more without waiting: `rm -rf` in a detached process. */
function removeInBackground(dir) {
  if (!existsSync(dir)) return;
  const rm = spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' });
  rm.on('error', () => rmSync(dir, { recursive: true, force: true }));
  rm.unref();
}
