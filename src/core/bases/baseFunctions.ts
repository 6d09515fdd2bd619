// Isomorphic: the global functions of Bases expressions (`if()`, `date()`, `today()`, …). A name not listed here
// throws UnsupportedError, which the view reports; `html()` never renders a note's HTML, so it is one of them.
import { escapeHtml } from '../util/escapeHtml.js';
import { parseDate, parseDuration } from './baseDates.js';
import { EvaluationError, UnsupportedError, type BaseEnv, type Scope } from './baseRecord.js';
import { displayText, isDate, isFile, isLink, isList, truthy, typeOf, type LinkValue, type Value } from './baseValue.js';
import type { Expr } from './parseExpression.js';

type Evaluate = (expr: Expr, scope?: Scope) => Value;
type Global = (args: readonly Expr[], env: BaseEnv, scope: Scope, ev: Evaluate) => Value;

// [[target|display]] as a whole value: \[\[ · target (no ] or |) · optional |display · \]\]
const WIKILINK_VALUE = /^\[\[([^\]|]+)(?:\|([^\]]*))?\]\]$/;

/** A link from text (`"[[Note]]"`, `"Note"`, `"https://…"`), resolved from the row's file. */
export function linkFrom(text: string, display: string | undefined, env: BaseEnv, from: string): LinkValue {
  const m = WIKILINK_VALUE.exec(text.trim());
  const target = (m ? m[1]! : text).trim();
  const shown = display ?? (m?.[2] !== undefined ? m[2] : undefined);
  const path = /^[a-z][a-z0-9+.-]*:/i.test(target) ? undefined : env.resolve(target.replace(/#.*$/, ''), from);
  return { kind: 'link', target, ...(shown !== undefined ? { display: shown } : {}), ...(path ? { path } : {}) };
}

const numbers = (values: readonly Value[]): number[] =>
  values.flatMap((v) => (isList(v) ? v : [v])).filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));

const GLOBALS: Record<string, Global> = {
  if: (args, _env, _scope, ev) => {
    if (args.length < 2) throw new EvaluationError('if() needs a condition and a value');
    return truthy(ev(args[0]!)) ? ev(args[1]!) : args[2] ? ev(args[2]) : null;
  },
  date: (args, _env, _scope, ev) => {
    const v = ev(arg(args, 0, 'date'));
    if (isDate(v)) return v;
    if (typeof v !== 'string') throw new EvaluationError(`date() needs text like "2025-01-01", not a ${typeOf(v)}`);
    const d = parseDate(v);
    if (!d) throw new EvaluationError(`date() cannot read “${v}” (write YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)`);
    return d;
  },
  duration: (args, _env, _scope, ev) => {
    const v = ev(arg(args, 0, 'duration'));
    const d = typeof v === 'string' ? parseDuration(v) : undefined;
    if (!d) throw new EvaluationError(`duration() cannot read ${typeof v === 'string' ? `“${v}”` : `a ${typeOf(v)}`} (write "1d", "2 weeks", "3M")`);
    return d;
  },
  now: (_args, env) => env.now,
  today: (_args, env) => env.today,
  number: (args, _env, _scope, ev) => {
    const v = ev(arg(args, 0, 'number'));
    if (v === null || typeof v === 'number') return v;
    if (typeof v === 'boolean') return v ? 1 : 0;
    if (isDate(v)) return v.ms;
    const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (Number.isNaN(n)) throw new EvaluationError(`number() cannot read ${typeof v === 'string' ? `“${v}”` : `a ${typeOf(v)}`} as a number`);
    return n;
  },
  list: (args, _env, _scope, ev) => {
    const v = ev(arg(args, 0, 'list'));
    return v === null ? [] : isList(v) ? v : [v];
  },
  link: (args, env, scope, ev) => {
    const v = ev(arg(args, 0, 'link'));
    const display = args[1] ? displayText(ev(args[1])) : undefined;
    if (isFile(v)) return { kind: 'link', target: v.path, path: v.path, ...(display !== undefined ? { display } : {}) };
    if (isLink(v)) return display === undefined ? v : { ...v, display };
    return linkFrom(displayText(v), display, env, scope.row.path);
  },
  file: (args, env, scope, ev) => {
    const v = ev(arg(args, 0, 'file'));
    if (isFile(v)) return v;
    const path = isLink(v) ? v.path : typeof v === 'string' ? (env.records.has(v) ? v : linkFrom(v, undefined, env, scope.row.path).path) : undefined;
    return path && env.records.has(path) ? { kind: 'file', path } : null;
  },
  min: (args, _env, _scope, ev) => {
    const ns = numbers(args.map((a) => ev(a)));
    return ns.length ? Math.min(...ns) : null;
  },
  max: (args, _env, _scope, ev) => {
    const ns = numbers(args.map((a) => ev(a)));
    return ns.length ? Math.max(...ns) : null;
  },
  escapeHTML: (args, _env, _scope, ev) => escapeHtml(displayText(ev(arg(args, 0, 'escapeHTML')))),
};

/** The global functions Bases expressions may call here (docs/graph-canvas-bases.md lists them). */
export const SUPPORTED_GLOBALS: readonly string[] = Object.keys(GLOBALS);

export function callGlobal(name: string, args: readonly Expr[], env: BaseEnv, scope: Scope, ev: Evaluate): Value {
  const fn = Object.hasOwn(GLOBALS, name) ? GLOBALS[name] : undefined;
  if (!fn) throw new UnsupportedError(`${name}()`);
  return fn(args, env, scope, ev);
}

function arg(args: readonly Expr[], i: number, fn: string): Expr {
  const a = args[i];
  if (!a) throw new EvaluationError(`${fn}() needs ${i === 0 ? 'a value' : `${i + 1} values`}`);
  return a;
}
