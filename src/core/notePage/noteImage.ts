// Isomorphic: the preview image of a page (`og:image`), as Obsidian Publish picks it: the note's own `image:` or
// `cover:` property, else the first image its body shows, else the site's `site.image`.
import { isImage } from '../links/attachmentKinds.js';
import type { LinkScan } from '../links/createLinkScan.js';
import type { LinkResolver } from '../links/createLinkResolver.js';
import { scanLinks } from '../links/scanLinks.js';

/** An image a page names: a file of the knowledge folder (published with the site) or a web address. */
export type PageImage = { kind: 'file'; path: string } | { kind: 'url'; url: string };

const WEB_URL = /^https:\/\/[^\s<>"]+$/i; // only https: a preview image is fetched by other sites
const WIKILINK = /^!?\[\[([^\]|#]+)(?:[|#][^\]]*)?\]\]$/; // `[[cover.png]]` or `![[cover.png|alt]]`, as a whole value

/** A property value or `site.image` that names an image: an https URL, a folder path, or a wikilink to one. */
export function imageNamed(value: unknown, resolver: Pick<LinkResolver, 'file'>, from?: string): PageImage | undefined {
  const raw = Array.isArray(value) && value.length === 1 && Array.isArray(value[0]) ? `[[${String(value[0][0])}]]` : value;
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  const text = raw.trim();
  if (WEB_URL.test(text)) return { kind: 'url', url: text };
  const target = WIKILINK.exec(text)?.[1]?.trim() ?? text.replace(/^\/+/, '');
  if (!isImage(target)) return undefined;
  const path = resolver.file(target, from);
  return path ? { kind: 'file', path } : undefined;
}

/** The first image a note's body shows: an embedded or Markdown image of the folder, or an https image. */
export function firstBodyImage(body: string, resolver: Pick<LinkResolver, 'file' | 'href'>, from: string, scan: LinkScan = scanLinks): PageImage | undefined {
  if (!body.includes('![')) return undefined;
  for (const link of scan(body)) {
    if (link.kind === 'wikilink') {
      if (!link.link.embed || !isImage(link.link.target)) continue;
      const path = resolver.file(link.link.target, from);
      if (path) return { kind: 'file', path };
    } else if (link.kind === 'image') {
      if (WEB_URL.test(link.href.trim())) return { kind: 'url', url: link.href.trim() };
      const to = resolver.href(link.href, from);
      if (to.kind === 'file' && isImage(to.path)) return { kind: 'file', path: to.path };
    }
  }
  return undefined;
}

/** A note's preview image: its `image:` or `cover:` property, else its body's first image. */
export function noteImage(
  note: { path: string; frontmatter: Readonly<Record<string, unknown>>; body: string },
  resolver: Pick<LinkResolver, 'file' | 'href'>,
  scan: LinkScan = scanLinks,
): PageImage | undefined {
  return (
    imageNamed(note.frontmatter['image'], resolver, note.path) ??
    imageNamed(note.frontmatter['cover'], resolver, note.path) ??
    firstBodyImage(note.body, resolver, note.path, scan)
  );
}
