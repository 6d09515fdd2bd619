// Isomorphic: fields and methods on a value (`file.name`, `note.price`, `tags.contains("x")`), dispatched by the
// value's type; the methods of each type live in valueMethods.ts, the file's here. An unknown method is
// UnsupportedError (the view names it); a method of another type is EvaluationError.
import { normaliseTag } from '../tags/normaliseTag.js';
import { dateField } from './baseDates.js';
import { linkFrom } from './baseFunctions.js';
import { EvaluationError, UnsupportedError, type BaseEnv, type BaseRecord, type Scope } from './baseRecord.js';
import { displayText, isDate, isFile, isLink, isList, isObject, isRegex, truthy, typeOf, type ObjectValue, type TypeName, type Value } from './baseValue.js';
import type { Expr } from './parseExpression.js';
import { DATE_METHODS, LIST_METHODS, NUMBER_METHODS, OBJECT_METHODS, REGEX_METHODS, STRING_METHODS, lambdaMethod } from './valueMethods.js';

type Evaluate = (expr: Expr, scope?: Scope) => Value;

/** `file.*` fields this portal cannot know (it keeps no byte size or embed list per note). */
const UNKNOWN_FILE_FIELDS = new Set(['size', 'embeds']);
const TYPE_ALIASES: Record<string, TypeName> = { array: 'list', regex: 'regexp', text: 'string' };

/** `x.name` without a call. */
export function member(object: Value, name: string, env: BaseEnv): Value {
  if (object === null) return null;
  if (typeof object === 'string' || isList(object)) {
    if (name === 'length') return object.length;
    return null;
  }
  if (isDate(object)) return dateField(object, name) ?? null;
  if (isObject(object)) return Object.hasOwn(object.entries, name) ? object.entries[name]! : null;
  if (isFile(object)) {
    const record = env.records.get(object.path);
    return record ? fileMember(record, name, false) : null;
  }
  if (isLink(object) && name === 'path') return object.path ?? null;
  return null;
}

/** A file's field (`file.name`, `file.tags`, …); another name reads the note property, as a bare name does. */
export function fileMember(record: BaseRecord, name: string, bare: boolean): Value {
  const property = () => (Object.hasOwn(record.properties, name) ? record.properties[name]! : null);
  if (bare) return property();
  const fileName = record.path.slice(record.path.lastIndexOf('/') + 1);
  const dot = fileName.lastIndexOf('.');
  switch (name) {
    case 'file':
      return { kind: 'file', path: record.path };
    case 'name':
      return fileName;
    case 'basename':
      return dot > 0 ? fileName.slice(0, dot) : fileName;
    case 'ext':
      return dot > 0 ? fileName.slice(dot + 1) : '';
    case 'path':
      return record.path;
    case 'folder':
      return record.path.includes('/') ? record.path.slice(0, record.path.lastIndexOf('/')) : '';
    case 'note':
    case 'properties':
      return { kind: 'object', entries: record.properties };
    case 'tags':
      return [...record.tags];
    case 'links':
      return record.links.map((path) => ({ kind: 'link', target: path, path }));
    case 'backlinks':
      return record.backlinks.map((path) => ({ kind: 'file', path }));
    case 'mtime':
      return record.mtime ?? null;
    case 'ctime':
      return record.ctime ?? record.mtime ?? null;
    case 'title':
      return record.title;
  }
  if (UNKNOWN_FILE_FIELDS.has(name)) throw new UnsupportedError(`file.${name}`);
  return property();
}

const ANY_METHODS: Record<string, (self: Value, args: readonly Value[]) => Value> = {
  isTruthy: (v) => truthy(v),
  isType: (v, [t]) => {
    const name = typeof t === 'string' ? t.toLowerCase() : '';
    return typeOf(v) === (TYPE_ALIASES[name] ?? name);
  },
  toString: (v: Value) => displayText(v),
};

/** `x.name(args)`, by the type of `x`. */
export function callMethod(object: Value, name: string, argExprs: readonly Expr[], env: BaseEnv, scope: Scope, ev: Evaluate): Value {
  if (isList(object)) {
    const lazy = lambdaMethod(object, name, argExprs, scope, ev);
    if (lazy !== undefined) return lazy;
  }
  const args = argExprs.map((a) => ev(a));
  if (Object.hasOwn(ANY_METHODS, name)) return ANY_METHODS[name]!(object, args);
  if (object === null) return name === 'isEmpty' ? true : null; // a missing property: `price.toFixed(2)` is empty, not an error
  const methods = methodsOf(object);
  const fn = methods && Object.hasOwn(methods, name) ? methods[name] : undefined;
  if (fn) return fn(object, args, env, scope);
  if (KNOWN_METHODS.has(name)) throw new EvaluationError(`${name}() cannot be used on a ${typeOf(object)}`);
  throw new UnsupportedError(`${name}()`);
}

