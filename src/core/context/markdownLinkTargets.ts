import type { NoteEntry } from '../index/kbIndexSchema.js';
import { createLinkResolver } from '../links/createLinkResolver.js';
import { scanLinks } from '../links/scanLinks.js';
import { perNote, type NoteWarn } from '../util/perNote.js';

/**
 * A body the parse may find a note link in: `](` before an address with no scheme (`[x](y)`), or `]:` not after
 * `]]` (`[ref]: y`, a reference's definition). Parsing is most of the cost, and most bodies (wikilinks, web links
 * only) are skipped so.
 */
const MAY_LINK_NOTE = /\]\((?!\s*<?(?:[a-z][a-z0-9+.-]*:|#))|(?<!\])\]:/i;

/**
 * The notes each note names with Markdown links (`[text](other.md)`, `[text](/manual/page.html)`), as numbers
 * into `notes`: in the order written, each once, never the note itself. Packs spread a note's score along these
 * as along its wikilinks (buildPackData.ts): many folders link only this way. Wikilinks are left to the index.
 */
export function markdownLinkTargets(notes: readonly NoteEntry[], bodies: ReadonlyMap<string, string>, warn?: NoteWarn): number[][] {
  const resolver = createLinkResolver({ notes });
  const numbers = new Map(notes.map((n, i) => [n.path, i]));
  return notes.map((n, i) => {
    const body = bodies.get(n.path) ?? '';
    if (!MAY_LINK_NOTE.test(body)) return [];
    const out = new Set<number>();
    for (const l of perNote(
      n.path,
      'the pack links',
      () => scanLinks(body),
      () => [],
      warn,
    )) {
      if (l.kind !== 'link') continue;
      const to = resolver.href(l.href, n.path);
      const j = to.kind === 'note' ? numbers.get(to.note.path) : undefined;
      if (j !== undefined && j !== i) out.add(j);
    }
    return [...out];
  });
}
