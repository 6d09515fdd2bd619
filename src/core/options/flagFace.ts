import { fieldsWith, type FlagFace, type OptionFields, type OptionKind, type Options } from './defineOptions.js';

/** A field as a command-line flag: the CLI's flags, help and usage, and the command line a request is asked with. */
export interface Flag {
  /** The field's name in the options (and in what readFlags returns). */
  key: string;
  kind: OptionKind;
  face: FlagFace;
  /** How a list's items are joined in a command line. */
  join: string;
}

/** The fields of `options` that are flags, in their order, but those named in `except`. */
export function flagsOf<F extends OptionFields>(options: Options<F>, except: readonly (keyof F)[] = []): Flag[] {
  return fieldsWith(options, 'flag')
    .filter(({ key }) => !except.includes(key))
    .map(({ key, field }) => ({ key, kind: field.kind, face: field.flag, join: field.join ?? ',' }));
}

/** The one flag of `options` named `key`. */
export function flagOf<F extends OptionFields>(options: Options<F>, key: keyof F): Flag {
  const flag = flagsOf(options).find((f) => f.key === key);
  if (!flag) throw new Error(`${String(key)} is not a flag`);
  return flag;
}

/** The same flag with another help text (a common flag some command describes its own way). */
export function withHelp(flag: Flag, help: FlagFace['help']): Flag {
  return { ...flag, face: { ...flag.face, help } };
}

/** `--max-tokens` for `maxTokens`, unless the face names the flag. */
export function flagName(flag: Flag): string {
  return flag.face.name ?? flag.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The options `node:util` parseArgs takes for these flags (a word after the flags is not one of them). */
export function parseArgsOptions(flags: readonly Flag[]): Record<string, { type: 'string' | 'boolean' }> {
  return Object.fromEntries(flags.filter((f) => !f.face.positional).map((f) => [flagName(f), { type: f.kind === 'switch' ? 'boolean' : 'string' }]));
}

/**
 * The fields the flags were given for, by their keys, as their schema takes them: a count as a number, a list as
 * its items (trimmed, empty ones dropped), a switch as true. A flag not given, or a list given as "", is not there. `fail` is called with
 * what is wrong (`--max-tokens abc: give a whole number …`).
 */
export function readFlags(
  flags: readonly Flag[],
  values: Readonly<Record<string, string | boolean | undefined>>,
  positionals: readonly string[],
  fail: (problem: string) => never,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const flag of flags) {
    const name = flagName(flag);
    const given = flag.face.positional ? positionals.join(' ') : (values[name] ?? (flag.face.rest ? positionals.join(' ') : undefined));
    if (given === undefined) continue;
    if (flag.kind === 'switch' || typeof given === 'boolean') out[flag.key] = given;
    else if (flag.kind === 'count') {
      if (!/^\d+$/.test(given)) fail(`--${name} ${given}: ${flag.face.invalid ?? 'give a whole number'}`);
      out[flag.key] = Number(given);
    } else if (flag.kind === 'list') {
      if (given !== '') out[flag.key] = listItems(given); // `--include ""` is no list; `--include ,` is an empty one
    } else out[flag.key] = given;
  }
  return out;
}

/** A comma-separated value's items, trimmed, empty ones dropped. */
export function listItems(value: string): string[] {
  return value
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

/** Where a flag's help starts on its line. */
const HELP_COLUMN = 20;

/** The flags' lines of a command's help: `  --max-tokens N    the budget …`, more lines of a help under its first. */
export function flagHelp(flags: readonly Flag[]): string {
  return flags
    .filter((f) => !f.face.positional)
    .flatMap((f) => {
      const [first, ...more] = typeof f.face.help === 'string' ? [f.face.help] : f.face.help;
      const left = `  --${flagName(f)}${f.face.value ? ` ${f.face.value}` : ''}`;
      return [`${left.padEnd(HELP_COLUMN - 2)}  ${first}`, ...more.map((line) => `${' '.repeat(HELP_COLUMN)}${line}`)];
    })
    .join('\n');
}

/** A flag as the usage line shows it: `--repo ALIAS`, a switch as `--json`, a word after the flags as `KEYWORD`. */
export function flagUsage(flag: Flag): string {
  const value = flag.face.usage ?? flag.face.value;
  if (flag.face.positional) return value ?? flag.key.toUpperCase();
  return `--${flagName(flag)}${value ? ` ${value}` : ''}`;
}

/** The flags as the usage line shows optional ones: `[--repo ALIAS] [--json]`, words after the flags last (`[KEYWORD]`). */
export function optionalUsage(flags: readonly Flag[]): string {
  return [...flags.filter((f) => !f.face.positional), ...flags.filter((f) => f.face.positional)].map((f) => `[${flagUsage(f)}]`).join(' ');
}

/**
 * The words of a command line that asks for `value` (what readFlags reads back as the same value): each flag with
 * a value, in order, blank text and empty lists left out; words after the flags last.
 */
export function commandWords(flags: readonly Flag[], value: Readonly<Record<string, unknown>>): string[] {
  const words: string[] = [];
  const rest: string[] = [];
  for (const flag of flags) {
    const v = value[flag.key];
    const text =
      typeof v === 'string' && v.trim() !== ''
        ? v
        : typeof v === 'number'
          ? String(v)
          : Array.isArray(v) && v.length > 0
            ? v.join(flag.join)
            : v === true
              ? ''
              : undefined;
    if (text === undefined) continue;
    if (flag.face.positional) rest.push(shellWord(text));
    else words.push(`--${flagName(flag)}`, ...(v === true ? [] : [typeof v === 'number' ? text : shellWord(text)]));
  }
  return [...words, ...rest];
}

/** A word as a POSIX shell reads it back: bare when it is plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
