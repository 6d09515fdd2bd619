import { createLinkResolver } from '../../core/links/createLinkResolver.js';
import { createSitePaths } from '../../core/site/sitePaths.js';
import { createNoteRenderer, type RenderedNote } from '../../markdown/createNoteRenderer.js';
import { fenceKey } from './collectFences.js';
import type { RenderJob, RenderSetup } from './renderNotes.js';

/** The renderer for a build's setup: the one factory the loader, the pages and every worker thread call. */
export function rendererFor(setup: RenderSetup): (job: RenderJob) => RenderedNote {
  const render = createNoteRenderer({
    trustHtml: setup.trustHtml,
    resolver: createLinkResolver({ notes: setup.targets, files: setup.files }),
    paths: createSitePaths(setup.base),
  });
  return (job) =>
    render({
      path: job.path,
      markdown: job.markdown,
      lookup: (p) => job.embeds[p],
      size: (p) => job.sizes[p],
      fences: job.fences && ((lang, text, from) => job.fences![fenceKey(from, lang, text)]),
      mdx: job.mdx,
    });
}
