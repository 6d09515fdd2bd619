import type { APIRoute } from 'astro';
import { renderIndexMd } from '../core/render/renderIndexMd.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(renderIndexMd(getSiteData().index), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
