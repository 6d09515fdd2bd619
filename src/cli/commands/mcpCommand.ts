import { existsSync, readFileSync, statSync } from 'node:fs';
import { lazySource, type KbSource } from '../../mcp/kbSource.js';
import { serveStdio } from '../../mcp/serveStdio.js';
import { CACHE_FLAG, indexCacheFrom, kbDirFrom, parseFlags, todayFrom } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

const USAGE = 'Usage: kb mcp [--kb DIR | --site URL|DIR] [--today YYYY-MM-DD] [--no-cache]';

/**
 * `kb mcp`: the knowledge base as an MCP server over stdio, for coding agents (Claude Code, Cursor, …).
 * Over a knowledge folder (--kb, default content/) or a published portal (--site: its URL, or a built dist/).
 * Runs until the client closes stdin.
 */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values } = parseFlags(argv, { kb: { type: 'string' }, site: { type: 'string' }, today: { type: 'string' }, ...CACHE_FLAG }, USAGE, false);
  if (values.kb !== undefined && values.site !== undefined)
    throw new UsageError(`kb mcp: --kb and --site exclude each other: serve a folder or a portal.\n${USAGE}`);
  todayFrom(values.today, io); // a bad --today is a usage error now, not on the first call
  let source: KbSource;
  let kbDir: string | undefined;
  const site = values.site;
  if (site !== undefined) source = lazySource('site', site, async () => (await import('../../mcp/siteSource.js')).siteSource(site, io.cwd));
  else {
    const dir = kbDirFrom(values.kb, io);
    if (!existsSync(dir) || !statSync(dir).isDirectory())
      throw new UsageError(`kb mcp: ${dir}: no such knowledge folder. Pass --kb DIR (default: content/).\n${USAGE}`);
    const cacheDir = indexCacheFrom(values['no-cache'], dir, io);
    source = lazySource('local', dir, async () =>
      (await import('../../mcp/localSource.js')).localSource(dir, { cacheDir, home: io.env.HOME ?? '', cwd: io.cwd }),
    );
    kbDir = dir;
  }
  await serveStdio(source, {
    version: packageVersion(),
    context: () => ({ today: todayFrom(values.today, io), cwd: io.cwd, home: io.env.HOME ?? '', kbDir }),
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
