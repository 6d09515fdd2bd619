// The pack data in parts (head.json, t/<k>.json, n/<k>.json): the query island fetches the head, then the parts a pack asks for.
import type { APIRoute, GetStaticPaths } from 'astro';
import { packDataFiles } from '../../core/context/packParts.ts';
import { packSources } from '../../node/site/packSources.ts';

export const getStaticPaths = (async () =>
  packDataFiles((await packSources()).packData).map((f) => ({ params: { part: f.path }, props: { json: JSON.stringify(f.value) } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(props['json'] as string, { headers: { 'Content-Type': 'application/json' } });
