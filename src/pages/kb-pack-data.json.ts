// Fetched by the query island only when a pack is built.
import type { APIRoute } from 'astro';
import { packSources } from '../node/site/packSources.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify((await packSources()).packData), { headers: { 'Content-Type': 'application/json' } });
