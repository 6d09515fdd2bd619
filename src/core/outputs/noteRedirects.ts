// Isomorphic: the other addresses of notes that lead to them. A note's page is `/notes/<slug>/`; when its URL
// changes (a `permalink:` replaces the one of its file name, the file is renamed or moved), the old URL gets a
// redirect page and a `_redirects` line, as Obsidian Publish keeps old paths alive through `aliases:`. A permalink
// is also served where Obsidian Publish serves it, at the site's root (`permalink: billing` at `/billing/`), so links
// shared from a Publish site keep working; the note's page stays the one canonical URL.
import { compareStrings } from '../util/compare.js';
import type { KbIssue } from '../util/issue.js';
import { slugify } from '../util/slugify.js';
import { PAGE_DIRS } from '../site/pageDirs.js';
import type { SitePaths } from '../site/sitePaths.js';

export type RedirectReason = 'permalink' | 'publish' | 'alias' | 'renamed';

export interface NoteRedirect {
  /** The old URL path (`/notes/guides/making-friends/`). */
  from: string;
  /** The note's page now. */
  to: string;
  /** Path of the note it leads to. */
  note: string;
  /**
   * `permalink`: the URL its file name gave it; `publish`: its permalink at the site's root, as Obsidian Publish serves
   * it; `alias`: a path-like `aliases:` entry; `renamed`: an old path in git history.
   */
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
  /** Note path → its `permalink:` as a slug (the notes that have one). Default: none. */
  permalinks?: ReadonlyMap<string, string> | undefined;
  paths: Pick<SitePaths, 'note' | 'file'>;
}

const NOTE_FILE = /\.mdx?$/i;
/** A folder name longer than this (in UTF-8 bytes) could not be written on common file systems. */
const MAX_SEGMENT_BYTES = 200;
const RANK: Record<RedirectReason, number> = { permalink: 0, publish: 1, alias: 2, renamed: 3 };

/**
 * First path segments a permalink cannot be served under at the site's root: the portal's page folders and the
 * folders and files the build writes there (assets, attachments, search bundles, machine outputs).
 */
export function isPortalRootName(segment: string): boolean {
  const name = segment.toLowerCase();
  return ROOT_FOLDERS.has(name) || /^(?:kb-|pagefind|llms)/.test(name) || /\.(?:html|json|txt|xml|md|svg)$/.test(name);
}
const ROOT_FOLDERS = new Set([...Object.values(PAGE_DIRS).filter(Boolean), '_astro', 'attachments', 'katex', 'mermaid', 'boards', '404']);

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
    const permalink = input.permalinks?.get(n.path);
    if (permalink !== undefined && permalink === n.slug) {
      const first = permalink.split('/')[0]!;
      if (isPortalRootName(first))
        warnings.push(
          warning(
            n.path,
            `permalink "${permalink}" is under /${first}/, which the portal uses; the note is served at ${input.paths.note(n.slug)} only, not at its Obsidian Publish URL.`,
          ),
        );
      else candidates.push({ from: input.paths.file(`${permalink}/`), to: input.paths.note(n.slug), note: n.path, reason: 'publish', source: permalink });
    }
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
      if (r.reason === 'publish')
        warnings.push(
          warning(r.note, `permalink "${r.source}" at the site's root is the URL of a page the site has (${r.from}); the note is served at ${r.to} only.`),
        );
      continue;
    }
    redirects.push(r);
  }
  return { redirects, warnings };
}

function describe(r: NoteRedirect): string {
  if (r.reason === 'publish') return `permalink "${r.source}" at the site's root`;
  return r.reason === 'alias' ? `alias "${r.source}"` : r.reason === 'renamed' ? `the old path ${r.source}` : `the old URL`;
}

const warning = (file: string, message: string): KbIssue => ({ severity: 'warning', code: 'redirect', file, message });
