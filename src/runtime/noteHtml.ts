// A `.md` note's HTML for its page: from the cache the integration's render threads filled, else rendered here
// (in dev, where notes render when first visited, or when a cache file went missing) and cached.
import type { NoteEntry } from '../core/index/kbIndexSchema.ts';
import { readNoteHtml, writeNoteHtml } from '../node/site/noteHtmlCache.ts';
import { createNoteRenderer } from '../node/site/renderNoteHtml.ts';
import { noteMarkdown, portalSite } from './portalSite.ts';

let renderer: { site: object; render: (markdown: string) => string } | undefined;

export function noteHtml(note: Pick<NoteEntry, 'path'>): string {
  const site = portalSite();
  const key = site.data.notes[note.path]?.htmlKey;
  const cached = key === undefined ? undefined : readNoteHtml(site.data.htmlDir, key);
  if (cached !== undefined) return cached;
  if (renderer?.site !== site)
    renderer = { site, render: createNoteRenderer({ trustHtml: site.trustHtml, resolveWikilink: site.resolveWikilink, paths: site.paths }) };
  const html = renderer.render(noteMarkdown(note));
  if (key !== undefined) writeNoteHtml(site.data.htmlDir, key, html);
  return html;
}
