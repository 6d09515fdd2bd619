// The knowledge base as an Astro content collection, for a host site's src/content.config.ts:
//
//   import { kbNotes } from 'kb-portal/content';
//   export const collections = { kb: kbNotes() };
//
// Each entry is a published note's index fields and its portal page's URL (kbNoteSchema.ts), read from the site's
// kbPortal() integration: the folder, base and prefix are set there, once.
import { defineCollection } from 'astro/content/config';
import { kbNoteSchema } from './kbNoteSchema.js';
import { kbNotesLoader, type KbNotesOptions } from './kbNotesLoader.js';

export type { KbNote } from './kbNoteSchema.js';
export type { KbNotesOptions } from './kbNotesLoader.js';
export { kbNoteSchema, kbNotesLoader };

/** The collection of the notes of the site's kbPortal() (of the one whose folder is `options.kb`, when there are several). */
export function kbNotes(options: KbNotesOptions = {}) {
  return defineCollection({ loader: kbNotesLoader(options), schema: kbNoteSchema });
}
