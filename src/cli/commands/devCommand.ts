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
  --trust-html      keep raw HTML in .md notes as written and run .mdx notes' JavaScript (or KB_TRUST_HTML=1)
  --allow-secrets   show notes holding credentials as written (or KB_ALLOW_SECRETS=1)
  --port N          the port (default 4321, the next free one when taken)
  --host [ADDR]     listen on every address (or on ADDR), not only localhost
  --open            open the portal in the browser

Runs until stopped (Ctrl-C).
Exit: 0 stopped, 1 the server failed, 2 usage error or no such folder.`;

/** `kb dev`: Astro's dev server on the portal of a knowledge folder. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { rest, host } = withoutHost(argv);
  const { values } = parseFlags('dev', rest, { ...SITE_FLAGS, ...SERVER_FLAGS }, false);
  const kbDir = existingKbDir(values.kb, io);
  const kb = siteVariables('dev', { ...values, kb: kbDir }, io);
  const unwritable = unwritableProject();
  if (unwritable) {
    io.err(`kb dev: ${unwritable}`);
    return EXIT.problems;
  }
  return runAstro(['dev', '--root', ASTRO_PROJECT, ...serverArgs('dev', values, host)], astroEnvironment(io.env, kb));
}

/** Flags of the servers (`kb dev`, `kb preview`) but `--host`, passed on to Astro's. */
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

/** Astro's own flags for the server flags given. */
export function serverArgs(command: string, values: { port?: string | undefined; open?: boolean | undefined }, host: string | true | undefined): string[] {
  if (values.port !== undefined && !/^\d{1,5}$/.test(values.port)) throw usageError(command, `--port ${values.port}: give a port number, e.g. --port 4321`);
  return [
    ...(values.port !== undefined ? ['--port', values.port] : []),
    ...(host === true ? ['--host'] : host !== undefined ? ['--host', host] : []),
    ...(values.open ? ['--open'] : []),
  ];
}
