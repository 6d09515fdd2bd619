import { z } from 'zod';
import { artifactSchema, kbIndexSchema, projectEntrySchema } from '../index/kbIndexSchema.js';
import { PACK_DATA_VERSION, type NoteShard, type PackData, type PackHead, type TermShard } from './packParts.js';

// Packed integers are text in the 64-letter alphabet of packedInts.ts.
const packed = z.string().regex(/^[A-Za-z0-9_-]*$/, 'not packed integers');

/** The head of the pack data (`head.json`); see packParts.ts for each field. */
export const packHeadSchema: z.ZodType<PackHead> = z.object({
  version: z.literal(PACK_DATA_VERSION),
  noteCount: z.number().int().nonnegative(),
  k1: z.number().positive(),
  termShards: z.number().int().positive(),
  noteShards: packed,
  index: z.object({
    aliases: kbIndexSchema.shape.aliases,
    projects: z.array(projectEntrySchema),
    repos: kbIndexSchema.shape.repos,
    artifacts: z.array(artifactSchema),
    staleness: kbIndexSchema.shape.staleness,
    locale: z.string(),
    ideas: z.array(z.object({ projects: z.array(z.string()) })),
    notes: packed,
    words: z.array(z.string()),
  }),
  lexicons: z.record(z.string(), z.array(z.string())),
});

/** A term shard (`t/<k>.json`): sorted terms and their packed postings, aligned. */
export const termShardSchema: z.ZodType<TermShard> = z
  .object({ vocab: z.array(z.string()), postings: z.array(packed) })
  .refine((t) => t.vocab.length === t.postings.length, 'a term shard needs one posting list per term');

/** A note shard (`n/<k>.json`): consecutive notes' stored sections, links and keywords. */
export const noteShardSchema: z.ZodType<NoteShard> = z.object({
  notes: z.array(
    z.object({
      path: z.string(),
      title: z.string(),
      description: z.string(),
      status: z.enum(['active', 'deprecated', 'superseded', 'draft']),
      supersededBy: z.string().optional(),
      tokens: z.number().int().nonnegative(),
      kind: z.enum(['decision', 'lesson', 'pattern', 'pitfall', 'postmortem', 'other']),
      lead: z.string().optional(),
      units: z.array(z.object({ h: z.string().optional(), b: z.array(z.string()), t: z.array(z.number().int().nonnegative()), more: z.literal(1).optional() })),
      links: packed,
      keys: z.string(),
      levels: packed,
    }),
  ),
});

/** Complete pack data, as the CLI caches it in one file. */
export const packDataSchema: z.ZodType<PackData> = z.object({
  head: packHeadSchema,
  terms: z.array(termShardSchema.nullable()),
  notes: z.array(noteShardSchema.nullable()),
});
