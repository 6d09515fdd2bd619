// `kb build`, `kb dev` and `kb preview` run Astro on kb-portal's own project: the package's astro.config.mjs,
// whose kbPortal() integration takes its options from KB_* variables (src/node/kbEnvironment.ts). So a team
// needs a folder of notes, not an Astro project; a team with an Astro site adds kbPortal() to it instead.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PACKAGE_ROOT } from '../packageRoot.js';

// Terminal colours' escape sequences (Astro colours its log when CI=true or FORCE_COLOR is set).
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The Astro project `kb build`, `kb dev` and `kb preview` run: the package itself. */
export const ASTRO_PROJECT = PACKAGE_ROOT;

/** Astro's command-line script, as installed beside kb-portal. */
export function astroScript(): string {
  return join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'astro.js');
}

/**
 * Astro keeps its working files (`.astro/`, Vite's cache, the server bundle of a build) in its project: the
 * package's folder must be writable. A message saying what to do when it is not (a global install as root).
 */
export function unwritableProject(): string | undefined {
  try {
    accessSync(ASTRO_PROJECT, constants.W_OK);
    return undefined;
  } catch {
    return `kb-portal is installed in ${ASTRO_PROJECT}, which this user cannot write to (Astro keeps its working files there); install it in the project instead: npm install --save-dev kb-portal`;
  }
}

/** The caller's environment, no telemetry or update check (nothing here reaches the network), and the portal's options. */
export function astroEnvironment(env: Readonly<Record<string, string | undefined>>, kb: Record<string, string>): Record<string, string | undefined> {
  return { ...env, ASTRO_TELEMETRY_DISABLED: '1', ASTRO_DISABLE_UPDATE_CHECK: 'true', ...kb };
}

/** `astro <args>` in the foreground (dev, preview): its output as it is, Ctrl-C passed on; its exit code. */
export function runAstro(args: readonly string[], env: Record<string, string | undefined>): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [astroScript(), ...args], { env, stdio: 'inherit' });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, forward);
    child.on('close', (code) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, forward);
      done(code ?? 0);
    });
  });
}

export interface QuietAstroOptions {
  cwd: string;
  env: Record<string, string | undefined>;
  /** List every route too. */
  verbose: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `astro <args>` with its log kept to phases, counts and problems: every route is listed only with `verbose`,
 * and the stack trace Astro adds to a problem the knowledge folder has (it names file and line already) is left
 * out. Its exit code.
 */
export function runAstroQuietly(args: readonly string[], options: QuietAstroOptions): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [astroScript(), ...args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const filter = (stream: NodeJS.ReadableStream, target: (line: string) => void) => {
      let pending = '';
      let trace = false;
      const emit = (line: string) => {
        // Astro colours its log when it thinks the terminal can show colours (CI=true, FORCE_COLOR): match the text.
        const plain = line.replace(ANSI, '');
        if (/^\s+(Location:|Stack trace:)$/.test(plain)) trace = true;
        else if (trace && !/^\s{4}\S/.test(plain)) trace = false;
        if (options.verbose || (!trace && !/^\S*\s+[├└]─ /.test(plain))) target(line);
      };
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(emit);
      });
      stream.on('end', () => pending && emit(pending));
    };
    filter(child.stdout, options.out);
    filter(child.stderr, options.err);
    child.on('close', (code) => done(code ?? 1));
  });
}
