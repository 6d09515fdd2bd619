import { readFileSync } from 'node:fs';
import { lazySource, type KbSource } from '../../mcp/kbSource.js';
import { serveStdio } from '../../mcp/serveStdio.js';
import { CACHE_FLAG, existingKbDir, indexCacheFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

export const HELP = `Usage: kb mcp [--kb DIR | --site URL|DIR] [--today YYYY-MM-DD] [--no-cache]

The knowledge base as an MCP server over stdio, for coding agents (Claude Code, Cursor, …): tools query,
search, context, read_note, list_tags and discover answer what the CLI's --json answers.

  --kb DIR          serve a knowledge folder (default: KB_DIR, else content/); edits are seen on the next call
  --site URL|DIR    serve a published portal instead: its URL, or a built dist/ folder
  --today DATE      the date ages are computed from (default: KB_TODAY, else today)
  --no-cache        no index cache (or KB_NO_CACHE=1)

Runs until the client closes stdin. Exit: 0 when the client is done, 2 usage error or no such folder.`;

/**
 * `kb mcp`: the knowledge base as an MCP server over stdio, for coding agents (Claude Code, Cursor, …).
 * Over a knowledge folder (--kb, default content/) or a published portal (--site: its URL, or a built dist/).
 * Runs until the client closes stdin.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags('mcp', argv, { kb: { type: 'string' }, site: { type: 'string' }, today: { type: 'string' }, ...CACHE_FLAG }, false);
  if (values.kb !== undefined && values.site !== undefined) throw usageError('mcp', '--kb and --site exclude each other: serve a folder or a portal');
  todayFrom(values.today, io, 'mcp'); // a bad --today is a usage error now, not on the first call
  let source: KbSource;
  let kbDir: string | undefined;
  const site = values.site;
  if (site !== undefined) source = lazySource('site', site, async () => (await import('../../mcp/siteSource.js')).siteSource(site, io.cwd));
  else {
    const dir = existingKbDir(values.kb, io);
    const cacheDir = indexCacheFrom(values['no-cache'], dir, io);
    source = lazySource('local', dir, async () =>
      (await import('../../mcp/localSource.js')).localSource(dir, { cacheDir, home: io.env.HOME ?? '', cwd: io.cwd }),
    );
    kbDir = dir;
  }
  await serveStdio(source, {
    version: packageVersion(),
    context: () => ({ today: todayFrom(values.today, io, 'mcp'), cwd: io.cwd, home: io.env.HOME ?? '', kbDir }),
    log: io.err,
  });
  return EXIT.ok;
}

/** kb-portal's version, for the server's `initialize` answer. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
