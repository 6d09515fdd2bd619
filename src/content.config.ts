// The site's one collection: notes, filled by our loader over the kb pipeline (src/node/site/kbNotesLoader.ts).
// An entry holds only what renders the note's body; the page reads the rest from the index (getSiteData),
// because Astro keeps every entry's data in memory twice and inlines it into the build's bundle.
import { defineCollection, z } from 'astro:content';
import { kbNotesLoader } from './node/site/kbNotesLoader.ts';

const notes = defineCollection({
  loader: kbNotesLoader(),
  schema: z.object({
    path: z.string(),
    renderedAs: z.enum(['md', 'mdx']),
    htmlKey: z.string().optional(),
  }),
});

export const collections = { notes };
