import { ASTRO_PROJECT, astroEnvironment, runAstro, unwritableProject } from '../../node/site/astroCli.js';
import { existingKbDir, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';
import { SITE_FLAGS, siteVariables } from '../siteFlags.js';

export const HELP = `Usage: kb dev [--kb DIR] [--base /wiki/] [--today YYYY-MM-DD] [--trust-html] [--allow-secrets] [--port N] [--host [ADDR]] [--open]

Serve the portal of a knowledge folder with Astro's dev server (http://localhost:4321/ by default): a saved,
added or deleted note shows on the next reload. Full-text search exists only in a build (kb build).

  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --base PATH       serve under a sub-path, e.g. /wiki/ (default: kb.config.yaml site.base, else /)
  --today DATE      the date ages are counted from (default: KB_TODAY, else today)
  --trust-html      keep raw HTML in .md notes as written (or KB_TRUST_HTML=1)
  --allow-secrets   show notes holding credentials as written (or KB_ALLOW_SECRETS=1)
  --port N          the port (default 4321, the next free one when taken)
  --host [ADDR]     listen on every address (or on ADDR), not only localhost
  --open            open the portal in the browser

Runs until stopped (Ctrl-C).
Exit: 0 stopped, 1 the server failed, 2 usage error or no such folder.`;

/** `kb dev`: Astro's dev server on the portal of a knowledge folder. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags('dev', withHostValue(argv), { ...SITE_FLAGS, ...SERVER_FLAGS }, false);
  const kbDir = existingKbDir(values.kb, io);
  const kb = siteVariables('dev', { ...values, kb: kbDir }, io);
  const unwritable = unwritableProject();
  if (unwritable) {
    io.err(`kb dev: ${unwritable}`);
    return EXIT.problems;
  }
  return runAstro(['dev', '--root', ASTRO_PROJECT, ...serverArgs('dev', values)], astroEnvironment(io.env, kb));
}

/** Flags of the servers (`kb dev`, `kb preview`), passed on to Astro's. */
export const SERVER_FLAGS = { port: { type: 'string' }, host: { type: 'string' }, open: { type: 'boolean' } } as const;

/** `--host` alone means every address: given the value Astro's `--host` takes then (argv otherwise as it was). */
export function withHostValue(argv: readonly string[]): string[] {
  return argv.map((arg, i) => (arg === '--host' && (i + 1 >= argv.length || argv[i + 1]!.startsWith('-')) ? '--host=0.0.0.0' : arg));
}

/** Astro's own flags for the server flags given. */
export function serverArgs(command: string, values: { port?: string | undefined; host?: string | undefined; open?: boolean | undefined }): string[] {
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) throw usageError(command, `--port ${values.port}: give a port number, e.g. --port 4321`);
  return [
    ...(values.port !== undefined ? ['--port', values.port] : []),
    ...(values.host !== undefined ? ['--host', values.host] : []),
    ...(values.open ? ['--open'] : []),
  ];
}
