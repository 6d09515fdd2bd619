import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';
import { defineOptions, type Omitted, type OptionFields, type Options } from '../core/options/defineOptions.js';
import { parseArgsOptions, readFlags, type Flag } from '../core/options/flagFace.js';
import { KnowledgeFolderError } from '../node/knowledgeFolderError.js';
import { readKbEnvironment } from '../node/kbEnvironment.js';
import { usageError, type Io } from './io.js';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/**
 * The flags every command accepts, whether or not it uses them, so a script can pass the same ones to each:
 * the knowledge folder, the date ages are counted from (checked to be YYYY-MM-DD), JSON output.
 */
export const COMMON_FLAGS = { kb: { type: 'string' }, today: { type: 'string' }, json: { type: 'boolean' } } as const;

/**
 * Parse flags strictly, the common flags included; any mistake becomes a one-line UsageError naming it
 * (`unknown option '--x'`), and so does a `--today` that is not a date.
 */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(command: string, argv: string[], options: T, allowPositionals = true) {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { ...COMMON_FLAGS, ...options }, allowPositionals, strict: true });
  } catch (err) {
    // Node's messages run on ("Unknown option '--x'. To specify a positional argument …"): the first sentence says it.
    const first = (err as Error).message.split('\n')[0]!.split(/\.\s/)[0]!.replace(/\.$/, '');
    throw usageError(command, first.charAt(0).toLowerCase() + first.slice(1));
  }
  const today = (parsed.values as { today?: unknown }).today;
  if (typeof today === 'string') checkedDay(today, command);
  return parsed;
}

/** The flags of a command, declared once (flagFace.ts): parsed as parseFlags parses, the common flags included. */
export function parseCommandFlags(command: string, argv: string[], flags: readonly Flag[], allowPositionals = true) {
  const { values, positionals } = parseFlags(command, argv, parseArgsOptions(flags), allowPositionals);
  return { values: values as Record<string, string | boolean | undefined>, positionals };
}

/** The faces a flag of the CLI's own does not have. */
export const CLI_ONLY: Omitted = { omitted: 'the CLI’s own' };

/**
 * A command's flags read through their schemas: the CLI's shared ones (cliOptions) and the command's `own`, each as
 * its kind says (readFlags); a mistake is a usage error naming the flag.
 */
export function readCommandFlags<F extends OptionFields>(command: string, argv: string[], flags: readonly Flag[], own: Options<F>, allowPositionals = true) {
  const { values, positionals } = parseCommandFlags(command, argv, flags, allowPositionals);
  const read = readFlags(flags, values, positionals, (problem) => {
    throw usageError(command, problem);
  });
  return { options: cliOptions.schema.extend(own.schema.shape).parse(read), positionals };
}

/**
 * The CLI's own flags, shared by its commands: each command lists those it takes, in the order its help shows
 * them (a command may word a flag's help its own way: withHelp).
 */
export const cliOptions = defineOptions({
  /** The knowledge folder. Default: KB_DIR, else content/. */
  kb: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { value: 'DIR', help: 'the knowledge folder (default: KB_DIR, else content/)' },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
  /** The date ages are counted from, YYYY-MM-DD (todayFrom). Default: KB_TODAY, else today. */
  today: {
    schema: z.string().optional(),
    kind: 'text',
    flag: { value: 'DATE', usage: 'YYYY-MM-DD', help: 'the date ages are counted from (default: KB_TODAY, else today)' },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
  /** The answer as JSON. Default: text. */
  json: { schema: z.boolean().optional(), kind: 'switch', flag: { help: 'the result as JSON' }, tool: CLI_ONLY, form: CLI_ONLY },
  /** Keep credentials as written (allowSecretsFrom). Default: redacted, unless KB_ALLOW_SECRETS=1. */
  allowSecrets: {
    schema: z.boolean().optional(),
    kind: 'switch',
    flag: { help: 'do not redact credentials (or KB_ALLOW_SECRETS=1)' },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
  /** Neither read nor write the index cache (indexCacheFrom). Default: the cache is used, unless KB_NO_CACHE=1. */
  noCache: {
    schema: z.boolean().optional(),
    kind: 'switch',
    flag: { help: 'do not read or write the index cache (or KB_NO_CACHE=1)' },
    tool: CLI_ONLY,
    form: CLI_ONLY,
  },
});

function checkedDay(value: string, command: string): string {
  const parsed = isoDay.safeParse(value);
  if (!parsed.success) throw usageError(command, `--today ${value}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The KB_* variables of the command's environment (src/node/kbEnvironment.ts); a malformed one is a usage error. */
function kbEnv(io: Pick<Io, 'env'>, command = 'kb') {
  try {
    return readKbEnvironment(io.env);
  } catch (err) {
    throw usageError(command, (err as Error).message);
  }
}

/** The knowledge folder: --kb, else KB_DIR, else `content/`. */
export function kbDirFrom(flag: string | undefined, io: Io): string {
  return resolve(io.cwd, flag ?? kbEnv(io).KB_DIR ?? 'content');
}

/** The knowledge folder as the user named it (for messages): --kb, else KB_DIR, else `content/`. */
export function askedKbDir(flag: string | undefined, io: Pick<Io, 'env'>): string {
  return flag ?? kbEnv(io).KB_DIR ?? 'content/';
}

/** The knowledge folder as for kbDirFrom, which must exist and be a folder (KnowledgeFolderError: exit 2). */
export function existingKbDir(flag: string | undefined, io: Io): string {
  const dir = kbDirFrom(flag, io);
  const asked = askedKbDir(flag, io);
  if (!existsSync(dir)) throw new KnowledgeFolderError('missing', asked);
  if (!statSync(dir).isDirectory()) throw new KnowledgeFolderError('not-a-folder', asked);
  return dir;
}

/** Today's date for anything date-dependent: --today, else KB_TODAY, else the clock (UTC). */
export function todayFrom(flag: string | undefined, io: Io, command: string): string {
  const value = flag ?? kbEnv(io, command).KB_TODAY;
  if (value === undefined) return new Date().toISOString().slice(0, 10);
  return checkedDay(value, command);
}

/** `--no-cache`, taken by every command that indexes the folder. */
export const CACHE_FLAG = { 'no-cache': { type: 'boolean' } } as const;

/**
 * Where the index cache of a knowledge folder lives: `.kb-build/cache/index-<hash of its absolute path>/`
 * under the working directory; none with --no-cache or KB_NO_CACHE=1. The cache never changes the output.
 */
export function indexCacheFrom(noCache: boolean | undefined, kbDir: string, io: Io): string | undefined {
  if (noCache === true || kbEnv(io).KB_NO_CACHE) return undefined;
  const id = createHash('sha256').update(resolve(io.cwd, kbDir)).digest('hex').slice(0, 16);
  return resolve(io.cwd, '.kb-build', 'cache', `index-${id}`);
}

/** The secret policy: `--allow-secrets` or `KB_ALLOW_SECRETS=1` keeps notes that hold a credential as written. */
export function allowSecretsFrom(flag: boolean | undefined, io: Pick<Io, 'env'>): boolean {
  return flag === true || kbEnv(io).KB_ALLOW_SECRETS;
}
