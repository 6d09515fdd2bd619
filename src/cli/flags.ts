import { createHash } from 'node:crypto';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolve } from 'node:path';
import { z } from 'zod';
import { readKbEnvironment } from '../node/kbEnvironment.js';
import { UsageError, type Io } from './io.js';

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');

/** Parse flags strictly; any mistake becomes a UsageError carrying `usage`. */
export function parseFlags<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T, usage: string, allowPositionals = true) {
  try {
    return parseArgs({ args: argv, options, allowPositionals, strict: true });
  } catch (err) {
    throw new UsageError(`${(err as Error).message.split('\n')[0]}\n${usage}`);
  }
}

/** The KB_* variables of the command's environment; a malformed one is a usage error. */
function kbEnv(io: Io) {
  try {
    return readKbEnvironment(io.env);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** The knowledge folder: --kb, else KB_DIR, else `content/`. */
export function kbDirFrom(flag: string | undefined, io: Io): string {
  return resolve(io.cwd, flag ?? kbEnv(io).KB_DIR ?? 'content');
}

/** Today's date for anything date-dependent: --today, else KB_TODAY, else the clock (UTC). */
export function todayFrom(flag: string | undefined, io: Io): string {
  const value = flag ?? io.env['KB_TODAY'];
  if (value === undefined) return new Date().toISOString().slice(0, 10);
  const parsed = isoDay.safeParse(value);
  if (!parsed.success) throw new UsageError(`--today ${value}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
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

/** The secret policy: `--allow-secrets` or `KB_ALLOW_SECRETS=1` keeps notes that hold a credential. */
export function allowSecretsFrom(flag: boolean | undefined, io: Pick<Io, 'env'>): boolean {
  return flag === true || readKbEnvironment(io.env).KB_ALLOW_SECRETS;
}
