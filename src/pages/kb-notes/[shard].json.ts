// Titles, descriptions and slugs of SHARD_SIZE notes each, fetched by the island for the hits it shows.
import type { APIRoute, GetStaticPaths } from 'astro';
import { noteCardShards } from '../../core/site/queryIndex.ts';
import { getSiteData } from '../../node/site/siteData.ts';

export const getStaticPaths = (() =>
  noteCardShards(getSiteData().index).map((cards, i) => ({ params: { shard: String(i) }, props: { cards } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(JSON.stringify(props['cards']), { headers: { 'Content-Type': 'application/json' } });
