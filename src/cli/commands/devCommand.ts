import { spawn } from 'node:child_process';
import { SiteBuildError } from '../../site/prepare/siteBuildError.js';
import { startDevPages } from '../../site/dev/devPages.js';
import type { KbPortalOptions } from '../../site/options/kbPortalOptions.js';
import { existingKbDir, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';
import { siteFlags, siteFlagsHelp, siteOptions } from '../siteFlags.js';

export const HELP = `Usage: kb dev [--kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]

Serve the portal of a knowledge folder (http://localhost:4321/ by default), rendered from the pages compiled with
the package: a saved, added or deleted note is indexed again and every open page reloads itself. Full-text search
exists only in a build (kb build).

${siteFlagsHelp('dev')}
  --port N          the port (default 4321, the next free one when taken)
  --host [ADDR]     listen on every address (or on ADDR), not only localhost
  --open            open the portal in the browser

Runs until stopped (Ctrl-C).
Exit: 0 stopped, 1 the server failed, 2 usage error or no such folder.`;

/** `kb dev`: the live preview of a knowledge folder, until stopped. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { options, listen } = devOptions(argv, io);
  const started = Date.now();
  let server;
  // The page thread starts loading the compiled site first, beside this thread's loading of the server's modules.
  const pages = startDevPages({ deadlineMs: options.renderDeadlineMs });
  try {
    const { startDevServer } = await import('../../site/dev/devServer.js');
    server = await startDevServer({ options, cwd: io.cwd, port: listen.port, host: listen.host, log: { info: io.err, warn: io.err }, pages });
  } catch (err) {
    await pages.close();
    if (err instanceof SiteBuildError) {
      io.err(err.message);
      return EXIT.problems;
    }
    throw err;
  }
  io.err(`kb dev: ${server.url} (ready in ${Date.now() - started} ms; Ctrl-C stops it)`);
  if (listen.open) openInBrowser(server.url);
  await untilStopped();
  await server.close();
  return EXIT.ok;
}

/** What `kb dev` (and `npm run dev`'s Astro dev server) serve and where: the site's options, the server's. */
export function devOptions(argv: string[], io: Io): { options: KbPortalOptions; listen: ServerOptions } {
  const { rest, host } = withoutHost(argv);
  const { values } = parseFlags('dev', rest, { ...siteFlags('dev'), ...SERVER_FLAGS }, false);
  const kbDir = existingKbDir(values.kb as string | undefined, io);
  const listen = serverOptions('dev', values as { port?: string; open?: boolean }, host);
  return { options: siteOptions('dev', values, io, { kb: kbDir }), listen };
}

/** Resolves on Ctrl-C (SIGINT) or SIGTERM: a server command's end. */
export function untilStopped(): Promise<void> {
  return new Promise<void>((done) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      done();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** The port asked for (default 4321). */
function serverPort(command: string, values: { port?: string | undefined }): number {
  if (values.port === undefined) return 4321;
  if (!/^\d{1,5}$/.test(values.port)) throw usageError(command, `--port ${values.port}: give a port number, e.g. --port 4321`);
  return Number(values.port);
}

/** The system's browser on `url`, when it has one; nothing happens otherwise. */
export function openInBrowser(url: string): void {
  const opener = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open';
  const child = spawn(opener, [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => undefined);
  child.unref();
}

/** Flags of the servers (`kb dev`, `kb preview`) but `--host` (withoutHost). */
export const SERVER_FLAGS = { port: { type: 'string' }, open: { type: 'boolean' } } as const;

/**
 * `--host` takes an address only when one follows it (`--host`, `--host 0.0.0.0`, `--host=0.0.0.0`): alone it
 * listens on every address (what a container needs). The arguments without it, and its value.
 */
export function withoutHost(argv: readonly string[]): { rest: string[]; host: string | true | undefined } {
  const rest: string[] = [];
  let host: string | true | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg === '--host') host = argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('-') ? argv[++i]! : true;
    else if (arg.startsWith('--host=')) host = arg.slice('--host='.length) || true;
    else rest.push(arg);
  }
  return { rest, host };
}

/** Where a server (`kb dev`, `kb preview`) listens and whether it opens the browser, from its flags. */
export interface ServerOptions {
  /** The port asked for; the next free one is taken when it is busy. */
  port: number;
  /** Every address (`--host` alone: 0.0.0.0), one address, or only localhost (undefined). */
  host: string | undefined;
  open: boolean;
}

export function serverOptions(
  command: string,
  values: { port?: string | undefined; open?: boolean | undefined },
  host: string | true | undefined,
): ServerOptions {
  return { port: serverPort(command, values), host: host === true ? '0.0.0.0' : host, open: values.open === true };
}
