// Isomorphic: the values a Bases expression works with, and how they compare, print and count as true.
// Dates are UTC milliseconds (never the machine's zone); a note's properties arrive as JSON-safe values
// (noteProperties.ts) and are read into these once per row.

/** A date, with or without a time of day (`date("2025-01-01")` has none, `now()` has one). */
export interface DateValue {
  kind: 'date';
  ms: number;
  time: boolean;
}

/** A length of time: milliseconds plus calendar months (a month or a year is not a fixed number of days). */
export interface DurationValue {
  kind: 'duration';
  ms: number;
  months: number;
}

/** A link to a note or page of the site (`path` when it resolves) or to a URL. */
export interface LinkValue {
  kind: 'link';
  target: string;
  display?: string | undefined;
  /** The path in the folder it resolves to, when it names a published note or page. */
  path?: string | undefined;
}

/** A file of the base: the row being evaluated, `this`, or what `file("…")` names. */
export interface FileValue {
  kind: 'file';
  path: string;
}

export interface RegexValue {
  kind: 'regex';
  source: string;
  flags: string;
}

export interface ObjectValue {
  kind: 'object';
  entries: Readonly<Record<string, Value>>;
}

export type Value = null | boolean | number | string | DateValue | DurationValue | LinkValue | FileValue | RegexValue | ObjectValue | readonly Value[];

/** The type names `isType()` accepts, as Obsidian names them. */
export type TypeName = 'null' | 'boolean' | 'number' | 'string' | 'date' | 'duration' | 'link' | 'file' | 'regexp' | 'object' | 'list';

export function typeOf(v: Value): TypeName {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (typeof v === 'string') return 'string';
  const kind = (v as { kind: string }).kind;
  return kind === 'regex' ? 'regexp' : (kind as TypeName);
}

export const isList = (v: Value): v is readonly Value[] => Array.isArray(v);
export const isDate = (v: Value): v is DateValue => typeOf(v) === 'date';
export const isDuration = (v: Value): v is DurationValue => typeOf(v) === 'duration';
export const isLink = (v: Value): v is LinkValue => typeOf(v) === 'link';
export const isFile = (v: Value): v is FileValue => typeOf(v) === 'file';
export const isRegex = (v: Value): v is RegexValue => typeOf(v) === 'regexp';
export const isObject = (v: Value): v is ObjectValue => typeOf(v) === 'object';

export const dateValue = (ms: number, time: boolean): DateValue => ({ kind: 'date', ms, time });
export const durationValue = (ms: number, months = 0): DurationValue => ({ kind: 'duration', ms, months });

/**
 * Whether a value counts as true in a filter or `if()`: false, null, 0, NaN, an empty string and an empty list do
 * not (an empty list is false so that `if(tags, …)` reads as "has tags"); everything else does.
 */
export function truthy(v: Value): boolean {
  if (v === null || v === false) return false;
  if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
  if (typeof v === 'string') return v !== '';
  if (isList(v)) return v.length > 0;
  return true;
}

/** Equality as `==` reads it: same type and value; lists element by element; a link equals the file it resolves to. */
export function equals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  if (isList(a) || isList(b)) return isList(a) && isList(b) && a.length === b.length && a.every((x, i) => equals(x, b[i]!));
  const pathA = pathOf(a);
  const pathB = pathOf(b);
  if (pathA !== undefined && pathB !== undefined) return pathA === pathB;
  if (isLink(a) && isLink(b)) return a.target === b.target;
  if (isDate(a) && isDate(b)) return a.ms === b.ms;
  if (isDuration(a) && isDuration(b)) return a.ms === b.ms && a.months === b.months;
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a.entries);
    return keys.length === Object.keys(b.entries).length && keys.every((k) => k in b.entries && equals(a.entries[k]!, b.entries[k]!));
  }
  return false;
}

/** The path a link resolves to or a file is, for comparing the two. */
function pathOf(v: Value): string | undefined {
  if (isFile(v)) return v.path;
  if (isLink(v)) return v.path;
  return undefined;
}

/**
 * Order for `<`, `>` and sorting: numbers and dates by value, text by code point (the same on every machine),
 * booleans false first. Undefined when the two cannot be ordered (a comparison is then false).
 */
export function compareValues(a: Value, b: Value): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (isDate(a) && isDate(b)) return a.ms - b.ms;
  if (isDuration(a) && isDuration(b)) return a.months - b.months || a.ms - b.ms;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (isLink(a) || isLink(b) || isFile(a) || isFile(b)) return compareValues(displayText(a), displayText(b));
  return undefined;
}

/**
 * Sort order of a column: nulls last whatever the direction is, then values of one type by compareValues,
 * then by type name so mixed columns still sort the same way every time.
 */
export function sortOrder(a: Value, b: Value): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return compareValues(a, b) ?? (typeOf(a) < typeOf(b) ? -1 : typeOf(a) > typeOf(b) ? 1 : 0);
}

/** A value as text: what `toString()` returns and what a cell shows. */
export function displayText(v: Value): string {
  if (v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(Number(v.toPrecision(12))) : String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (isList(v)) return v.map(displayText).join(', ');
  switch (v.kind) {
    case 'date':
      return isoText(v);
    case 'duration':
      return durationText(v);
    case 'link':
      return v.display ?? v.target;
    case 'file':
      return v.path;
    case 'regex':
      return `/${v.source}/${v.flags}`;
    case 'object':
      return JSON.stringify(Object.fromEntries(Object.entries(v.entries).map(([k, x]) => [k, displayText(x)])));
  }
}

/** `2025-01-01`, or `2025-01-01 12:30` for a date with a time of day (UTC). */
export function isoText(d: DateValue): string {
  const iso = new Date(d.ms).toISOString();
  if (!d.time) return iso.slice(0, 10);
  return iso.slice(11, 19) === '00:00:00' || iso.slice(17, 19) === '00'
    ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}`
    : `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}

function durationText(d: DurationValue): string {
  const parts: string[] = [];
  if (d.months) parts.push(`${d.months} month${Math.abs(d.months) === 1 ? '' : 's'}`);
  const days = d.ms / 86_400_000;
  if (d.ms || !parts.length) parts.push(Number.isInteger(days) ? `${days} day${Math.abs(days) === 1 ? '' : 's'}` : `${d.ms} ms`);
  return parts.join(' ');
}
