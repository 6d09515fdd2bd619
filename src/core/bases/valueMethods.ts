// Isomorphic: the methods of text, numbers, lists, dates, objects and regular expressions in Bases expressions
// (`"a".lower()`, `[1,2].map(value + 1)`, `date.format("YYYY")`). Arguments arrive evaluated, except the lambdas
// of filter/map/reduce, which are evaluated once per element with `value`, `index` and `acc` bound.
import { formatDate, relativeDate } from './baseDates.js';
import { EvaluationError, type BaseEnv, type Scope } from './baseRecord.js';
import { regexInput, safeRegExp } from './baseRegex.js';
import { dateValue, displayText, equals, isList, isRegex, sortOrder, truthy, typeOf, type DateValue, type RegexValue, type Value } from './baseValue.js';
import type { Expr } from './parseExpression.js';

type Evaluate = (expr: Expr, scope?: Scope) => Value;
type Method<T> = (self: T, args: readonly Value[], env: BaseEnv) => Value;

const text = (v: Value | undefined, what: string): string => {
  if (typeof v === 'string') return v;
  throw new EvaluationError(`${what} needs text, not ${v === undefined ? 'nothing' : `a ${typeOf(v)}`}`);
};
const count = (v: Value | undefined, what: string, fallback?: number): number => {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  throw new EvaluationError(`${what} needs a number`);
};
const pattern = (v: Value | undefined, what: string): string | RegexValue => (isRegex(v ?? null) ? (v as RegexValue) : text(v, what));

export const STRING_METHODS: Record<string, Method<string>> = {
  contains: (s, [v]) => s.includes(text(v, 'contains()')),
  containsAll: (s, args) => args.every((v) => s.includes(text(v, 'containsAll()'))),
  containsAny: (s, args) => args.some((v) => s.includes(text(v, 'containsAny()'))),
  startsWith: (s, [v]) => s.startsWith(text(v, 'startsWith()')),
  endsWith: (s, [v]) => s.endsWith(text(v, 'endsWith()')),
  isEmpty: (s) => s.length === 0,
  lower: (s) => s.toLowerCase(),
  upper: (s) => s.toUpperCase(),
  title: (s) => s.replace(/(^|\s)(\S)/g, (_, space: string, first: string) => space + first.toUpperCase()),
  trim: (s) => s.trim(),
  reverse: (s) => [...s].reverse().join(''),
  repeat: (s, [n]) => {
    const times = count(n, 'repeat()');
    if (times < 0 || times * s.length > 100_000) throw new EvaluationError('repeat() would make a text longer than 100,000 characters');
    return s.repeat(times);
  },
  slice: (s, [start, end]) => s.slice(count(start, 'slice()'), end === undefined ? undefined : count(end, 'slice()')),
  replace: (s, [p, replacement]) => {
    const with_ = text(replacement, 'replace()');
    const what = pattern(p, 'replace()');
    if (typeof what === 'string') return s.split(what).join(with_);
    return regexInput(s).replace(safeRegExp(what), () => with_);
  },
  split: (s, [p, n]) => {
    const what = pattern(p, 'split()');
    const parts = typeof what === 'string' ? s.split(what) : regexInput(s).split(safeRegExp(what));
    return n === undefined ? parts : parts.slice(0, count(n, 'split()'));
  },
};

export const NUMBER_METHODS: Record<string, Method<number>> = {
  abs: (n) => Math.abs(n),
  ceil: (n) => Math.ceil(n),
  floor: (n) => Math.floor(n),
  round: (n, [digits]) => {
    const f = 10 ** Math.max(0, Math.min(15, Math.trunc(count(digits, 'round()', 0))));
    return Math.round(n * f) / f;
  },
  toFixed: (n, [p]) => n.toFixed(Math.max(0, Math.min(20, Math.trunc(count(p, 'toFixed()'))))),
  isEmpty: () => false,
};

export const DATE_METHODS: Record<string, Method<DateValue>> = {
  date: (d) => dateValue(d.ms - (((d.ms % 86_400_000) + 86_400_000) % 86_400_000), false),
  time: (d) => formatDate(d, 'HH:mm:ss'),
  format: (d, [f]) => formatDate(d, text(f, 'format()')),
  relative: (d, _args, env) => relativeDate(d, env.now),
  isEmpty: () => false,
};

export const LIST_METHODS: Record<string, Method<readonly Value[]>> = {
  contains: (l, [v]) => l.some((x) => equals(x, v ?? null)),
  containsAll: (l, args) => args.every((v) => l.some((x) => equals(x, v))),
  containsAny: (l, args) => args.some((v) => l.some((x) => equals(x, v))),
  isEmpty: (l) => l.length === 0,
  join: (l, [sep]) => l.map(displayText).join(sep === undefined ? ',' : text(sep, 'join()')),
  reverse: (l) => [...l].reverse(),
  slice: (l, [start, end]) => l.slice(count(start, 'slice()'), end === undefined ? undefined : count(end, 'slice()')),
  sort: (l) => [...l].sort(sortOrder),
  unique: (l) => l.filter((x, i) => l.findIndex((y) => equals(x, y)) === i),
  flat: (l) => {
    const out: Value[] = [];
    const add = (v: Value) => (isList(v) ? v.forEach(add) : out.push(v));
    l.forEach(add);
    return out;
  },
};

export const OBJECT_METHODS: Record<string, Method<Readonly<Record<string, Value>>>> = {
  isEmpty: (o) => Object.keys(o).length === 0,
  keys: (o) => Object.keys(o),
  values: (o) => Object.values(o),
};

export const REGEX_METHODS: Record<string, Method<RegexValue>> = {
  matches: (r, [v]) => safeRegExp({ ...r, flags: r.flags.replace('g', '') }).test(regexInput(text(v, 'matches()'))),
};

/** `filter(value > 2)`, `map(value + 1)`, `reduce(acc + value, 0)`: the lambda evaluated per element. */
export function lambdaMethod(list: readonly Value[], name: string, args: readonly Expr[], scope: Scope, ev: Evaluate): Value | undefined {
  const body = args[0];
  const at = (value: Value, index: number, acc?: Value): Scope => ({
    ...scope,
    locals: { ...scope.locals, value, index, ...(acc !== undefined ? { acc } : {}) },
  });
  if (name === 'filter' || name === 'map') {
    if (!body) throw new EvaluationError(`${name}() needs an expression of value and index`);
    return name === 'filter' ? list.filter((v, i) => truthy(ev(body, at(v, i)))) : list.map((v, i) => ev(body, at(v, i)));
  }
  if (name === 'reduce') {
    if (!body) throw new EvaluationError('reduce() needs an expression of acc and value');
    let acc: Value = args[1] ? ev(args[1]) : null;
    list.forEach((v, i) => (acc = ev(body, at(v, i, acc))));
    return acc;
  }
  return undefined;
}
