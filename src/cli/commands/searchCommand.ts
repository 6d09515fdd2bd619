import { indexKnowledgeFolder } from '../../node/indexKnowledgeFolder.js';
import { parseSearchArgs } from '../../core/search/parseSearchArgs.js';
import { runSearch } from '../../core/search/runSearch.js';
import { renderSearchText } from '../../core/search/renderSearchText.js';
import { kbDirFrom } from '../flags.js';
import { EXIT, type Io } from '../io.js';

/** `kb search`: seed 003's kb-search (facets, then the two-tier keyword search) over the knowledge folder. */
export function run(argv: string[], io: Io): number {
  const parsed = parseSearchArgs(argv);
  if (!parsed.ok) {
    io.err(parsed.usage);
    return EXIT.usage;
  }
  const folder = indexKnowledgeFolder(kbDirFrom(parsed.kb, io));
  const result = runSearch(folder.index, parsed.request, folder.bodies);
  io.out(parsed.json ? JSON.stringify(result, null, 2) : renderSearchText(result).replace(/\n$/, ''));
  return EXIT.ok;
}
