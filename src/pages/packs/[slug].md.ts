import type { APIRoute, GetStaticPaths } from 'astro';
import { packSources } from '../../node/site/packSources.ts';

export const getStaticPaths = (async () =>
  (await packSources()).packs.map((p) => ({ params: { slug: p.slug }, props: { slug: p.slug } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { pack } = (await packSources()).packs.find((p) => p.slug === props['slug'])!;
  return new Response(pack.contextPackMarkdown, { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
