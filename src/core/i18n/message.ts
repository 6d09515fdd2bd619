// Isomorphic: what an interface string is. A message is a string with `{name}` placeholders, or, for a count, one
// string per plural category of the language (Intl.PluralRules: `one`, `few`, … and always `other`), chosen by the
// `count` parameter.

/** One string per plural category the language uses; `other` is the one every language has. */
export interface PluralMessage {
  readonly zero?: string;
  readonly one?: string;
  readonly two?: string;
  readonly few?: string;
  readonly many?: string;
  readonly other: string;
}

export type Message = string | PluralMessage;

/** Values for a message's placeholders; numbers are written in the locale's digits and separators. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A set of messages by key: a whole language, or the part of it one island needs. */
export type Messages<K extends string> = Readonly<Record<K, Message>>;

/** How a language writes a calendar day: `iso` keeps `2026-09-14`; the others are Intl's date styles. */
export type DateStyle = 'iso' | 'long' | 'medium';

/** One language's table: its tag, how it writes days, and its messages (any key it lacks is read in English). */
export interface LocaleTable<K extends string> {
  /** The BCP 47 tag the table is written for (`de`, `pt-BR`, `zh-CN`). */
  readonly locale: string;
  /** How days are shown. Default `long`. */
  readonly dateStyle?: DateStyle | undefined;
  readonly messages: Readonly<Partial<Record<K, Message>>>;
}
