import { findWikilinks } from '../links/parseWikilink.js';
import type { PropertyLinkTarget, PropertyValue, TextPart } from './propertyTypes.js';

/** Resolves a wikilink's target to a published note (the site's link resolver, seen from the note itself). */
export type ResolveLink = (target: string) => PropertyLinkTarget | undefined;

/** Items a list shows; a longer one ends with a text item saying how many more there are. */
export const MAX_LIST_ITEMS = 200;
/** Characters a nested mapping is shown with (as compact JSON) before it is cut. */
const MAX_OBJECT_TEXT = 500;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/; // YYYY-MM-DD and nothing else
// YYYY-MM-DD, `T` or a space, HH:MM, optional :SS and fraction, optional zone (Z or ±HH[:]MM)
const DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})?$/;
const URL_VALUE = /^(?:https?:\/\/|mailto:)[^\s<>"]+$/i; // the whole value is one web or mail address

/**
 * One frontmatter value typed for the panel, or undefined when there is nothing to show (null, empty text, an
 * empty list). YAML has typed it already (numbers, booleans, unquoted dates as Date); text is typed further:
 * an ISO day or time is a date, a lone URL a link, `[[wikilinks]]` inside it links to notes. A list in a list with
 * one text item is a wikilink YAML read unquoted (`related: [[note]]`).
 */
export function typeProperty(raw: unknown, resolve: ResolveLink): PropertyValue | undefined {
  if (Array.isArray(raw)) {
    if (isUnquotedWikilink(raw)) return typeScalar(`[[${raw[0]}]]`, resolve);
    const items: PropertyValue[] = [];
    let more = 0;
    // One level of nesting is flattened; past the limit items are only counted (YAML anchors can repeat a list).
    const add = (item: unknown) => {
      if (items.length >= MAX_LIST_ITEMS) return void more++;
      const typed = isUnquotedWikilink(item) ? typeScalar(`[[${(item as unknown[])[0]}]]`, resolve) : typeScalar(item, resolve);
      if (typed) items.push(typed);
    };
    for (const item of raw) {
      if (Array.isArray(item) && !isUnquotedWikilink(item)) {
        if (items.length >= MAX_LIST_ITEMS) more += item.length;
        else item.forEach(add);
      } else add(item);
    }
    if (more) items.push({ type: 'text', parts: [{ kind: 'text', text: `… ${more} more` }] });
    return items.length ? { type: 'list', items } : undefined;
  }
  return typeScalar(raw, resolve);
}

function typeScalar(raw: unknown, resolve: ResolveLink): PropertyValue | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw === 'boolean') return { type: 'boolean', value: raw };
  if (typeof raw === 'number') return Number.isFinite(raw) ? { type: 'number', value: raw } : text(String(raw));
  if (typeof raw === 'bigint') return text(String(raw));
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? undefined : dateOf(raw);
  if (typeof raw === 'string') return typeText(raw, resolve);
  if (Array.isArray(raw)) return text(compactJson(raw)); // a list deeper than the panel flattens
  if (typeof raw === 'object') return text(compactJson(raw));
  return undefined;
}

function typeText(raw: string, resolve: ResolveLink): PropertyValue | undefined {
  const value = raw.trim();
  if (!value) return undefined;
  const day = DATE.exec(value);
  if (day && isRealDay(value)) return { type: 'date', value };
  const time = DATETIME.exec(value);
  if (time && isRealDay(time[1]!)) return { type: 'datetime', value: `${time[1]}T${time[2]}${time[3] ?? ''}` };
  if (URL_VALUE.test(value)) return { type: 'url', href: value };
  const links = findWikilinks(value);
  if (!links.length) return text(value);
  const parts: TextPart[] = [];
  let from = 0;
  for (const { start, end, link } of links) {
    if (start > from) parts.push({ kind: 'text', text: value.slice(from, start) });
    const shown = link.label ?? (link.target || link.heading || link.blockId || '');
    const note = link.target ? resolve(link.target) : undefined;
    parts.push({ kind: 'link', text: shown, target: link.target, ...(note ? { note } : {}) });
    from = end;
  }
  if (from < value.length) parts.push({ kind: 'text', text: value.slice(from) });
  return { type: 'text', parts };
}

/** YAML's unquoted date: midnight UTC is a day, anything else a time (in UTC, as js-yaml reads it). */
function dateOf(d: Date): PropertyValue {
  const iso = d.toISOString();
  if (iso.endsWith('T00:00:00.000Z')) return { type: 'date', value: iso.slice(0, 10) };
  return { type: 'datetime', value: iso.replace('.000Z', 'Z') };
}

function isRealDay(day: string): boolean {
  const m = DATE.exec(day);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === day;
}

const text = (t: string): PropertyValue => ({ type: 'text', parts: [{ kind: 'text', text: t }] });

/** `[[note]]` unquoted in YAML is a list holding a list of one text. */
function isUnquotedWikilink(v: unknown): boolean {
  return Array.isArray(v) && v.length === 1 && Array.isArray(v[0]) && v[0].length === 1 && typeof v[0][0] === 'string' && v[0][0].trim() !== '';
}

/**
 * A nested value as compact JSON, cut at MAX_OBJECT_TEXT characters. Walked with a budget, never stringified whole:
 * YAML anchors can make a small file expand into a huge value (an "alias bomb").
 */
function compactJson(value: unknown): string {
  let out = '';
  const walk = (v: unknown, depth: number): void => {
    if (out.length > MAX_OBJECT_TEXT) return;
    if (depth > 4) {
      out += '…';
      return;
    }
    if (Array.isArray(v)) {
      out += '[';
      v.forEach((x, i) => {
        if (out.length > MAX_OBJECT_TEXT) return;
        if (i) out += ', ';
        walk(x, depth + 1);
      });
      out += ']';
    } else if (v instanceof Date) out += Number.isNaN(v.getTime()) ? 'null' : v.toISOString();
    else if (v !== null && typeof v === 'object') {
      out += '{';
      Object.entries(v).forEach(([k, x], i) => {
        if (out.length > MAX_OBJECT_TEXT) return;
        out += `${i ? ', ' : ''}${k}: `;
        walk(x, depth + 1);
      });
      out += '}';
    } else out += typeof v === 'string' ? v : String(v);
  };
  walk(value, 0);
  return out.length > MAX_OBJECT_TEXT ? `${out.slice(0, MAX_OBJECT_TEXT)}…` : out;
}

/** A date & time as the panel shows it: `2026-10-20 09:30`, seconds only when they are not zero, `Z` as UTC. */
export function formatDateTime(value: string): string {
  return value
    .replace('T', ' ')
    .replace(/^(\S+ \d{2}:\d{2}):00(?=$|[Z+-])/, '$1')
    .replace(/Z$/, ' UTC');
}
