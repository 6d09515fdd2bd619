// Bodies of the notes in `kb search`'s scope, fetched by the query island only for `--tag/--category/keyword` queries.
// Streamed: at 100,000 notes it is larger than one string may be.
import type { APIRoute } from 'astro';
import { getSiteData } from '../node/site/siteData.ts';
import { jsonObjectPieces, streamText } from '../node/site/streamText.ts';

export const GET: APIRoute = () => {
  const { index, bodies } = getSiteData();
  const scoped = index.notes.filter((n) => n.path.startsWith(index.searchScope)).map((n) => [n.path, bodies.get(n.path) ?? ''] as const);
  return new Response(streamText(jsonObjectPieces(scoped)), { headers: { 'Content-Type': 'application/json' } });
};
