// Isomorphic: the schemas of the portal's published JSON files that have none of their own elsewhere in the core
// (the index's is kbIndexSchema.ts, the pack data's packPartsSchema.ts). siteContract.ts names each file with its
// schema; the island and `kb mcp --site` validate what they fetch with them, so a stale or foreign file fails with
// its name instead of as a wrong answer.
import { z } from 'zod';
import type { RepoDigest } from '../discover/repoDigest.js';
import { GLOBAL_GRAPH_VERSION, type GlobalGraphFile } from '../graph/globalGraph.js';
import { kbIndexSchema } from '../index/kbIndexSchema.js';
import type { BodySpans } from './bodySpans.js';
import { PAGEFIND_SHARD_DIR } from '../searchPages/pagefindShardList.js';
import { QUERY_INDEX_VERSION, type NoteCard, type QueryIndexFile } from '../views/queryIndex.js';

const count = z.number().int().nonnegative();

/** `kb-body-spans.json`: only the full-text files, since a published site never names a path outside its own llms-full files. */
export const bodySpansSchema: z.ZodType<BodySpans> = z.object({
  files: z.array(z.string().regex(/^llms-full(\.txt|\/[\w-]+\.txt)$/, 'is not a llms-full file')),
  notes: z.record(z.string(), z.tuple([count, count, count, z.string()])),
});

/** `pagefind/kb-shards.json`: the other Pagefind bundles, by folder (the islands check the same rule in pagefindShardList.ts). */
export const pagefindShardListSchema: z.ZodType<string[]> = z.array(z.string().regex(PAGEFIND_SHARD_DIR, 'is not a Pagefind shard folder'));

/** `kb-digests.json`: what a pack reads by name (alias, path); the rest is discovery's own and passed through as written. */
export const repoDigestsSchema: z.ZodType<RepoDigest[], z.ZodTypeDef, unknown> = z
  .array(z.object({ alias: z.string(), path: z.string() }).passthrough())
  .transform((d) => d as unknown as RepoDigest[]);

// A query index row: [where, tier, tag numbers, hints?, project?, scope?], trailing fields left off.
const where = z.union([count, z.string()]);
const tier = count;
const tags = z.array(count);
const queryRowSchema = z.union([
  z.tuple([where, tier, tags]),
  z.tuple([where, tier, tags, z.array(z.string())]),
  z.tuple([where, tier, tags, z.array(z.string()), z.string()]),
  z.tuple([where, tier, tags, z.array(z.string()), z.string(), z.string()]),
]);

/** `kb-query-index.json` (queryIndex.ts `toQueryIndex`). */
export const queryIndexFileSchema: z.ZodType<QueryIndexFile> = z.object({
  version: z.literal(QUERY_INDEX_VERSION),
  head: kbIndexSchema.omit({ notes: true }),
  tags: z.array(z.string()),
  prefixes: z.array(z.string()),
  notes: z.array(queryRowSchema),
});

/** `kb-notes/<shard>.json`: one card per note of the shard (path, slug, title, description). */
export const noteCardsSchema: z.ZodType<NoteCard[]> = z.array(z.tuple([z.string(), z.string(), z.string(), z.string()]));

/** `kb-graph.json` (globalGraph.ts `buildGlobalGraph`). */
export const globalGraphFileSchema: z.ZodType<GlobalGraphFile> = z
  .object({
    version: z.literal(GLOBAL_GRAPH_VERSION),
    slug: z.array(z.string()),
    title: z.array(z.string()),
    kind: z.array(count),
    cluster: z.array(count),
    x: z.array(z.number()),
    y: z.array(z.number()),
    edges: z.array(count),
    clusters: z.array(z.object({ label: z.string(), x: z.number(), y: z.number(), r: z.number(), size: count })),
    bridges: z.array(count),
  })
  .refine((g) => [g.title, g.kind, g.cluster, g.x, g.y].every((list) => list.length === g.slug.length), 'one entry per node expected in each list');

/**
 * `kb-pack/o200k_base.json`: gpt-tokenizer's ranks (a token's bytes as text, or as numbers where they are not
 * UTF-8). Checked as a non-empty array only: the file is the tokenizer's own module, ~200,000 entries, and the
 * packs' token counts are pinned against the CLI's.
 */
export const tokenRanksSchema: z.ZodType<(string | number[])[], z.ZodTypeDef, unknown> = z
  .array(z.unknown())
  .min(1, 'is not the tokenizer’s ranks')
  .transform((r) => r as (string | number[])[]);
