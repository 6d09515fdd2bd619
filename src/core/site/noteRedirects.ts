// Isomorphic: the old addresses of notes that still lead to them. A note's page is `/notes/<slug>/`; when its URL
// changes (a `permalink:` replaces the one of its file name, the file is renamed or moved), the old URL gets a
// redirect page and a `_redirects` line, as Obsidian Publish keeps old paths alive through `aliases:`.
import { compareStrings } from '../util/compare.js';
import type { KbIssue } from '../util/issue.js';
import { slugify } from '../util/slugify.js';
import type { SitePaths } from './sitePaths.js';

export type RedirectReason = 'permalink' | 'alias' | 'renamed';

export interface NoteRedirect {
  /** The old URL path (`/notes/guides/making-friends/`). */
  from: string;
  /** The note's page now. */
  to: string;
  /** Path of the note it leads to. */
  note: string;
  /** `permalink`: the URL its file name gave it; `alias`: a path-like `aliases:` entry; `renamed`: an old path in git history. */
  reason: RedirectReason;
  /** What the old URL was made from: the note's path, the alias or the old path, as written. */
  source: string;
}

export interface RedirectInputs {
  /** Every published note. */
  notes: readonly { path: string; slug: string }[];
  /** Note path → its frontmatter `aliases:` (and `alias:`). */
  aliases: ReadonlyMap<string, readonly string[]>;
  /** Old path → the path the file has now (git history; empty outside a repository). */
  renames: ReadonlyMap<string, string>;
  /** Every page the site builds (root-relative URLs): a redirect never takes the place of one. */
  pages: ReadonlySet<string>;
  paths: Pick<SitePaths, 'note'>;
}

const NOTE_FILE = /\.mdx?$/i;
/** A folder name longer than this (in UTF-8 bytes) could not be written on common file systems. */
const MAX_SEGMENT_BYTES = 200;
const RANK: Record<RedirectReason, number> = { permalink: 0, alias: 1, renamed: 2 };

/** An alias is an old path when it has a folder (`Guides/Making friends`) or a note's extension (`old name.md`). */
export function isPathAlias(alias: string): boolean {
  const a = alias.trim().replace(/^\/+|\/+$/g, '');
  return a !== '' && (a.includes('/') || NOTE_FILE.test(a));
}

/**
 * Every redirect, sorted by old URL. Where two notes claim one old URL the stronger reason wins (a note's own
 * former URL, then an alias, then git history; then path order) and the other is a warning naming both; an alias
 * that is the URL of a page the site has is a warning too. Git history that leads to a page or to no published
 * note is left out without a word: a renamed file's old place is often taken by another note.
 */
export function planRedirects(input: RedirectInputs): { redirects: NoteRedirect[]; warnings: KbIssue[] } {
  const slugOf = new Map(input.notes.map((n) => [n.path, n.slug]));
  const candidates: NoteRedirect[] = [];
  const warnings: KbIssue[] = [];
  const add = (note: string, reason: RedirectReason, source: string) => {
    const slug = slugOf.get(note)!;
    const old = slugify(source.trim().replace(/^\/+|\/+$/g, ''));
    if (old === slug) return;
    if (old.split('/').some((seg) => new TextEncoder().encode(seg).length > MAX_SEGMENT_BYTES)) {
      if (reason === 'alias') warnings.push(warning(note, `alias "${source}" is too long to be a URL; no redirect is made for it.`));
      return;
    }
    candidates.push({ from: input.paths.note(old), to: input.paths.note(slug), note, reason, source });
  };
  for (const n of input.notes) {
    if (slugify(n.path) !== n.slug) add(n.path, 'permalink', n.path);
    for (const alias of input.aliases.get(n.path) ?? []) if (isPathAlias(alias)) add(n.path, 'alias', alias);
  }
  for (const [old, now] of input.renames) if (NOTE_FILE.test(old) && slugOf.has(now)) add(now, 'renamed', old);

  candidates.sort((a, b) => compareStrings(a.from, b.from) || RANK[a.reason] - RANK[b.reason] || compareStrings(a.note, b.note));
  const redirects: NoteRedirect[] = [];
  for (const r of candidates) {
    const kept = redirects.at(-1);
    if (kept?.from === r.from) {
      if (kept.note !== r.note && r.reason !== 'renamed')
        warnings.push(warning(r.note, `${describe(r)} is also ${describe(kept)} of ${kept.note}; ${r.from} leads there. Remove one of them.`));
      continue;
    }
    if (input.pages.has(r.from)) {
      if (r.reason === 'alias')
        warnings.push(warning(r.note, `alias "${r.source}" is the URL of a page the site has (${r.from}); no redirect is made for it.`));
      continue;
    }
    redirects.push(r);
  }
  return { redirects, warnings };
}

function describe(r: NoteRedirect): string {
  return r.reason === 'alias' ? `alias "${r.source}"` : r.reason === 'renamed' ? `the old path ${r.source}` : `the old URL`;
}

const warning = (file: string, message: string): KbIssue => ({ severity: 'warning', code: 'redirect', file, message });
