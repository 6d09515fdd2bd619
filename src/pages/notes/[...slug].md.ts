// `/notes/<slug>.md`: the note's Markdown beside its page, for agents (llms.txt links here).
import type { APIRoute, GetStaticPaths } from 'astro';
import { renderNoteMarkdown } from '../../core/site/renderNoteMarkdown.ts';
import type { NoteEntry } from '../../core/index/kbIndexSchema.ts';
import { changedRoutes, endpointFile } from '../../node/site/incrementalRoutes.ts';
import { getSiteData } from '../../node/site/siteData.ts';

export const getStaticPaths = (() => {
  const { index, bodies } = getSiteData();
  const routes = index.notes.map((note) => ({ params: { slug: note.slug }, props: { note, body: bodies.get(note.path) ?? '' } }));
  return changedRoutes('notes-md', routes, (r) => endpointFile(`notes/${r.params.slug}.md`));
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const { note, body } = props as { note: NoteEntry; body: string };
  return new Response(renderNoteMarkdown(note, body), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
