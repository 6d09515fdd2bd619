// Shiki's JavaScript engine converts each TextMate (Oniguruma) pattern of a grammar to a JavaScript regex the first
// time a rule needs it (oniguruma-to-es): for the patterns a folder's code meets, ~0.3 s of every thread that
// highlights a few languages, ~1.5 s for all 26, on every build. The package build converts every pattern of the
// highlighted languages' grammars once (regexTableOf, from scripts/compile.mjs) into lib/shiki-regexes.json, and a
// thread takes each regex from there. The table holds what the engine's own converter made of each pattern, checked
// when it was written; it is used only where the converter installed is the one that made it (same versions, same
// JavaScript target, and a sentinel pattern converted the same), so a page is highlighted the same with it or without.
// A pattern not in it (an end pattern resolved against the text it closes) is converted as before.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { installedVersion } from '../node/cache/codeHash.js';

/** A converted pattern: the regex's source and flags, and the options of an emulated regex (oniguruma-to-es's EmulatedRegExp). */
export type ConvertedRegex = [source: string, flags: string, options?: object];

/** The table as written: the converter that made it (regexTableKey), a sentinel pattern, and each pattern's regex. */
export interface RegexTable {
  key: string;
  /** The grammars it was made from (grammarNames): the package build makes it again when they change. */
  langs?: string[] | undefined;
  regexes: [pattern: string, regex: ConvertedRegex][];
}

/** The file in lib/ (under the package's root) that the package build writes. */
export const REGEX_TABLE_FILE = 'shiki-regexes.json';

/** A pattern whose conversion needs an emulated regex (an atomic group): checked against the table, and the class its regexes are made with. */
export const SENTINEL = '(?>a|ab)c';

/** What Shiki's JavaScript engine makes of a pattern by default (highlight.ts used no other constructor before the table). */
export const convertPattern = (pattern: string): RegExp => defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });

/** A regex as the table keeps it. */
export function convertedOf(re: RegExp): ConvertedRegex {
  const options = (re as RegExp & { rawOptions?: object }).rawOptions;
  return options === undefined ? [re.source, re.flags] : [re.source, re.flags, options];
}

/** Whether two regexes are the same: source, flags and emulation options (an emulated regex is made from these alone). */
export function sameRegex(a: RegExp, b: RegExp): boolean {
  return a.constructor === b.constructor && JSON.stringify(convertedOf(a)) === JSON.stringify(convertedOf(b));
}

/**
 * The converter installed, as Node finds it for Shiki's engine: the engine's version as Shiki finds it, oniguruma-to-es's
 * as the engine finds it, and the JavaScript target `auto` picks in this runtime (oniguruma-to-es probes the same two
 * features).
 */
export function regexTableKey(): string {
  const shiki = installedVersion(dirname(fileURLToPath(import.meta.url)), 'shiki');
  const engine = installedVersion(dirname(shiki.manifest ?? ''), '@shikijs/engine-javascript');
  const converter = installedVersion(dirname(engine.manifest ?? ''), 'oniguruma-to-es');
  const target = accepts('(?i:)') ? 'ES2025' : accepts('[[]]', 'v') ? 'ES2024' : 'ES2018';
  return JSON.stringify({ engine: `@shikijs/engine-javascript@${engine.version}`, converter: `oniguruma-to-es@${converter.version}`, target });
}

function accepts(pattern: string, flags?: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/**
 * The regex constructor for Shiki's engine: a pattern's regex from `table` when it holds it and fits this converter
 * (see above), else converted. An emulated regex is made with the class the engine's converter makes them with.
 */
export function regexConstructor(table: RegexTable | undefined): (pattern: string) => RegExp {
  const usable = table && usableTable(table);
  if (!usable) return convertPattern;
  const { regexes, Emulated } = usable;
  return (pattern) => {
    const c = regexes.get(pattern);
    if (!c) return convertPattern(pattern);
    return c[2] === undefined ? new RegExp(c[0], c[1]) : new Emulated(c[0], c[1], c[2]);
  };
}

type EmulatedClass = new (source: string, flags: string, options: object) => RegExp;

function usableTable(table: RegexTable): { regexes: Map<string, ConvertedRegex>; Emulated: EmulatedClass } | undefined {
  try {
    if (table.key !== regexTableKey()) return undefined;
    const regexes = new Map(table.regexes);
    const expected = regexes.get(SENTINEL);
    const sentinel = convertPattern(SENTINEL);
    if (!expected || expected[2] === undefined || JSON.stringify(convertedOf(sentinel)) !== JSON.stringify(expected)) return undefined;
    return { regexes, Emulated: sentinel.constructor as EmulatedClass };
  } catch {
    return undefined; // a converter Node cannot find from here, a damaged table: every pattern converted, as before
  }
}

/**
 * The table written with the package (lib/shiki-regexes.json under its root: the nearest folder above this module with
 * kb-portal's package.json, whether it runs from lib/markdown/, src/markdown/ or a chunk of the compiled site);
 * undefined when there is none or it cannot be read.
 */
export function readRegexTable(): RegexTable | undefined {
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir)) {
    let name: string | undefined;
    try {
      name = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string }).name;
    } catch {
      continue;
    }
    if (name !== 'kb-portal') continue;
    try {
      return JSON.parse(readFileSync(join(dir, 'lib', REGEX_TABLE_FILE), 'utf8')) as RegexTable;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
