/**
 * Which files a note may show or link as attachments, and where they are published. An allow-list of
 * passive formats: a page or script (`.html`, `.js`, `.svg` with script) served from the site's own origin
 * would run there, so other files are never published, whatever a note links.
 */
const IMAGES = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'bmp', 'ico', 'svg']);
const TEXTS = new Set(['txt', 'csv', 'svg']);
const ARCHIVES = new Set(['zip', 'docx', 'xlsx', 'pptx']);
const OTHERS = new Set(['pdf', 'mp3', 'wav', 'ogg', 'm4a', 'flac', 'mp4', 'webm', 'mov', 'txt', 'csv', 'zip', 'docx', 'xlsx', 'pptx']);

function extension(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImage(path: string): boolean {
  return IMAGES.has(extension(path));
}

/**
 * A text attachment (plain text, CSV, SVG): the build reads it before publishing it, and publishes it with its
 * credentials redacted, as a note's (noteAttachments.ts).
 */
export function isTextAttachment(path: string): boolean {
  return TEXTS.has(extension(path));
}

/** A zip-based attachment (`.zip`, Office's `.docx`, `.xlsx`, `.pptx`): read unpacked for credentials before it is published. */
export function isArchiveAttachment(path: string): boolean {
  return ARCHIVES.has(extension(path));
}

/** A PDF: its pages' text is read for credentials before it is published (src/node/security/pdfSecrets.ts). */
export function isPdfAttachment(path: string): boolean {
  return extension(path) === 'pdf';
}

export function isSvg(path: string): boolean {
  return extension(path) === 'svg';
}

/** A file of a format the site publishes. */
export function isPublishableAttachment(path: string): boolean {
  const ext = extension(path);
  return IMAGES.has(ext) || OTHERS.has(ext);
}

/** The output path of an attachment (relative to the site root): `attachments/` + its path in the folder. */
export function attachmentOutputPath(path: string): string {
  return `attachments/${path}`;
}

/**
 * An SVG served from the site's origin runs its scripts when opened on its own, so one that could
 * (script, event handlers, `javascript:`, foreign HTML) is not published.
 */
export function isActiveSvg(text: string): boolean {
  return /<script|\son[a-z]+\s*=|javascript:|<foreignObject|<iframe|<embed|<object/i.test(text);
}
