// Streamed: at 100,000 notes the full text is larger than one string may be.
import type { APIRoute } from 'astro';
import { llmsFullTxtChunks } from '../core/site/renderLlmsTxt.ts';
import { getSiteData } from '../node/site/siteData.ts';
import { absoluteUrl } from '../node/site/absoluteUrl.ts';
import { streamText } from '../node/site/streamText.ts';

export const GET: APIRoute = () => {
  const { index, bodies, paths } = getSiteData();
  return new Response(streamText(llmsFullTxtChunks(index, bodies, (slug) => absoluteUrl(paths.noteMd(slug)))), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
