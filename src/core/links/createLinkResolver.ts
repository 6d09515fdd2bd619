import { compareStrings } from '../util/compare.js';
import { slugify } from '../util/slugify.js';
import { isPublishableAttachment } from './attachmentKinds.js';
import { pageSources } from './pageSources.js';

/** A note a link may name: its path in the folder, page slug, title and frontmatter `aliases:`. */
export interface NoteTarget {
  path: string;
  slug: string;
  title: string;
  aliases?: readonly string[] | undefined;
}

export interface LinkResolverInput {
  /** Every published note. */
  notes: readonly NoteTarget[];
  /** Every publishable attachment (paths relative to the folder, `/`-separated). */
  files?: readonly string[] | undefined;
}

/** Where a Markdown link's href leads: outside (left alone), a note, a file, or nothing (broken). */
export type HrefTarget =
  | { kind: 'external' }
  | { kind: 'note'; note: NoteTarget; fragment: string }
  | { kind: 'file'; path: string }
  | { kind: 'broken'; target: string; expected: 'note' | 'file' };

export interface LinkResolver {
  /** A wikilink's target (`note`, `folder/note`, `note.md`, an alias), seen from the note at `from`. */
  note(target: string, from?: string): NoteTarget | undefined;
  /** An attachment named by a wikilink embed or an image/link href (already decoded), seen from `from`. */
  file(target: string, from?: string): string | undefined;
  /** A Markdown link or image `href` as written in the note at `from`. */
  href(href: string, from: string): HrefTarget;
}

const NOTE_EXT = /\.mdx?$/i;
/** Case-folded and composed (NFC); ASCII is its own NFC form, so it is only lower-cased (most links: ~2× faster). */
const lower = (s: string) => (ASCII.test(s) ? s : s.normalize('NFC')).toLowerCase();
const ASCII = /^[\p{ASCII}]*$/u;
/** A path `normalisePath` leaves as it is: no empty, `.` or `..` part. */
const PLAIN_PATH = /^(?!\.\.?(?:\/|$))(?:[^/]+\/(?!\.\.?(?:\/|$)))*[^/]+$/;
const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** An item of the folder with its path lower-cased (without `.md` for a note), as the names' lists hold it. */
interface Keyed<T> {
  item: T;
  key: string;
}

/** `a/b/../c/./d` → `a/c/d`; a path that climbs above the root keeps its leading `..` (it names nothing inside). */
export function normalisePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

/**
 * Links resolved as Obsidian resolves them, case-insensitively and with `.md` optional:
 * 1. a path from the folder's root (`decisions/007`), or relative to the note (`./x`, `../x`);
 * 2. else the shortest unique path: the notes whose path ends with the target (`007`, `decisions/007`);
 *    several → the one in the linking note's folder, then the one with the fewest folders, then path order;
 * 3. else a frontmatter alias; then (for links written before this resolver) a slug or a title.
 * Attachments the same way, by their full name (extension included).
 */
