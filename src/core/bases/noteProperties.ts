// Isomorphic: a note's frontmatter (as the reader parsed it, credentials already redacted) read into Bases values,
// typed the way Obsidian types properties: numbers, booleans, lists, dates (a YAML date, or text written as
// YYYY-MM-DD), links (`"[[Note]]"`, or YAML's `[[Note]]`, which it reads as a list in a list), nested objects.
import { parseDate } from './baseDates.js';
import { dateValue, type LinkValue, type Value } from './baseValue.js';

// [[target|display]] as a whole value: \[\[ · anything but ] · \]\]
const WIKILINK_TEXT = /^\[\[[^\]]+\]\]$/;
/** Nesting deeper than this is not read (a YAML alias bomb must not grow the site's data). */
const MAX_DEPTH = 4;
const MAX_ITEMS = 500;

export function readProperties(data: unknown, toLink: (text: string) => LinkValue): Record<string, Value> {
  if (Object.prototype.toString.call(data) !== '[object Object]') return {};
  const out: Record<string, Value> = {};
  for (const [key, raw] of Object.entries(data as Record<string, unknown>)) {
    if (key === '__proto__') continue;
    const v = readValue(raw, toLink, 0);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

function readValue(raw: unknown, toLink: (text: string) => LinkValue, depth: number): Value | undefined {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string') {
    const text = raw.trim();
    if (WIKILINK_TEXT.test(text)) return toLink(text);
    return parseDate(text) ?? raw;
  }
  if (raw instanceof Date) {
    const ms = raw.getTime();
    return Number.isNaN(ms) ? null : dateValue(ms, ms % 86_400_000 !== 0);
  }
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(raw)) {
    // YAML reads an unquoted `[[Note]]` as a list holding a list holding "Note": that is a link.
    if (raw.length === 1 && Array.isArray(raw[0]) && raw[0].length === 1 && typeof raw[0][0] === 'string') return toLink(`[[${raw[0][0]}]]`);
    return raw
      .slice(0, MAX_ITEMS)
      .map((item) => readValue(item, toLink, depth + 1))
      .filter((v): v is Value => v !== undefined);
  }
  if (Object.prototype.toString.call(raw) === '[object Object]') {
    const entries: Record<string, Value> = {};
    for (const [k, v] of Object.entries(raw as Record<string, unknown>).slice(0, MAX_ITEMS)) {
      if (k === '__proto__') continue;
      const read = readValue(v, toLink, depth + 1);
      if (read !== undefined) entries[k] = read;
    }
    return { kind: 'object', entries };
  }
  return undefined;
}
