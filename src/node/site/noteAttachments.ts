import { closeSync, lstatSync, openSync, readFileSync, readSync, realpathSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { imageSize } from 'image-size';
import { attachmentOutputPath, isActiveSvg, isImage, isPublishableAttachment, isSvg } from '../../core/links/attachmentKinds.js';
import type { LinkScan } from '../../core/links/createLinkScan.js';
import type { LinkResolver } from '../../core/links/createLinkResolver.js';
import { scanLinks } from '../../core/links/scanLinks.js';
import type { ImageSize } from '../../markdown/renderContext.js';

/** One attachment to publish: where it is read from and where it goes under the output folder. */
export interface AttachmentCopy {
  /** Path in the knowledge folder. */
  path: string;
  /** Absolute path of the file to copy (its real path, inside the folder). */
  source: string;
  /** Path under the output folder (`attachments/<path>`). */
  output: string;
  /** Pixel size, for images whose header could be read. */
  size?: ImageSize | undefined;
}

/**
 * The attachments published notes show or link, resolved as the renderer resolves them: only files the
 * resolver knows (publishable formats inside the folder, none behind a symlink that leaves it), checked
 * again here by their real path; an SVG that could run script on its own is left out. Sorted by path.
 */
export function planAttachments(input: {
  kbDir: string;
  bodies: ReadonlyMap<string, string>;
  notes: readonly { path: string }[];
  resolver: LinkResolver;
  /** More files to publish, already resolved (preview images named by a property or `site.image`). */
  extra?: readonly string[] | undefined;
  /** How a body's links are found (default scanLinks; the build passes its memo, createLinkScan). */
  scan?: LinkScan | undefined;
}): AttachmentCopy[] {
  const scan = input.scan ?? scanLinks;
  const root = realpathSync(resolve(input.kbDir));
  const wanted = new Set<string>(input.extra ?? []);
  for (const note of input.notes) {
    const body = input.bodies.get(note.path) ?? '';
    if (!body.includes('[')) continue;
    for (const l of scan(body)) {
      if (l.kind === 'wikilink') {
        if (l.link.target && isPublishableAttachment(l.link.target)) {
          const f = input.resolver.file(l.link.target, note.path);
          if (f) wanted.add(f);
        }
      } else {
        const to = input.resolver.href(l.href, note.path);
        if (to.kind === 'file') wanted.add(to.path);
      }
    }
  }
  const out: AttachmentCopy[] = [];
  for (const path of [...wanted].sort()) {
    if (!isPublishableAttachment(path) || path.split('/').includes('..')) continue;
    let source: string;
    try {
      source = realpathSync(join(root, path));
      if (!source.startsWith(root + sep) || !lstatSync(source).isFile()) continue;
    } catch {
      continue;
    }
    if (isSvg(path) && isActiveSvg(readFileSync(source, 'utf8'))) continue;
    out.push({ path, source, output: attachmentOutputPath(path), ...(isImage(path) ? { size: readImageSize(source) } : {}) });
  }
  return out;
}

/** An image's size from its first 256 kB (enough for the formats' headers), or undefined. */
export function readImageSize(file: string): ImageSize | undefined {
  const buf = Buffer.alloc(256 * 1024);
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const n = readSync(fd, buf, 0, buf.length, 0);
    const s = imageSize(buf.subarray(0, n));
    return s.width && s.height ? { width: s.width, height: s.height } : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
