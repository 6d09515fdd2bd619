import { indexKnowledgeFolder } from '../../node/indexKnowledgeFolder.js';
import { parseSearchArgs } from '../../core/search/parseSearchArgs.js';
import { runSearch } from '../../core/search/runSearch.js';
import { renderSearchText } from '../../core/search/renderSearchText.js';
import { allowSecretsFrom, indexCacheFrom, kbDirFrom } from '../flags.js';
import { EXIT, type Io } from '../io.js';

/** `kb search`: seed 003's kb-search (facets, then the two-tier keyword search) over the knowledge folder. */
export function run(argv: string[], io: Io): number {
  // `--no-cache` is the CLI's, not the search grammar's: taken out before the grammar reads the rest.
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const noCache = argv.slice(0, end).includes('--no-cache');
  const parsed = parseSearchArgs(argv.filter((a, i) => i >= end || a !== '--no-cache'));
  if (!parsed.ok) {
    io.err(parsed.usage);
    return EXIT.usage;
  }
  const kbDir = kbDirFrom(parsed.kb, io);
  const folder = indexKnowledgeFolder(kbDir, { cacheDir: indexCacheFrom(noCache, kbDir, io), allowSecrets: allowSecretsFrom(undefined, io) });
  const result = runSearch(folder.index, parsed.request, folder.bodies);
  io.out(parsed.json ? JSON.stringify(result, null, 2) : renderSearchText(result).replace(/\n$/, ''));
  return EXIT.ok;
}
