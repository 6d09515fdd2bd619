import type { NoteEntry } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';
import type { NoteTarget } from './createLinkResolver.js';

type LinkTarget = Pick<NoteEntry, 'path' | 'slug' | 'title'>;

/** Notes (and canvases) that link to each note or page (by slug), each list sorted by path; a note never backlinks itself. */
export function buildBacklinks(
  notes: readonly Pick<NoteEntry, 'path' | 'slug' | 'title' | 'wikilinks'>[],
  resolve: (target: string, from: string) => NoteTarget | undefined,
): Map<string, LinkTarget[]> {
  const out = new Map<string, LinkTarget[]>();
  for (const from of notes) {
    const seen = new Set<string>();
    for (const link of from.wikilinks) {
      const to = resolve(link, from.path);
      if (!to || to.slug === from.slug || seen.has(to.slug)) continue;
      seen.add(to.slug);
      const list = out.get(to.slug) ?? [];
      list.push({ path: from.path, slug: from.slug, title: from.title });
      out.set(to.slug, list);
    }
  }
  for (const list of out.values()) list.sort((a, b) => compareStrings(a.path, b.path));
  return out;
}
