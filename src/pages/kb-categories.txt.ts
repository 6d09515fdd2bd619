import type { APIRoute } from 'astro';
import { renderCategoriesTxt } from '../core/render/renderIndexMd.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(renderCategoriesTxt(getSiteData().index), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
