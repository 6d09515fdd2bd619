// Our own sitemap (no integration, no network): every HTML page of the site.
import type { APIRoute } from 'astro';
import { renderSitemap } from '../core/site/renderSitemap.ts';
import { sitePages } from '../node/site/sitePages.ts';
import { getSiteData } from '../node/site/siteData.ts';

export const GET: APIRoute = () => new Response(renderSitemap(sitePages(), getSiteData().siteUrl), { headers: { 'Content-Type': 'application/xml' } });
