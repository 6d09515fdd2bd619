// Isomorphic: `graph:` in kb.config.yaml, the local graph on note pages and the global graph page.
import { z } from 'zod';

export const graphConfigSchema = z
  .object({
    /** The local graph on every note page and the global graph page. Default: true. */
    enabled: z.boolean().default(true),
    /** How far the local graph reaches: 1 (the note's links and backlinks) or 2 (theirs too). Default: 1. */
    depth: z.union([z.literal(1), z.literal(2)]).default(1),
    /** Show the note's tags in its local graph, joined to every note shown that carries them. Default: false. */
    tags: z.boolean().default(false),
  })
  .strict()
  .default({});

export type GraphConfigInput = z.input<typeof graphConfigSchema>;
export type GraphConfig = z.output<typeof graphConfigSchema>;
