// The site's one door into the note Markdown pipeline besides note pages (src/markdown/createNoteRenderer.ts):
// canvas cards rendered as Markdown, and the fenced blocks a module claims, found the way the pipeline reads
// them. A new pipeline behind the same kind of API changes these lines only.
import type { RenderedNote } from '../../markdown/createNoteRenderer.js';
import { parseMarkdown } from '../../markdown/parseMarkdown.js';
import type { MdNode } from '../../markdown/markdownTree.js';
import { markdownRenderJob, renderSetup, type RenderJobContext } from './noteRenderJobs.js';

/** The fenced code blocks of a text in the given languages (lower-cased), with their text as the pipeline sees it. */
export function fencedBlocks(markdown: string, langs: ReadonlySet<string>): { lang: string; text: string }[] {
  const out: { lang: string; text: string }[] = [];
  const visit = (n: MdNode) => {
    if (n.type === 'code' && n.lang && langs.has(n.lang.toLowerCase())) out.push({ lang: n.lang.toLowerCase(), text: n.value ?? '' });
    n.children?.forEach(visit);
  };
  visit(parseMarkdown(markdown));
  return out;
}

/**
 * Renders Markdown shown on a page as part of the file at `from` (a canvas card), as a note's text renders. The
 * pipeline is loaded here, when asked (~0.4 s of module loading a build's own thread otherwise pays at its start).
 */
export async function createSnippetRenderer(ctx: RenderJobContext, htmlDir: string): Promise<(from: string, markdown: string) => RenderedNote> {
  const { rendererFor } = await import('./noteRenderer.js');
  const render = rendererFor(renderSetup(ctx, htmlDir));
  return (from, markdown) => render(markdownRenderJob(ctx, from, markdown));
}
