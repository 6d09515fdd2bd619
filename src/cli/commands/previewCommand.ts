import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, loadKbConfig } from '../../node/loadKbConfig.js';
import { startPreviewServer } from '../../site/dev/previewServer.js';
import { existingKbDir, kbDirFrom, parseFlags } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';
import { openInBrowser, SERVER_FLAGS, serverOptions, untilStopped, withoutHost } from './devCommand.js';

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

/** `kb preview`: a built site served as a static host serves it (src/site/dev/previewServer.ts), until stopped. */
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
  const listen = serverOptions('preview', values, host);
  const base = urlPath(values.base ?? (existsSync(kbDir) ? configuredBase(kbDir, io) : undefined) ?? '/');
  const server = await startPreviewServer({ dir: outDir, base, port: listen.port, host: listen.host });
  io.err(`kb preview: ${server.url} (${outDir}; Ctrl-C stops it)`);
  if (listen.open) openInBrowser(server.url);
  await untilStopped();
  await server.close();
  return EXIT.ok;
}

/** kb.config.yaml's site.base, when the folder has a config that reads. */
function configuredBase(kbDir: string, io: Io): string | undefined {
  try {
    return loadKbConfig(kbDir).site.base;
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return undefined;
    }
    throw err;
  }
}

/** A URL path as the site was built under: `/`, `/wiki/`. */
function urlPath(p: string): string {
  return `/${p.replace(/^\/+|\/+$/g, '')}/`.replace(/^\/\/$/, '/');
}
