import { EXIT, processIo, UsageError, type Io } from './io.js';
import { ConfigError } from '../node/loadKbConfig.js';

/** A command: parses its own flags, writes to io, returns the exit code. */
export type Command = (argv: string[], io: Io) => Promise<number> | number;

const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run: Command }> }> = {
  index: {
    summary: 'index a knowledge folder and write kb-index.json, index.md, kb-tags.txt, kb-categories.txt',
    load: () => import('./commands/indexCommand.js'),
  },
  check: { summary: 'lint a knowledge folder (YAML, tags, aliases) without writing', load: () => import('./commands/checkCommand.js') },
  query: { summary: 'tag query as /context: kb query "api AND pagination"', load: () => import('./commands/queryCommand.js') },
  search: { summary: 'keyword and facet search: kb search --tag x --category y keyword', load: () => import('./commands/searchCommand.js') },
  context: { summary: 'task-context pack: kb context --task "…"', load: () => import('./commands/contextCommand.js') },
  discover: { summary: 'files of a codebase for a task: kb discover <path-or-alias> --task "…"', load: () => import('./commands/discoverCommand.js') },
  pack: { summary: 'prerender the configured packs: kb pack --out DIR', load: () => import('./commands/packCommand.js') },
  mcp: { summary: 'serve the knowledge base to coding agents (MCP over stdio): kb mcp --kb DIR | --site URL', load: () => import('./commands/mcpCommand.js') },
};

export function usage(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    'Usage: kb <command> [options]',
    '',
    'Commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Common options: --kb DIR (default content/), --json, --today YYYY-MM-DD, --no-cache (or KB_NO_CACHE=1)',
  ].join('\n');
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.out : io.err)(usage());
    return name ? EXIT.ok : EXIT.usage;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`kb: unknown command "${name}"\n${usage()}`);
    return EXIT.usage;
  }
  try {
    const { run } = await command.load();
    return await run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.message);
      return EXIT.usage;
    }
    if (err instanceof ConfigError) {
      io.err(err.message);
      return EXIT.problems;
    }
    io.err(`kb ${name}: ${(err as Error).message}`);
    return EXIT.problems;
  }
}
