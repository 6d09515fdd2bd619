// The machine outputs at the site root, byte-identical to `kb index --out`.
import type { APIRoute } from 'astro';
import { serialiseIndex } from '../node/writeIndexOutputs.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(serialiseIndex(getSiteData().index), { headers: { 'Content-Type': 'application/json' } });
