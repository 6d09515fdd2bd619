import type { APIRoute } from 'astro';
import { renderLlmsTxt } from '../core/site/renderLlmsTxt.ts';
import { getSiteData } from '../node/site/siteData.ts';
import { absoluteUrl } from '../node/site/absoluteUrl.ts';

export const GET: APIRoute = () => {
  const { index, paths } = getSiteData();
  return new Response(renderLlmsTxt({ index, mdUrl: (slug) => absoluteUrl(paths.noteMd(slug)) }), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
