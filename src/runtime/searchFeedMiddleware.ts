// The build's middleware: hands each rendered note page to the search feed (src/integration/pagefindFeed.ts), so
// Pagefind indexes a shard while Astro renders the next. Unchanged bytes go on to Astro, which writes them. With no
// feed (`astro dev`, a page the feed does not index) it does nothing.
import type { MiddlewareHandler } from 'astro';
import { searchFeed } from './searchFeed.ts';

export const onRequest: MiddlewareHandler = async (context, next) => {
  const feed = searchFeed();
  if (!feed?.wants(context.url.pathname)) return next();
  const response = await next();
  if (response.status !== 200 || !response.body) return response;
  const html = new Uint8Array(await response.arrayBuffer());
  await feed.take(context.url.pathname, html); // waits while Pagefind is a shard behind
  return new Response(html, { status: response.status, statusText: response.statusText, headers: response.headers });
};
