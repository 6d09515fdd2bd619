import { EXIT, processIo, UsageError, type Io } from './io.js';
import { ConfigError } from '../node/configError.js';
import { KnowledgeFolderError } from '../node/knowledgeFolderError.js';

/** A command: parses its own flags, writes to io, returns the exit code. */
export type Command = (argv: string[], io: Io) => Promise<number> | number;

/** What a command module exports: the command, and its `kb <command> --help` text (usage line first). */
interface CommandModule {
  run: Command;
  HELP: string;
}

const COMMANDS: Record<string, { summary: string; load: () => Promise<CommandModule> }> = {
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
  review: {
    summary: 'what a change to the folder does for readers and agents, as a pull-request comment: kb review --base origin/main',
    load: () => import('./commands/reviewCommand.js'),
  },
  mcp: { summary: 'serve the knowledge base to coding agents (MCP over stdio): kb mcp --kb DIR | --site URL', load: () => import('./commands/mcpCommand.js') },
  // The site of a folder of notes, with kb-portal's own Astro project (no Astro project of the team's needed).
  init: { summary: 'start a portal: a commented kb.config.yaml (and a CI recipe: --ci github|gitlab)', load: () => import('./commands/initCommand.js') },
  build: { summary: 'build the site: kb build --kb DIR --out DIR', load: () => import('./commands/buildCommand.js') },
  dev: { summary: 'serve the site while you write: kb dev --kb DIR', load: () => import('./commands/devCommand.js') },
  preview: { summary: 'serve a built site: kb preview [DIR]', load: () => import('./commands/previewCommand.js') },
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
    '`kb <command> --help` or `kb help <command>` prints a command’s options.',
    'Exit codes: 0 ok, 1 problems found (or no notes in the folder), 2 usage error (bad flag, missing task or folder).',
  ].join('\n');
}

/** `--help` or `-h` among a command's arguments (before a `--`, after which everything is literal). */
function asksForHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (!first || first === '--help' || first === '-h' || (first === 'help' && rest.length === 0)) {
    (first ? io.out : io.err)(usage());
    return first ? EXIT.ok : EXIT.usage;
  }
  const helpFor = first === 'help' ? rest[0]! : asksForHelp(rest) ? first : undefined;
  const name = helpFor ?? first;
  const command = COMMANDS[name];
  if (!command) {
    io.err(`kb: unknown command "${name}"; run \`kb --help\` for the commands.`);
    return EXIT.usage;
  }
  try {
    const mod = await command.load();
    if (helpFor !== undefined) {
      io.out(mod.HELP);
      return EXIT.ok;
    }
    return await mod.run(rest, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.message);
      return EXIT.usage;
    }
    if (err instanceof KnowledgeFolderError) {
      io.err(`kb ${name}: ${err.message}`);
      return err.problem === 'no-notes' ? EXIT.problems : EXIT.usage;
    }
    if (err instanceof ConfigError) {
      io.err(err.message);
      return EXIT.problems;
    }
    io.err(`kb ${name}: ${(err as Error).message}`);
    return EXIT.problems;
  }
}
