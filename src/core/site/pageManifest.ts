import { z } from 'zod';

/** One page kind's routes in one build (incremental pages, src/runtime/changedRoutes.ts). */
export const PageManifestSchema = z.object({
  kind: z.string(),
  /** [output file relative to the output folder, fingerprint] of every route of the kind, rendered or skipped. */
  routes: z.array(z.tuple([z.string(), z.string()])),
  /** Output files this build did not render, to link from the previous output. */
  skipped: z.array(z.string()),
});
export type PageManifest = z.infer<typeof PageManifestSchema>;
