// Isomorphic: a note's frontmatter as the properties panel shows it, every value typed. JSON-safe (the build writes
// it into the pages' data), so the component renders it without reading YAML again.

/** A note a wikilink in a value leads to. */
export interface PropertyLinkTarget {
  slug: string;
  title: string;
}

/** A stretch of a text value: plain text, or a `[[wikilink]]` (resolved to its note, or not: then shown as text). */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; target: string; note?: PropertyLinkTarget | undefined };

/** One value, typed as Obsidian types properties (text, number, checkbox, date, date & time, list), plus links. */
export type PropertyValue =
  | { type: 'text'; parts: TextPart[] }
  | { type: 'number'; value: number }
  | { type: 'boolean'; value: boolean }
  /** `YYYY-MM-DD`. */
  | { type: 'date'; value: string }
  /** ISO 8601, `YYYY-MM-DDTHH:MM[:SS][zone]` as written (a space before the time becomes `T`). */
  | { type: 'datetime'; value: string }
  /** A whole value that is an `http(s):` or `mailto:` URL. */
  | { type: 'url'; href: string }
  /** A list of scalar values (nested lists are flattened). */
  | { type: 'list'; items: PropertyValue[] };

export interface NoteProperty {
  /** The key as written in the frontmatter. */
  key: string;
  value: PropertyValue;
}
