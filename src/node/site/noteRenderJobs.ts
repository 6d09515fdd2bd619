import { availableParallelism } from 'node:os';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { isPublishableAttachment } from '../../core/links/attachmentKinds.js';
import type { LinkScan } from '../../core/links/createLinkScan.js';
import { linksAfter } from '../../core/links/linksAfter.js';
import type { MdxNoteData } from '../../markdown/parseMdx.js';
import { MAX_EMBED_DEPTH, type ImageSize } from '../../markdown/renderContext.js';
import { collectFences, type FenceRenderer } from './collectFences.js';
import { noteHtmlKey } from './noteHtmlCache.js';
import type { RenderJob, RenderSetup } from './renderNotes.js';
import type { SiteLinks } from './siteLinks.js';

/** What a note's render job is made from: the indexed folder's links, bodies and attachments, and the build's options. */
export interface RenderJobContext {
  links: SiteLinks;
  bodies: ReadonlyMap<string, string>;
  byPath: ReadonlyMap<string, Pick<NoteEntry, 'title'>>;
  attachmentSizes: ReadonlyMap<string, ImageSize>;
  /** The portal's root URL path (base + prefix). */
  root: string;
  trustHtml: boolean;
  /** A hash of the renderer's code (rendererCodeHash): part of every key. */
  rendererHash: string;
  /** Renders the fenced blocks modules claim (a ```base block, a canvas's or base's embed). Default: none, they stay code. */
  fences?: FenceRenderer | undefined;
  /** How a body's links are found (default scanLinks; the build passes its memo, createLinkScan). */
  scan?: LinkScan | undefined;
}

/**
 * One note's render job: the Markdown its page shows (without a title heading), the Markdown of every note
 * it embeds (to MAX_EMBED_DEPTH, each once), its images' sizes, and the cache key over all of it plus where
 * each link leads: an edit of an embedded note, a renamed target or a resized image renders it again.
 */
export function noteRenderJob(ctx: RenderJobContext, note: Pick<NoteEntry, 'path' | 'title'>, mdx?: MdxNoteData): RenderJob {
  const body = ctx.bodies.get(note.path) ?? '';
  if (mdx) return renderJob(ctx, note.path, body, body, mdx);
  return renderJob(ctx, note.path, withoutTitleHeading(body, note.title), body);
}

/** What an `.mdx` note read as data is read with, as a render job carries it to other threads and files: JSON (a date as its ISO text). */
export function mdxNoteData(note: Pick<NoteEntry, 'title'>, frontmatter: unknown): MdxNoteData {
  return { frontmatter: frontmatter === undefined ? {} : (JSON.parse(JSON.stringify(frontmatter)) as unknown), title: note.title };
}

/** The render job of any Markdown shown on the site as a note is (a pack's page: `packs/<slug>.md`). */
export function markdownRenderJob(ctx: RenderJobContext, path: string, markdown: string): RenderJob {
  return renderJob(ctx, path, markdown, markdown);
}

/** The job of `markdown`, which is `body` or the end of it (the body without its title heading). */
function renderJob(ctx: RenderJobContext, path: string, markdown: string, body: string, mdx?: MdxNoteData): RenderJob {
  const { resolver } = ctx.links;
  const embeds: Record<string, string> = {};
  const sizes: Record<string, ImageSize> = {};
  const links: string[] = [];
  const file = (path: string | undefined) => {
    if (path === undefined) return '';
    const size = ctx.attachmentSizes.get(path);
    if (size) sizes[path] = size;
    return `f:${path}`;
  };
  // The links of what is shown, from the whole body's: a build has those already (linksAfter).
  const visit = (from: string, text: string, whole: string, depth: number) => {
    for (const l of linksAfter(whole, whole.length - text.length, ctx.scan)) {
      if (l.kind !== 'wikilink') {
        const to = resolver.href(l.href, from);
        links.push(to.kind === 'note' ? `n:${to.note.slug}` : to.kind === 'file' ? file(to.path) : to.kind);
        continue;
      }
      const { target, embed } = l.link;
      if (!target) continue;
      if (isPublishableAttachment(target)) {
        links.push(file(resolver.file(target, from)));
        continue;
      }
      const to = resolver.note(target, from);
      links.push(to ? `n:${to.slug}\0${to.title}` : '');
      if (!embed || !to || to.path === path || to.path in embeds || depth >= MAX_EMBED_DEPTH) continue;
      const entry = ctx.byPath.get(to.path);
      const embedded = ctx.bodies.get(to.path) ?? '';
      embeds[to.path] = withoutTitleHeading(embedded, entry?.title ?? to.title);
      visit(to.path, embeds[to.path]!, embedded, depth + 1);
    }
  };
  visit(path, markdown, body, 0);
  const fences = collectFences(ctx.fences, [[path, markdown], ...Object.entries(embeds)]);
  const key = noteHtmlKey({ version: ctx.rendererHash, base: ctx.root, trustHtml: ctx.trustHtml, links, markdown, embeds, sizes, fences, mdx });
  return { key, path, markdown, embeds, sizes, ...(fences ? { fences } : {}), ...(mdx ? { mdx } : {}) };
}

/** What every render of this site needs besides its job (for this thread or the workers). */
export function renderSetup(ctx: Pick<RenderJobContext, 'links' | 'root' | 'trustHtml'>, dir: string): RenderSetup {
  return { dir, base: ctx.root, trustHtml: ctx.trustHtml, targets: ctx.links.targets, files: ctx.links.files };
}

/**
 * Render threads for a build: the option when set, else one per core; small folders get one, which the render
 * deadline can stop (the build's own thread could not), or render in the build's thread when there is no deadline.
 */
export function renderWorkers(jobs: number, asked?: number, deadlineMs = 0): number {
  if (asked !== undefined) return asked;
  if (jobs < 200) return deadlineMs > 0 && jobs > 0 ? 1 : 0;
  return availableParallelism();
}

/**
 * The page shows the title as its own heading; a first `# Title` line that repeats it is dropped, with the blank lines
 * after it. Read by hand in one pass: the regular expression it replaces (`^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)`) took
 * minutes on a heading line of 200,000 spaces.
 */
export function withoutTitleHeading(body: string, title: string): string {
  const space = (i: number) => /\s/.test(body[i] ?? '');
  let i = 0;
  while (i < body.length && space(i)) i++; // leading blank lines
  if (body[i] !== '#') return body;
  let start = i + 1;
  if (!space(start)) return body;
  while (start < body.length && space(start)) start++;
  const newline = body.indexOf('\n', start);
  const lineEnd = newline < 0 ? body.length : newline;
  // The heading's text: the line without its trailing spaces, closing hashes and the spaces before them.
  let end = lineEnd;
  while (end > start && space(end - 1)) end--;
  while (end > start && body[end - 1] === '#') end--;
  while (end > start && space(end - 1)) end--;
  if (end === start || body.slice(start, end).trim() !== title.trim()) return body;
  let next = lineEnd;
  while (next < body.length && space(next)) next++;
  return next === body.length ? '' : body.slice(body.lastIndexOf('\n', next - 1) + 1);
}
