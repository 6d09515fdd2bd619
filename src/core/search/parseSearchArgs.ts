import { canonicalLocale, LOCALE_EXAMPLES } from '../text/languageTag.js';
import { SEARCH_USAGE, type SearchRequest } from './searchResult.js';

/**
 * The kb-search argument rules, plus the common flags every `kb` command takes (`--kb DIR`, `--today DATE`,
 * `--json`; a search does not use the date, but a script may pass the same flags to every command):
 *
 *   args     = { flag | keyword-word } ;
 *   flag     = ( "--tag" | "--category" | "--lang" | "--kb" | "--today" ) , ( " " value | "=" value ) | "--json" ;
 *   keyword  = keyword-word , { " " , keyword-word } ;   (* the words not taken by flags, joined by one space *)
 *
 * A flag given twice, an unknown flag, a flag without a value, a `--lang` that is no BCP 47 tag, or nothing to
 * search for is a usage error. Values are kept as typed: matching is case-insensitive and literal, and in a
 * language other than English also by words (runSearch).
 */
export type ParsedSearchArgs =
  | { ok: true; request: SearchRequest; kb?: string | undefined; today?: string | undefined; json: boolean }
  /**
   * `problem` says what is wrong (`--tag given twice`), `usage` is the usage line; `empty` when nothing was
   * asked at all (the answer is then the question "What would you like to search for…").
   */
  | { ok: false; usage: string; problem: string; empty?: true };

const VALUE_FLAGS = new Set(['--tag', '--category', '--lang', '--kb', '--today']);
const FLAG = /^(--[^=]+)(?:=([\s\S]*))?$/; // `--name`, then optionally `=` and an inline value

export function parseSearchArgs(args: string[]): ParsedSearchArgs {
  const fail = (problem: string) => ({ ok: false, usage: SEARCH_USAGE, problem }) as const;
  const seen = new Map<string, string>();
  const words: string[] = [];
  let json = false;
  let rest = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (rest || !arg.startsWith('-') || arg === '-') {
      words.push(arg);
      continue;
    }
    if (arg === '--') {
      rest = true;
      continue;
    }
    const m = FLAG.exec(arg);
    if (!m) return fail(`unknown option ${arg}`);
    const [, name, inline] = m;
    if (name === '--json' && inline === undefined) {
      if (json) return fail('--json given twice');
      json = true;
      continue;
    }
    if (!VALUE_FLAGS.has(name!)) return fail(`unknown option ${name}`);
    if (seen.has(name!)) return fail(`${name} given twice`);
    const value = inline ?? args[++i];
    if (value === undefined || value.trim() === '' || (inline === undefined && value.startsWith('--'))) return fail(`${name} needs a value`);
    seen.set(name!, value.trim());
  }
  const keyword = words.join(' ').trim();
  const lang = seen.has('--lang') ? canonicalLocale(seen.get('--lang')!) : undefined;
  if (seen.has('--lang') && lang === undefined) return fail(`--lang "${seen.get('--lang')}" is not ${LOCALE_EXAMPLES}`);
  const request: SearchRequest = {
    ...(seen.has('--tag') ? { tag: seen.get('--tag') } : {}),
    ...(seen.has('--category') ? { category: seen.get('--category') } : {}),
    ...(keyword ? { keyword } : {}),
    ...(lang !== undefined ? { lang } : {}),
  };
  if (request.tag === undefined && request.category === undefined && request.keyword === undefined)
    return { ...fail('nothing to search for: give a keyword, --tag or --category'), empty: true };
  return { ok: true, request, ...(seen.has('--kb') ? { kb: seen.get('--kb') } : {}), ...(seen.has('--today') ? { today: seen.get('--today') } : {}), json };
}
