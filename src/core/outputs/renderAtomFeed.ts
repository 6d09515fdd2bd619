// Isomorphic: `feed.xml`, an Atom feed (RFC 4287) of the most recently updated notes.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import { escapeHtml } from '../util/escapeHtml.js';
import { recentlyUpdated } from '../notePage/lastUpdated.js';

/** Entries in the feed. */
export const FEED_ENTRIES = 30;

export interface FeedInput {
  title: string;
  description: string | undefined;
  notes: readonly NoteEntry[];
  /** "Last updated" day by note path (lastUpdated.ts); undated notes are left out of the feed. */
  updated: Readonly<Record<string, string>>;
  /** The build's day (`--today`): the feed's own `<updated>` when no note is dated. */
  today: string;
  /** A page's URL: absolute when the site has a public origin. */
  url: (path: string) => string;
  home: string;
  feed: string;
  note: (slug: string) => string;
  /** The feed's language (`xml:lang`, BCP 47): the site's locale. Default: none written. */
  lang?: string | undefined;
}

/**
 * Dated notes only, newest first. Ids are the notes' absolute URLs when the site has an origin, else
 * `urn:kb-portal:` and the page's path (an Atom id must be an absolute IRI).
 */
export function renderAtomFeed(input: FeedInput): string {
  const entries = recentlyUpdated(input.notes, input.updated, FEED_ENTRIES).filter((n) => input.updated[n.path]);
  const id = (path: string) => {
    const url = input.url(path);
    return /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `urn:kb-portal:${url}`;
  };
  const stamp = (day: string) => `${day}T00:00:00Z`;
  const newest = entries[0] ? input.updated[entries[0].path]! : input.today;
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom"${input.lang ? ` xml:lang="${escapeHtml(input.lang)}"` : ''}>`,
    `  <title>${escapeHtml(input.title)}</title>`,
    ...(input.description ? [`  <subtitle>${escapeHtml(input.description)}</subtitle>`] : []),
    `  <id>${escapeHtml(id(input.home))}</id>`,
    `  <link rel="alternate" type="text/html" href="${escapeHtml(input.url(input.home))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeHtml(input.url(input.feed))}"/>`,
    `  <updated>${stamp(newest)}</updated>`,
    `  <author><name>${escapeHtml(input.title)}</name></author>`,
  ];
  for (const note of entries) {
    const page = input.note(note.slug);
    lines.push(
      '  <entry>',
      `    <title>${escapeHtml(note.title)}</title>`,
      `    <id>${escapeHtml(id(page))}</id>`,
      `    <link rel="alternate" type="text/html" href="${escapeHtml(input.url(page))}"/>`,
      `    <updated>${stamp(input.updated[note.path]!)}</updated>`,
      `    <summary>${escapeHtml(note.description)}</summary>`,
      ...note.tags.map((t) => `    <category term="${escapeHtml(t)}"/>`),
      '  </entry>',
    );
  }
  lines.push('</feed>', '');
  return lines.join('\n');
}
