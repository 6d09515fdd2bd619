// `/notes/<slug>.md`: the note's Markdown beside its page, for agents (llms.txt links here).
import type { APIRoute, GetStaticPaths } from 'astro';
import { renderNoteMarkdown } from '../../core/site/renderNoteMarkdown.ts';
import { getSiteData } from '../../node/site/siteData.ts';

export const getStaticPaths = (() => getSiteData().index.notes.map((n) => ({ params: { slug: n.slug }, props: { path: n.path } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const site = getSiteData();
  const note = site.byPath.get(props['path'] as string)!;
  return new Response(renderNoteMarkdown(note, site.bodies.get(note.path) ?? ''), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
