import { createLinkScan, type LinkScan } from '../../core/links/createLinkScan.js';
import type { IndexedFolder } from '../indexKnowledgeFolder.js';

/**
 * One build's (or one `kb check`'s) link scan: seeded with the links the reading kept with each note's facts
 * (`links: true`; from the index cache when warm), keyed by the body it handed on, so no reader parses a note's
 * body for its links again. A reading not asked for links seeds nothing: each body is then scanned once.
 */
export function noteLinkScan(result: Pick<IndexedFolder, 'reading'>): LinkScan {
  return createLinkScan(result.reading.input.notes.flatMap((n) => (n.facts?.links ? [[n.body, n.facts.links] as const] : [])));
}
