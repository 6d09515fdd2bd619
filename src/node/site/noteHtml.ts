import { availableParallelism } from 'node:os';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import { noteHtmlDir, noteHtmlKey, readNoteHtml, writeNoteHtml } from './noteHtmlCache.js';
import { createNoteRenderer, NOTE_RENDERER_VERSION } from './renderNoteHtml.js';
import { renderedNote, type RenderJob } from './renderNotes.js';
import { getSiteData, type SiteData } from './siteData.js';

/** The Markdown a note page shows (its body without a title heading) and the cache key of its HTML. */
export function noteRenderJob(site: SiteData, note: Pick<NoteEntry, 'path' | 'title' | 'wikilinks'>): RenderJob {
  const markdown = withoutTitleHeading(site.bodies.get(note.path) ?? '', note.title);
  const links = note.wikilinks.map((l) => site.resolveWikilink(l)?.slug ?? '');
  return { key: noteHtmlKey({ version: NOTE_RENDERER_VERSION, base: site.base, trustHtml: site.trustHtml, links, markdown }), markdown };
}

/** Render workers for a build: KB_RENDER_WORKERS, else one per core; small folders render in the loader. */
export function renderWorkers(jobs: number, env: NodeJS.ProcessEnv = process.env): number {
  const asked = env['KB_RENDER_WORKERS'];
  if (asked !== undefined && /^\d+$/.test(asked)) return Number(asked);
  return jobs < 200 ? 0 : availableParallelism();
}

/**
 * The HTML of a `.md` note for its page: from the cache, after the render pool has written it. A note the
 * cache lost (deleted mid-build) is rendered here, so a page never comes out empty.
 */
export async function noteHtml(note: Pick<NoteEntry, 'path'>, key: string): Promise<string> {
  const dir = noteHtmlDir();
  await renderedNote(key);
  const cached = readNoteHtml(dir, key);
  if (cached !== undefined) return cached;
  const site = getSiteData();
  const entry = site.byPath.get(note.path);
  const markdown = entry ? noteRenderJob(site, entry).markdown : '';
  const html = createNoteRenderer({ trustHtml: site.trustHtml, resolveWikilink: site.resolveWikilink, paths: site.paths })(markdown);
  writeNoteHtml(dir, key, html);
  return html;
}

/** The page shows the title as its own heading; a first `# Title` line that repeats it is dropped. */
export function withoutTitleHeading(body: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body); // leading blank lines, `# heading`, optional closing hashes
  return m && m[1]!.trim() === title.trim() ? body.slice(m[0].length) : body;
}
