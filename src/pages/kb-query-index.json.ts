// The query island's first download: what kb query matches on, without titles, descriptions or bodies.
import type { APIRoute } from 'astro';
import { toQueryIndex } from '../core/site/queryIndex.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(JSON.stringify(toQueryIndex(getSiteData().index)), { headers: { 'Content-Type': 'application/json' } });