export function createLinkResolver(input: LinkResolverInput): LinkResolver {
  const notes = [...input.notes].sort((a, b) => compareStrings(a.path, b.path));
  const byPath = new Map<string, NoteTarget>();
  const byName = new Map<string, Keyed<NoteTarget>[]>();
  const byOther = new Map<string, NoteTarget>();
  for (const n of notes) {
    const key = lower(n.path.replace(NOTE_EXT, ''));
    if (!byPath.has(key)) byPath.set(key, n);
    const name = nameOf(key);
    const same = byName.get(name);
    if (same) same.push({ item: n, key });
    else byName.set(name, [{ item: n, key }]);
  }
  // Most specific first: an alias beats a slug beats a title.
  for (const n of notes) for (const a of n.aliases ?? []) if (a.trim() && !byOther.has(lower(a.trim()))) byOther.set(lower(a.trim()), n);
  for (const n of notes) if (!byOther.has(n.slug)) byOther.set(n.slug, n);
  for (const n of notes) if (!byOther.has(lower(n.title.trim()))) byOther.set(lower(n.title.trim()), n);

  const files = [...(input.files ?? [])].sort(compareStrings);
  const fileByPath = new Map<string, string>();
  const fileByName = new Map<string, Keyed<string>[]>();
  for (const f of files) {
    const key = lower(f);
    if (!fileByPath.has(key)) fileByPath.set(key, f);
    const name = nameOf(key);
    const same = fileByName.get(name);
    if (same) same.push({ item: f, key });
    else fileByName.set(name, [{ item: f, key }]);
  }

  /** Among the candidates of one name (each with its lower-cased path), those whose path ends with `key`, the best. */
  function pick<T>(candidates: readonly Keyed<T>[] | undefined, pathOf: (t: T) => string, key: string, from: string | undefined): T | undefined {
    const matching = (candidates ?? []).filter((c) => c.key === key || c.key.endsWith(`/${key}`)).map((c) => c.item);
    if (matching.length <= 1) return matching[0];
    const here = from ? lower(dirOf(from)) : undefined;
    const depth = (t: T) => pathOf(t).split('/').length;
    return [...matching].sort((a, b) => {
      const sameA = here !== undefined && lower(dirOf(pathOf(a))) === here ? 0 : 1;
      const sameB = here !== undefined && lower(dirOf(pathOf(b))) === here ? 0 : 1;
      return sameA - sameB || depth(a) - depth(b) || compareStrings(pathOf(a), pathOf(b));
    })[0];
  }

  /** The target as a root path: relative ones (`./`, `../`) against the linking note's folder. */
  const rooted = (t: string, from: string | undefined) =>
    /^\.\.?\//.test(t) ? normalisePath(dirOf(from ?? '') + t) : PLAIN_PATH.test(t) ? t : normalisePath(t);

  function note(target: string, from?: string): NoteTarget | undefined {
    const t = target.trim().replace(/\\/g, '/');
    if (!t) return undefined;
    const path = lower(rooted(t, from).replace(NOTE_EXT, ''));
    const exact = byPath.get(path);
    if (exact) return exact;
    if (!/^\.\.?\//.test(t)) {
      const bySuffix = pick(byName.get(nameOf(path)), (n) => n.path.replace(NOTE_EXT, ''), path, from);
      if (bySuffix) return bySuffix;
    }
    return byOther.get(lower(t)) ?? byOther.get(slugify(t));
  }

  function file(target: string, from?: string): string | undefined {
    const t = target.trim().replace(/\\/g, '/');
    if (!t) return undefined;
    const relative = fileByPath.get(lower(normalisePath(dirOf(from ?? '') + t)));
    if (relative) return relative;
    const path = lower(rooted(t, from));
    if (/^\.\.?\//.test(t)) return fileByPath.get(path);
    return fileByPath.get(path) ?? pick(fileByName.get(nameOf(path)), (f) => f, path, from);
  }

  function href(raw: string, from: string): HrefTarget {
    const h = raw.trim();
    // scheme:, //host, #fragment, ?query: not a file of the folder
    if (!h || /^[a-z][a-z0-9+.-]*:/i.test(h) || h.startsWith('//') || h.startsWith('#') || h.startsWith('?')) return { kind: 'external' };
    const cut = h.search(/[?#]/);
    const pathPart = cut < 0 ? h : h.slice(0, cut);
    const fragment = cut < 0 ? '' : h.slice(cut).replace(/^\?[^#]*/, '');
    let decoded = pathPart;
    try {
      decoded = decodeURI(pathPart);
    } catch {
      // a stray `%`: read as written
    }
    const fromRoot = decoded.startsWith('/');
    const target = fromRoot ? decoded.replace(/^\/+/, '') : decoded.startsWith('.') ? decoded : `./${decoded}`;
    const hasExt = /\.[^./]+$/.test(nameOf(decoded));
    if (!hasExt || NOTE_EXT.test(decoded)) {
      const n = note(target, from) ?? (fromRoot ? undefined : note(decoded, from));
      if (n) return { kind: 'note', note: n, fragment };
      return NOTE_EXT.test(decoded) ? { kind: 'broken', target: decoded, expected: 'note' } : builtPage(pathPart, from, fragment);
    }
    // a file the site never publishes (an `.html` page among them): not checked
    if (!isPublishableAttachment(decoded)) return builtPage(pathPart, from, fragment);
    const f = file(target, from) ?? (fromRoot ? undefined : file(nameOf(decoded), from));
    if (f) return { kind: 'file', path: f };
    return { kind: 'broken', target: decoded, expected: 'file' };
  }

  /**
   * A local href the folder has no file for, read as a page of the site the folder was written for: the note that
   * page is built from (`/manual/x.html` → `manual/x.html.md`, `get-started/` → `get-started/index.md`), else
   * left alone as a page outside the folder.
   */
  function builtPage(pathPart: string, from: string, fragment: string): HrefTarget {
    for (const source of pageSources(pathPart)) {
      const to = href(source, from);
      if (to.kind === 'note') return { ...to, fragment };
    }
    return { kind: 'external' };
  }

  return { note, file, href };
}
