import type { NoteProperty } from './propertyTypes.js';
import { typeProperty, type ResolveLink } from './typeProperty.js';

/** kb.config.yaml `properties` (src/core/config/kbConfigSchema.ts). */
export interface PropertiesOptions {
  /** Keys never shown, case-insensitive. */
  hidden: readonly string[];
  /** Keys shown first, in this order, case-insensitive. */
  order: readonly string[];
}

/**
 * A note's frontmatter as the properties panel lists it: every key not hidden, `order` first, then the others as
 * the note writes them; values typed by typeProperty, empty ones left out. `data` is the frontmatter as read
 * (already redacted: a credential in a value is a `[redacted: …]` marker like one in the body). Anything that is
 * not a mapping has no properties.
 */
export function readNoteProperties(data: unknown, options: PropertiesOptions, resolve: ResolveLink): NoteProperty[] {
  if (Object.prototype.toString.call(data) !== '[object Object]') return [];
  const hidden = new Set(options.hidden.map(fold));
  const rank = new Map(options.order.map((k, i) => [fold(k), i]));
  const entries = Object.entries(data as Record<string, unknown>).filter(([key]) => key.trim() !== '' && !hidden.has(fold(key)));
  const ordered = entries
    .map((entry, at) => ({ entry, at, rank: rank.get(fold(entry[0])) ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.rank - b.rank || a.at - b.at);
  const out: NoteProperty[] = [];
  for (const { entry } of ordered) {
    const value = typeProperty(entry[1], resolve);
    if (value) out.push({ key: entry[0], value });
  }
  return out;
}

const fold = (key: string) => key.trim().toLowerCase();
