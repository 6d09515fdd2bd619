import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ASTRO_PROJECT, astroEnvironment, runAstro, unwritableProject } from '../../node/site/astroCli.js';
import { existingKbDir, kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';
import { siteVariables } from '../siteFlags.js';
import { SERVER_FLAGS, serverArgs, withoutHost } from './devCommand.js';

export const HELP = `Usage: kb preview [DIR] [--kb DIR] [--base /wiki/] [--port N] [--host [ADDR]] [--open]

Serve a built site (kb build's output folder, default dist/) as a static host would, to check it before
publishing. The base path is the one the site was built with: --base, else the knowledge folder's
kb.config.yaml site.base.

  DIR               the built site (default: dist/)
  --kb DIR          the knowledge folder it was built from (default: KB_DIR, else content/), for its base path
  --base PATH       the sub-path the site was built for, e.g. /wiki/
  --port N          the port (default 4321, the next free one when taken)
  --host [ADDR]     listen on every address (or on ADDR), not only localhost
  --open            open the site in the browser

Runs until stopped (Ctrl-C).
Exit: 0 stopped, 1 the server failed, 2 usage error or no built site.`;

/** `kb preview`: Astro's preview server on a built site. */
export async function run(argv: string[], io: Io): Promise<number> {
  const { rest, host } = withoutHost(argv);
  const { values, positionals } = parseFlags('preview', rest, { kb: { type: 'string' }, base: { type: 'string' }, ...SERVER_FLAGS });
  if (positionals.length > 1) throw usageError('preview', `one built site at a time, not ${positionals.length}`);
  const outDir = resolve(io.cwd, positionals[0] ?? 'dist');
  if (!existsSync(join(outDir, 'index.html'))) {
    io.err(`kb preview: no built site in ${outDir} — run \`kb build\` first, or name the folder it wrote: kb preview DIR`);
    return EXIT.usage;
  }
  // The knowledge folder only tells the base path: one named must exist, the default may be absent (base /).
  const kbDir = values.kb !== undefined ? existingKbDir(values.kb, io) : kbDirFrom(undefined, io);
  const kb = siteVariables('preview', { kb: kbDir, base: values.base }, io);
  const unwritable = unwritableProject();
  if (unwritable) {
    io.err(`kb preview: ${unwritable}`);
    return EXIT.problems;
  }
  return runAstro(['preview', '--root', ASTRO_PROJECT, '--outDir', outDir, ...serverArgs('preview', values, host)], astroEnvironment(io.env, kb));
}
