import { closeSync, lstatSync, openSync, readFileSync, readSync, realpathSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { imageSize } from 'image-size';
import {
  attachmentOutputPath,
  isActiveSvg,
  isArchiveAttachment,
  isImage,
  isPdfAttachment,
  isPublishableAttachment,
  isSvg,
  isTextAttachment,
} from '../../core/links/attachmentKinds.js';
import type { KbIssue } from '../../core/util/issue.js';
import type { LinkScan } from '../../core/links/createLinkScan.js';
import type { LinkResolver } from '../../core/links/createLinkResolver.js';
import { scanLinks } from '../../core/links/scanLinks.js';
import type { ImageSize } from '../../markdown/renderContext.js';
import { decodeSource, MAX_FILE_BYTES } from '../readSourceFile.js';
import { archiveTexts } from '../security/archiveTexts.js';
import { judgePdf } from '../security/pdfSecrets.js';
import { redactFileText } from '../security/redactFileText.js';
import { judgeSecret, type SecretPolicy } from '../security/redactSecrets.js';
import { scanSecrets } from '../security/scanSecrets.js';

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
  /** What is published instead of the file's bytes: its text with credentials redacted (a text attachment). */
  text?: string | undefined;
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
  /**
   * The folder's secret policy: a text attachment is then read and published with its credentials redacted,
   * each with a warning in `issues`, as a note's are.
   */
  secrets?: { policy: SecretPolicy; issues: KbIssue[] } | undefined;
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
    const published = input.secrets && isTextAttachment(path) ? publishedText(path, source, input.secrets) : {};
    if (published === undefined) continue;
    if (input.secrets && isArchiveAttachment(path) && !archiveClear(path, source, input.secrets)) continue;
    if (input.secrets && isPdfAttachment(path) && !pdfClear(path, source, input.secrets)) continue;
    out.push({ path, source, output: attachmentOutputPath(path), ...(isImage(path) ? { size: readImageSize(source) } : {}), ...published });
  }
  return out;
}

/**
 * A text attachment as it is published: `{}` when it holds no credential to redact (copied as it is), its redacted
 * text when it does, undefined when it is too large to be read for them (left out, with a warning).
 */
function publishedText(path: string, source: string, secrets: { policy: SecretPolicy; issues: KbIssue[] }): { text?: string } | undefined {
  const size = statSync(source).size;
  if (size > MAX_FILE_BYTES) {
    secrets.issues.push({
      severity: 'warning',
      code: 'too-large',
      file: path,
      message: `is ${(size / 1048576).toFixed(1)} MB, over the ${MAX_FILE_BYTES / 1048576} MB up to which a text attachment is read for credentials; not published. Split it or move it out.`,
    });
    return undefined;
  }
  const { text, redacted, issues } = redactFileText(decodeSource(readFileSync(source)).text, path, source, secrets.policy);
  secrets.issues.push(...issues);
  return redacted ? { text } : {};
}

/**
 * Whether a zip-based attachment may be published: unpacked, none of its text parts holds a credential the policy
 * redacts (`--allow-secrets` publishes it with a warning a finding), and it could be unpacked whole. A zip cannot be
 * redacted, so one that holds a credential, or cannot be read through, is left out with a warning saying why.
 */
function archiveClear(path: string, source: string, secrets: { policy: SecretPolicy; issues: KbIssue[] }): boolean {
  const size = statSync(source).size;
  const leaveOut = (message: string) => {
    secrets.issues.push({ severity: 'warning', code: 'secret', file: path, message: `${message} A link to it leads nowhere until it is fixed.` });
    return false;
  };
  if (size > MAX_FILE_BYTES)
    return leaveOut(
      `is ${(size / 1048576).toFixed(1)} MB, over the ${MAX_FILE_BYTES / 1048576} MB up to which an archive is read for credentials; not published.`,
    );
  const { texts, unread } = archiveTexts(readFileSync(source));
  if (unread.length && !secrets.policy.allowAll)
    return leaveOut(
      `could not be unpacked whole to check it for credentials (${unread.slice(0, 3).join(', ')}${unread.length > 3 ? ', …' : ''}); not published.`,
    );
  const seen = new Set<string>();
  let clear = true;
  for (const { name, text } of texts)
    for (const f of scanSecrets(text, `${source}/${name}`)) {
      const action = judgeSecret(text, f, secrets.policy).action;
      if ((action !== 'redact' && action !== 'allowed') || seen.has(`${name}\0${f.kind}`)) continue;
      seen.add(`${name}\0${f.kind}`);
      if (action === 'redact') {
        clear = false;
        leaveOut(
          `holds what looks like a credential (${f.kind}) in ${name}; an archive cannot be redacted, so it is not published. Take it out of the file (and rotate it if it is real: it is in the history).`,
        );
      } else
        secrets.issues.push({
          severity: 'warning',
          code: 'secret-allowed',
          file: path,
          message: `holds what looks like a credential (${f.kind}) in ${name}; published as written because secrets are allowed.`,
        });
    }
  return clear;
}

/** Whether a PDF may be published (pdfSecrets.ts: its pages' text read for credentials), its warnings added to the issues. */
function pdfClear(path: string, source: string, secrets: { policy: SecretPolicy; issues: KbIssue[] }): boolean {
  const size = statSync(source).size;
  const verdict = judgePdf(path, source, size > MAX_FILE_BYTES ? { size } : { bytes: readFileSync(source) }, secrets.policy);
  secrets.issues.push(...verdict.issues);
  return verdict.publish;
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
