import { availableParallelism } from 'node:os';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { isPublishableAttachment } from '../../core/links/attachmentKinds.js';
import { scanLinks } from '../../core/links/scanLinks.js';
import { NOTE_RENDERER_VERSION, type RenderedNote } from '../../markdown/createNoteRenderer.js';
import { MAX_EMBED_DEPTH, type ImageSize } from '../../markdown/renderContext.js';
import { noteHtmlDir, noteHtmlKey, readNoteHtml, writeNoteHtml } from './noteHtmlCache.js';
import { rendererFor } from './noteRenderer.js';
import { renderedNote, type RenderJob, type RenderSetup } from './renderNotes.js';
import { getSiteData, type SiteData } from './siteData.js';

/**
 * One note's render job: the Markdown its page shows (without a title heading), the Markdown of every note
 * it embeds (to MAX_EMBED_DEPTH, each once), its images' sizes, and the cache key over all of it plus where
 * each link leads: an edit of an embedded note, a renamed target or a resized image renders it again.
 */
export function noteRenderJob(site: SiteData, note: Pick<NoteEntry, 'path' | 'title'>): RenderJob {
  const { resolver } = site.links;
  const markdown = withoutTitleHeading(site.bodies.get(note.path) ?? '', note.title);
  const embeds: Record<string, string> = {};
  const sizes: Record<string, ImageSize> = {};
  const links: string[] = [];
  const file = (path: string | undefined) => {
    if (path === undefined) return '';
    const size = site.attachmentSizes.get(path);
    if (size) sizes[path] = size;
    return `f:${path}`;
  };
  const visit = (from: string, text: string, depth: number) => {
    for (const l of scanLinks(text)) {
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
      if (!embed || !to || to.path === note.path || to.path in embeds || depth >= MAX_EMBED_DEPTH) continue;
      const entry = site.byPath.get(to.path);
      embeds[to.path] = withoutTitleHeading(site.bodies.get(to.path) ?? '', entry?.title ?? to.title);
      visit(to.path, embeds[to.path]!, depth + 1);
    }
  };
  visit(note.path, markdown, 0);
  const key = noteHtmlKey({ version: NOTE_RENDERER_VERSION, base: site.base, trustHtml: site.trustHtml, links, markdown, embeds, sizes });
  return { key, path: note.path, markdown, embeds, sizes };
}

/** What every render of this site needs besides its job (for this thread or the workers). */
export function renderSetup(site: SiteData, dir: string = noteHtmlDir()): RenderSetup {
  return { dir, base: site.base, trustHtml: site.trustHtml, targets: site.links.targets, files: site.links.files };
}

/** Render workers for a build: KB_RENDER_WORKERS, else one per core; small folders render in the loader. */
export function renderWorkers(jobs: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = env['KB_RENDER_WORKERS'];
  if (asked !== undefined && /^\d+$/.test(asked)) return Number(asked);
  return jobs < 200 ? 0 : availableParallelism();
}

/**
 * A `.md` note's rendering for its page: from the cache, after the render pool has written it. A note the
 * cache lost (deleted mid-build) is rendered here, so a page never comes out empty.
 */
export async function noteHtml(note: Pick<NoteEntry, 'path'>, key: string): Promise<RenderedNote> {
  const dir = noteHtmlDir();
  await renderedNote(key);
  const cached = readNoteHtml(dir, key);
  if (cached !== undefined) return cached;
  const site = getSiteData();
  const entry = site.byPath.get(note.path);
  const job = entry ? noteRenderJob(site, entry) : { key, path: note.path, markdown: '', embeds: {}, sizes: {} };
  const rendered = rendererFor(renderSetup(site, dir))(job);
  writeNoteHtml(dir, key, rendered);
  return rendered;
}

/** The page shows the title as its own heading; a first `# Title` line that repeats it is dropped. */
export function withoutTitleHeading(body: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body); // leading blank lines, `# heading`, optional closing hashes
  return m && m[1]!.trim() === title.trim() ? body.slice(m[0].length) : body;
}
