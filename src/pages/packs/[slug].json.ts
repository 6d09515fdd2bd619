// Byte-identical to the `<slug>.json` that `kb pack` writes.
import type { APIRoute, GetStaticPaths } from 'astro';
import { packSources } from '../../node/site/packSources.ts';

export const getStaticPaths = (async () =>
  (await packSources()).packs.map((p) => ({ params: { slug: p.slug }, props: { slug: p.slug } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const { pack } = (await packSources()).packs.find((p) => p.slug === props['slug'])!;
  return new Response(`${JSON.stringify(pack, null, 2)}\n`, { headers: { 'Content-Type': 'application/json' } });
};
