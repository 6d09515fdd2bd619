// A `.md` note's rendering for its page: from the cache the integration's render threads filled, else rendered
// here from its render job (in dev, where notes render when first visited, or when a cache file went missing) and
// cached.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import portal from 'virtual:kb-portal/config';
import type { NoteEntry } from '../core/index/kbIndexSchema.ts';
import { PORTAL_FILES } from '../core/site/portalData.ts';
import type { RenderedNote } from '../markdown/createNoteRenderer.ts';
import { readNoteHtml, writeNoteHtml } from '../node/site/noteHtmlCache.ts';
import { rendererFor } from '../node/site/noteRenderer.ts';
import type { RenderJob } from '../node/site/renderNotes.ts';
import { portalSite } from './portalSite.ts';

let renderer: { site: object; render: (job: RenderJob) => RenderedNote } | undefined;

export function noteHtml(note: Pick<NoteEntry, 'path'>): RenderedNote {
  const site = portalSite();
  const entry = site.data.notes[note.path];
  const cached = entry?.htmlKey === undefined ? undefined : readNoteHtml(site.data.htmlDir, entry.htmlKey);
  if (cached !== undefined) return cached;
  if (renderer?.site !== site) {
    const setup = { dir: site.data.htmlDir, base: site.root, trustHtml: site.trustHtml, ...site.data.links };
    renderer = { site, render: rendererFor(setup) };
  }
  const job = entry?.job ? readJob(entry.job) : { key: '', path: note.path, markdown: '', embeds: {}, sizes: {} };
  const rendered = renderer.render(job);
  if (entry?.htmlKey !== undefined) writeNoteHtml(site.data.htmlDir, entry.htmlKey, rendered, `${process.pid}-${threadId}`);
  return rendered;
}

function readJob([offset, length]: readonly [number, number]): RenderJob {
  const buffer = Buffer.alloc(length);
  const fd = openSync(join(portal.dataDir, PORTAL_FILES.bodies), 'r');
  try {
    readSync(fd, buffer, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  return JSON.parse(buffer.toString('utf8')) as RenderJob;
}
