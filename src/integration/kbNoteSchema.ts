// One entry of the kbNotes() content collection: a note's index fields, typed by the schema the index itself uses
// (kbIndexSchema.ts), and the URL of its page in the portal. No body: the portal's pages render the notes, and a
// big folder's bodies would otherwise be stored a second time in Astro's data store.
import { z } from 'astro/zod';
import { noteEntrySchema } from '../core/index/kbIndexSchema.js';

export const kbNoteSchema = noteEntrySchema.extend({
  /** The note's page in the portal: the site's base, the integration's prefix, `notes/<slug>/`. Always set. */
  url: z.string().startsWith('/'),
});

/** What `getCollection('kb')` returns as each entry's `data`. */
export type KbNote = z.infer<typeof kbNoteSchema>;
