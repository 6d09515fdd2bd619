import { loadFolderIndex } from '../../node/cache/loadFolderIndex.js';
import { requireNotes } from '../../node/knowledgeFolderError.js';
import { parseSearchArgs } from '../../core/search/parseSearchArgs.js';
import { runSearch } from '../../core/search/runSearch.js';
import { renderSearchText } from '../../core/search/renderSearchText.js';
import { SEARCH_USAGE } from '../../core/search/searchResult.js';
import { allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

export const HELP = `${SEARCH_USAGE} [--kb DIR] [--json] [--allow-secrets] [--no-cache]

Keyword and facet search (seed 003): facets filter by tag and category (exact, case-insensitive);
a keyword is searched in titles first (at most 8), then in note text (at most 12). A tag or category
that does not exist is answered with the closest known values.

  --tag VALUE       only notes with this tag
  --category VALUE  only notes in this category
  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --json            { titleMatches, contentMatches, total, shown } as JSON
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)
  --                everything after it is the keyword, even words starting with --

Exit: 0 answered (even with no match), 1 no notes in the folder, 2 usage error or no such folder.`;

/** The CLI's own switches, taken out before the search grammar reads the rest. */
const SWITCHES = ['--no-cache', '--allow-secrets'];

/** `kb search`: seed 003's kb-search (facets, then the two-tier keyword search) over the knowledge folder. */
export async function run(argv: string[], io: Io): Promise<number> {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const given = new Set(argv.slice(0, end).filter((a) => SWITCHES.includes(a)));
  const parsed = parseSearchArgs(argv.filter((a, i) => i >= end || !SWITCHES.includes(a)));
  if (!parsed.ok) throw new UsageError(`kb search: ${parsed.problem}. ${parsed.usage}`);
  const kbDir = existingKbDir(parsed.kb, io);
  const folder = requireNotes(
    await loadFolderIndex(kbDir, {
      allowSecrets: allowSecretsFrom(given.has('--allow-secrets'), io),
      cacheDir: indexCacheFrom(given.has('--no-cache'), kbDir, io),
    }),
    askedKbDir(parsed.kb, io),
  );
  const result = runSearch(folder.index, parsed.request, folder.bodies!);
  io.out(parsed.json ? JSON.stringify(result, null, 2) : renderSearchText(result).replace(/\n$/, ''));
  return EXIT.ok;
}
