import type { APIRoute } from 'astro';
import { renderTagsTxt } from '../core/render/renderIndexMd.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(renderTagsTxt(getSiteData().index), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
