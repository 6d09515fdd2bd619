// What the render stage does with a page it could not render (renderPages.ts): a note page is tried again with its
// note shown as text (its cached HTML, if any, set aside: the next build renders the note again), and a page that
// fails even so is written as a plain page that says so, with the note's text when it is a note's.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { NoteEntry } from '../../core/index/kbIndexSchema.js';
import type { RenderedPage } from '../../core/site/pageTypes.js';
import { escapeHtml } from '../../core/util/escapeHtml.js';
import { noteRenderJob, type RenderJobContext } from '../../node/site/noteRenderJobs.js';
import { writeTimedOutNoteHtml } from '../../node/site/noteHtmlCache.js';
import { timedOutNote } from '../../node/site/timedOutNote.js';
import { pageOutputFile } from './renderPages.js';

export interface PageFallbacks {
  /** Puts a note page's note as text where its page reads its body; false for a page that is no note's. */
  fallback: (page: RenderedPage) => boolean;
  /** Writes a plain page in place of one that could not be rendered. */
  lastResort: (page: RenderedPage, reason: string) => void;
  /** The note a page shows, if it is a note page. */
  noteOf: (page: RenderedPage) => NoteEntry | undefined;
}

export function pageFallbacks(site: {
  notes: readonly NoteEntry[];
  jobContext: RenderJobContext;
  htmlDir: string;
  outDir: string;
  title: string;
}): PageFallbacks {
  const bySlug = new Map(site.notes.map((n) => [n.slug, n]));
  const noteOf = (page: RenderedPage) => (page.kind === 'notes' && page.params?.['slug'] !== undefined ? bySlug.get(page.params['slug']) : undefined);
  return {
    noteOf,
    fallback(page) {
      const note = noteOf(page);
      if (!note) return false;
      const job = noteRenderJob(site.jobContext, note);
      rmSync(join(site.htmlDir, `${job.key}.json`), { force: true });
      writeTimedOutNoteHtml(site.htmlDir, job.key, timedOutNote(job.markdown));
      return true;
    },
    lastResort(page, reason) {
      const note = noteOf(page);
      const title = note?.title ?? page.path;
      const text = note ? noteRenderJob(site.jobContext, note).markdown : '';
      const html = `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(site.title)}</title></head>\n<body><main><h1>${escapeHtml(title)}</h1><p>This page could not be rendered (${escapeHtml(reason)}).${note ? ' The note is shown as text.' : ''}</p>${note ? `<pre>${escapeHtml(text)}</pre>` : ''}</main></body></html>\n`;
      const file = join(site.outDir, pageOutputFile(page.path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
    },
  };
}
