import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { packOptions, packRequestSchema, type PackRequest } from '../../core/context/packTypes.js';
import { flagHelp, flagName, flagOf, flagsOf, flagUsage, optionalUsage, readFlags, withHelp } from '../../core/options/flagFace.js';
import { createTokenCounter } from '../../core/tokens/tokenCounter.js';
import { contextPackFor } from '../../node/context/contextPackFor.js';
import { loadPackInputsQuickly } from '../../node/context/loadPackInputsQuickly.js';
import { KnowledgeFolderError } from '../../node/knowledgeFolderError.js';
import { allowSecretsFrom, askedKbDir, cliOptions, existingKbDir, indexCacheFrom, parseCommandFlags, todayFrom } from '../flags.js';
import { EXIT, usageError, type Io } from '../io.js';

const TASK = flagOf(packOptions, 'task');
const NOTE = flagOf(packOptions, 'note');
/** Every field of a pack request that is a flag (packTypes.ts), then the CLI's own. */
const PACK_FLAGS = flagsOf(packOptions);
const CLI_FLAGS = [
  flagOf(cliOptions, 'kb'),
  flagOf(cliOptions, 'today'),
  withHelp(flagOf(cliOptions, 'json'), 'the pack as JSON'),
  flagOf(cliOptions, 'allowSecrets'),
  flagOf(cliOptions, 'noCache'),
];
const FLAGS = [...PACK_FLAGS, ...CLI_FLAGS];

export const HELP = `Usage: kb context ${flagUsage(TASK)} | ${flagUsage(NOTE)} ${optionalUsage(FLAGS.filter((f) => f.key !== TASK.key && f.key !== NOTE.key))}

A task-context pack: the decisions, lessons, patterns and pitfalls that matter for a task, within a
token budget, with Files to Inspect from a registered codebase.

${flagHelp(FLAGS)}

Exit: 0 pack printed, 1 no notes in the folder, 2 usage error (no task, bad flag) or no such folder.`;

/** `kb context`: print the task-context pack (Markdown, or the ContextPack with --json). */
export async function run(argv: string[], io: Io): Promise<number> {
  const { values, positionals } = parseCommandFlags('context', argv, FLAGS);
  const cli = cliOptions.schema.parse(readFlags(CLI_FLAGS, values, positionals, fail));
  const { request, kbDir } = packRequestFromFlags(values, positionals, cli, io);
  const inputs = await loadPackInputsQuickly(kbDir, {
    allowSecrets: allowSecretsFrom(cli.allowSecrets, io),
    cacheDir: indexCacheFrom(cli.noCache, kbDir, io),
  });
  if (inputs.index.notes.length === 0) throw new KnowledgeFolderError('no-notes', askedKbDir(cli.kb, io));
  const note = request.note;
  if (note !== undefined && !inputs.index.notes.some((n) => n.path === note))
    throw usageError(
      'context',
      `--note ${String(values['note'])}: no such note in ${askedKbDir(cli.kb, io)}; give its path in the folder, e.g. ${inputs.index.notes[0]!.path}`,
    );
  const pack = contextPackFor(kbDir, inputs, request, { home: io.env.HOME ?? '', cwd: io.cwd }, createTokenCounter());
  if (cli.json) io.out(JSON.stringify(pack, null, 2));
  else {
    for (const w of pack.warnings) io.err(`warning: ${w}`);
    io.out(pack.contextPackMarkdown);
  }
  return EXIT.ok;
}

/**
 * The pack request `kb context`'s flags ask for: every field of a pack request that is a flag (packTypes.ts), read
 * as its kind says and checked by the request's schema, the date from --today or the environment. The knowledge
 * folder must exist; a note's path may be given from the working directory.
 */
export function packRequestFromFlags(
  values: Readonly<Record<string, string | boolean | undefined>>,
  positionals: readonly string[],
  cli: { kb?: string | undefined; today?: string | undefined },
  io: Io,
): { request: PackRequest; kbDir: string } {
  const raw = readFlags(PACK_FLAGS, values, positionals, fail);
  if (String(raw['task']).trim() === '' && raw['note'] === undefined)
    throw usageError(
      'context',
      'no task given: pass --task "what you are about to do", e.g. --task "fix duplicate webhook refunds", or --note PATH for a note\'s page pack',
    );
  const kbDir = existingKbDir(cli.kb, io);
  if (typeof raw['note'] === 'string') raw['note'] = notePathIn(kbDir, raw['note'], io);
  const parsed = packRequestSchema.safeParse({ ...raw, today: todayFrom(cli.today, io, 'context') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const flag = PACK_FLAGS.find((f) => f.key === issue.path[0]);
    throw usageError('context', `${flag ? `--${flagName(flag)}` : String(issue.path[0] ?? '')} ${issue.message}`.trim());
  }
  return { request: parsed.data, kbDir };
}

function fail(problem: string): never {
  throw usageError('context', problem);
}

/** A note's path as the index names it: relative to the folder; a path from the working directory into the folder works too. */
function notePathIn(kbDir: string, note: string, io: Io): string {
  const fromCwd = relative(kbDir, resolve(io.cwd, note));
  const inside = fromCwd !== '' && !fromCwd.startsWith('..') && !isAbsolute(fromCwd) && existsSync(resolve(io.cwd, note));
  return (inside ? fromCwd : note).split(sep).join('/').replace(/^\.\//, '');
}