type AnyMethod = (self: Value, args: readonly Value[], env: BaseEnv, scope: Scope) => Value;
/** Each table's methods take the type methodsOf checked, so they are called through one signature. */
const table = (methods: object) => methods as Record<string, AnyMethod>;
const OBJECT_ENTRY_METHODS: Record<string, AnyMethod> = Object.fromEntries(
  Object.entries(OBJECT_METHODS).map(([k, fn]) => [k, ((self, args, env) => fn((self as ObjectValue).entries, args, env)) satisfies AnyMethod]),
);

function methodsOf(v: Value): Record<string, AnyMethod> | undefined {
  if (typeof v === 'string') return table(STRING_METHODS);
  if (typeof v === 'number') return table(NUMBER_METHODS);
  if (isList(v)) return table(LIST_METHODS);
  if (isDate(v)) return table(DATE_METHODS);
  if (isRegex(v)) return table(REGEX_METHODS);
  if (isObject(v)) return OBJECT_ENTRY_METHODS;
  if (isFile(v)) return table(FILE_METHODS);
  if (isLink(v)) return table(LINK_METHODS);
  return undefined;
}

/** The path a file, link or link text names, seen from the row. */
function pathOf(v: Value | undefined, env: BaseEnv, from: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (isFile(v)) return v.path;
  if (isLink(v)) return v.path;
  if (typeof v === 'string') return env.records.has(v) ? v : linkFrom(v, undefined, env, from).path;
  return undefined;
}

const FILE_METHODS: Record<string, (self: { kind: 'file'; path: string }, args: readonly Value[], env: BaseEnv, scope: Scope) => Value> = {
  asLink: (f, [display]) => ({
    kind: 'link',
    target: f.path,
    path: f.path,
    ...(display !== undefined && display !== null ? { display: displayText(display) } : {}),
  }),
  hasLink: (f, [other], env, scope) => {
    const to = pathOf(other, env, scope.row.path);
    return to !== undefined && (env.records.get(f.path)?.links.includes(to) ?? false);
  },
  hasProperty: (f, [name], env) => typeof name === 'string' && Object.hasOwn(env.records.get(f.path)?.properties ?? {}, name),
  hasTag: (f, args, env) => {
    const tags = env.records.get(f.path)?.tags ?? [];
    return args.some((a) => {
      const t = normaliseTag(displayText(a));
      return t !== undefined && tags.some((x) => x === t || x.startsWith(`${t}/`));
    });
  },
  inFolder: (f, [folder]) => {
    const dir = displayText(folder ?? null).replace(/^\/+|\/+$/g, '');
    return dir === '' || f.path.startsWith(`${dir}/`);
  },
};

const LINK_METHODS: Record<string, (self: { kind: 'link'; path?: string | undefined }, args: readonly Value[], env: BaseEnv, scope: Scope) => Value> = {
  asFile: (l, _args, env) => (l.path && env.records.has(l.path) ? { kind: 'file', path: l.path } : null),
  linksTo: (l, [other], env, scope) => {
    const to = pathOf(other, env, scope.row.path);
    return l.path !== undefined && to !== undefined && (env.records.get(l.path)?.links.includes(to) ?? false);
  },
};

/** Every method name of some type (a known method on the wrong type is an error, not an unsupported feature). */
const KNOWN_METHODS = new Set(
  [STRING_METHODS, NUMBER_METHODS, LIST_METHODS, DATE_METHODS, OBJECT_METHODS, REGEX_METHODS, FILE_METHODS, LINK_METHODS].flatMap(Object.keys),
);
KNOWN_METHODS.add('filter').add('map').add('reduce');

/** Methods by the type they apply to (docs/graph-canvas-bases.md lists them). */
export const SUPPORTED_METHODS: Readonly<Record<string, readonly string[]>> = {
  any: Object.keys(ANY_METHODS),
  string: Object.keys(STRING_METHODS),
  number: Object.keys(NUMBER_METHODS),
  list: [...Object.keys(LIST_METHODS), 'filter', 'map', 'reduce'],
  date: Object.keys(DATE_METHODS),
  object: Object.keys(OBJECT_METHODS),
  regexp: Object.keys(REGEX_METHODS),
  file: Object.keys(FILE_METHODS),
  link: Object.keys(LINK_METHODS),
};
