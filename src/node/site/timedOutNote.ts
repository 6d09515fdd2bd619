import { escapeHtml } from '../../core/util/escapeHtml.js';
import type { RenderedNote } from '../../markdown/createNoteRenderer.js';

/**
 * What a note that hit the render deadline is published as: a notice, then its Markdown as escaped text. Nothing
 * of it is parsed, so it has no headings, math, diagrams, attachments, embeds or broken links to report.
 */
export function timedOutNote(markdown: string): RenderedNote {
  return {
    html: `<p class="kb-render-timeout-notice">This note took too long to render and is shown as text.</p>\n<pre class="kb-render-timeout">${escapeHtml(markdown)}</pre>\n`,
    hasMath: false,
    hasMermaid: false,
    headings: [],
    attachments: [],
    embeds: [],
    brokenLinks: [],
  };
}
