// The discovery digests of the registered repos, so the island's packs list the same files as `kb context`.
import type { APIRoute } from 'astro';
import { packSources } from '../node/site/packSources.ts';

export const GET: APIRoute = async () => new Response(JSON.stringify((await packSources()).digests), { headers: { 'Content-Type': 'application/json' } });
