import type { KbIssue } from '../util/issue.js';
import { isPublishableAttachment } from './attachmentKinds.js';
import { createNameIndex, type NameIndex } from './closestName.js';
import type { LinkScan } from './createLinkScan.js';
import { createLinkResolver, type LinkResolver, type NoteTarget } from './createLinkResolver.js';
import { scanLinks } from './scanLinks.js';

/** A link that leads nowhere on the published site. */
export interface BrokenLink {
  /** The linking note, relative to the folder. */
  file: string;
  /** Line in the file (frontmatter counted). */
  line: number;
  kind: 'wikilink' | 'embed' | 'link' | 'attachment';
  /** The target as written. */
  target: string;
  /** `unpublished`: it names a private, draft or secret-holding note, which the site never shows. */
  reason: 'missing' | 'unpublished';
  /** The closest existing note (or attachment) path, when one is close. */
  suggestion?: string | undefined;
}

export interface BrokenLinkInput {
  notes: readonly (NoteTarget & { bodyLine: number })[];
  bodies: ReadonlyMap<string, string>;
  /** Publishable attachments in the folder. */
  files: readonly string[];
  resolver: LinkResolver;
  /** Notes left out of the index on purpose (private, draft, secrets), to say so instead of "missing". */
  unpublished?: readonly string[] | undefined;
  /** Look up the closest existing note or file for each (default true; the build, which only counts, skips it). */
  suggest?: boolean | undefined;
  /** How a body's links are found (default scanLinks; a build passes its memo, createLinkScan). */
  scan?: LinkScan | undefined;
}

/** Every unresolved wikilink, embed, relative link and missing attachment, in path and line order. */
export function findBrokenLinks(input: BrokenLinkInput): BrokenLink[] {
  return checkLinks(input).broken;
}

/** What checking a folder's links finds. */
export interface LinkCheck {
  /** Links into the folder that were checked (same-note anchors and outside URLs are not). */
  checked: number;
  broken: BrokenLink[];
  /** Each note that links to another note (wikilink, embed or Markdown link) → the paths of the notes it links to. */
  linksOut: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The broken links, how many links into the folder were checked, and which notes link to which. */
export function checkLinks(input: BrokenLinkInput): LinkCheck {
  let checked = 0;
  const linksOut = new Map<string, Set<string>>();
  const linked = (from: string, to: string) => {
    if (to === from) return;
    const set = linksOut.get(from);
    if (set) set.add(to);
    else linksOut.set(from, new Set([to]));
  };
  const suggestions = new Suggestions(input); // by kind and target: a broken target is often written many times
  const hidden = createLinkResolver({ notes: (input.unpublished ?? []).map((path) => ({ path, slug: '\0', title: '\0' })) });
  const out: BrokenLink[] = [];
  const scan = input.scan ?? scanLinks;
  for (const note of input.notes) {
    const body = input.bodies.get(note.path) ?? '';
    if (!body.includes('[')) continue;
    for (const l of scan(body)) {
      const line = note.bodyLine + l.line - 1;
      if (l.kind === 'wikilink') {
        const { target, embed } = l.link;
        if (!target) continue;
        checked++;
        if (isPublishableAttachment(target)) {
          if (!input.resolver.file(target, note.path)) out.push(broken(note.path, line, 'attachment', target, 'missing', input, suggestions));
          continue;
        }
        const to = input.resolver.note(target, note.path);
        if (to) linked(note.path, to.path);
        else {
          out.push(
            broken(note.path, line, embed ? 'embed' : 'wikilink', target, hidden.note(target, note.path) ? 'unpublished' : 'missing', input, suggestions),
          );
        }
        continue;
      }
      const to = input.resolver.href(l.href, note.path);
      if (to.kind !== 'external') checked++;
      if (to.kind === 'note') linked(note.path, to.note.path);
      if (to.kind !== 'broken') continue;
      const kind = to.expected === 'file' ? 'attachment' : 'link';
      out.push(
        broken(
          note.path,
          line,
          kind,
          to.target,
          kind === 'link' && hidden.href(l.href, note.path).kind === 'note' ? 'unpublished' : 'missing',
          input,
          suggestions,
        ),
      );
    }
  }
  return { checked, broken: out, linksOut };
}

/**
 * The closest note or attachment to each broken target, looked up once a name, over names indexed once a check
 * (closestName.ts), so thousands of broken links against thousands of names and aliases cost what they read.
 */
class Suggestions {
  private readonly cache = new Map<string, string | undefined>();
  private files: NameIndex<string> | undefined;
  private notes: NameIndex<BrokenLinkInput['notes'][number]> | undefined;
  constructor(private readonly input: BrokenLinkInput) {}

  for(kind: BrokenLink['kind'], name: string): string | undefined {
    const key = `${kind === 'attachment' ? 'f' : 'n'}\0${name}`;
    if (this.cache.has(key)) return this.cache.get(key);
    let found: string | undefined;
    if (kind === 'attachment') {
      this.files ??= createNameIndex(this.input.files, (f) => [f.slice(f.lastIndexOf('/') + 1)]);
      found = this.files.closest(name);
    } else {
      this.notes ??= createNameIndex(this.input.notes, (n) => [
        n.path.slice(n.path.lastIndexOf('/') + 1).replace(/\.mdx?$/i, ''),
        n.title,
        ...(n.aliases ?? []),
      ]);
      found = this.notes.closest(name.replace(/\.mdx?$/i, ''))?.path;
    }
    this.cache.set(key, found);
    return found;
  }
}

function broken(
  file: string,
  line: number,
  kind: BrokenLink['kind'],
  target: string,
  reason: BrokenLink['reason'],
  input: BrokenLinkInput,
  suggestions: Suggestions,
): BrokenLink {
  const name = target.slice(target.lastIndexOf('/') + 1);
  const suggestion = reason === 'missing' && input.suggest !== false ? suggestions.for(kind, name) : undefined;
  return { file, line, kind, target, reason, ...(suggestion ? { suggestion } : {}) };
}

const WHAT: Record<BrokenLink['kind'], string> = { wikilink: 'wikilink', embed: 'embed', link: 'link', attachment: 'attachment' };

/** One line a person reads: where, what, and what to do. */
export function brokenLinkIssue(b: BrokenLink): KbIssue {
  const why =
    b.reason === 'unpublished'
      ? 'names a note that is not published (private, draft or holding a secret)'
      : b.kind === 'attachment'
        ? 'no such file in the folder'
        : 'no such note';
  const hint = b.suggestion ? `; did you mean ${b.suggestion}?` : '';
  return { severity: 'warning', code: 'broken-link', file: b.file, line: b.line, message: `broken ${WHAT[b.kind]} “${b.target}”: ${why}${hint}` };
}
