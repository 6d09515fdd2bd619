import { loadFolderIndex } from '../../node/cache/loadFolderIndex.js';
import { requireNotes } from '../../node/knowledgeFolderError.js';
import { parseSearchArgs } from '../../core/search/parseSearchArgs.js';
import { runSearch } from '../../core/search/runSearch.js';
import { renderSearchText } from '../../core/search/renderSearchText.js';
import { renderCategoriesTxt, renderTagsTxt } from '../../core/render/renderIndexMd.js';
import { SEARCH_EMPTY, SEARCH_USAGE, type SearchResult } from '../../core/search/searchResult.js';
import { OUTPUT_FILES } from '../../node/writeIndexOutputs.js';
import { writeFileAtomic } from '../../node/writeFileAtomic.js';
import type { KbIndex } from '../../core/index/kbIndexSchema.js';
import { join, relative } from 'node:path';
import { allowSecretsFrom, askedKbDir, existingKbDir, indexCacheFrom, todayFrom } from '../flags.js';
import { EXIT, UsageError, type Io } from '../io.js';

export const HELP = `${SEARCH_USAGE} [--lang TAG] [--kb DIR] [--json] [--allow-secrets] [--no-cache]

Keyword and facet search: facets filter by tag and category (exact, case-insensitive); a keyword is
searched in titles first (at most 8), then in note text (at most 12). A tag or category that does not
exist is answered with "No matches. Valid values: <path>/kb-tags.txt" (a file listing them all), then
the closest known values. In a language other than English, a keyword also matches by words: an
inflected form ("Migrationen" finds "Migration"), a compound's part, a word inside unspaced Japanese.

  --tag VALUE       only notes with this tag
  --category VALUE  only notes in this category
  --lang TAG        the keyword's language, a BCP 47 tag such as de or ja (default: site.locale)
  --kb DIR          the knowledge folder (default: KB_DIR, else content/)
  --today DATE      accepted as by every command (a search does not depend on the date)
  --json            { titleMatches, contentMatches, total, shown } as JSON
  --allow-secrets   do not redact credentials (or KB_ALLOW_SECRETS=1)
  --no-cache        do not read or write the index cache (or KB_NO_CACHE=1)
  --                everything after it is the keyword, even words starting with --

Exit: 0 answered (even with no match), 1 no notes in the folder, 2 usage error or no such folder.`;

/** The CLI's own switches, taken out before the search grammar reads the rest. */
const SWITCHES = ['--no-cache', '--allow-secrets'];

/** `kb search`: kb-search (facets, then the two-tier keyword search) over the knowledge folder. */
export async function run(argv: string[], io: Io): Promise<number> {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const given = new Set(argv.slice(0, end).filter((a) => SWITCHES.includes(a)));
  const parsed = parseSearchArgs(argv.filter((a, i) => i >= end || !SWITCHES.includes(a)));
  // kb-search's own words come first, exactly (agents parse them); what was wrong follows on the same line.
  if (!parsed.ok && parsed.empty) throw new UsageError(`${SEARCH_EMPTY} ${parsed.usage}`);
  if (!parsed.ok) throw new UsageError(`${parsed.usage} (kb search: ${parsed.problem}; \`kb search --help\` lists the options)`);
  todayFrom(parsed.today, io, 'search');
  const kbDir = existingKbDir(parsed.kb, io);
  const folder = requireNotes(
    await loadFolderIndex(kbDir, {
      allowSecrets: allowSecretsFrom(given.has('--allow-secrets'), io),
      cacheDir: indexCacheFrom(given.has('--no-cache'), kbDir, io),
    }),
    askedKbDir(parsed.kb, io),
  );
  const result = runSearch(folder.index, parsed.request, folder.bodies!);
  const valuesPath = result.invalid && !parsed.json ? valuesFile(folder.index, folder.cacheDir, io) : undefined;
  io.out(parsed.json ? JSON.stringify(result, null, 2) : renderSearchText(result, { valuesPath }).replace(/\n$/, ''));
  return EXIT.ok;
}

/**
 * Where the valid values can be read: kb-tags.txt and kb-categories.txt written afresh beside the index cache
 * (a path relative to the working directory), so an agent can open the file the answer names. With no cache,
 * where `kb index` writes them by default.
 */
function valuesFile(index: KbIndex, cacheDir: string | undefined, io: Io): (file: NonNullable<SearchResult['invalid']>) => string {
  const dir = cacheDir ?? join(io.cwd, 'kb-out');
  if (cacheDir !== undefined) {
    try {
      writeFileAtomic(join(cacheDir, OUTPUT_FILES.tags), renderTagsTxt(index));
      writeFileAtomic(join(cacheDir, OUTPUT_FILES.categories), renderCategoriesTxt(index));
    } catch {
      // Not writable: the path is still named; the closest values follow on the next line.
    }
  }
  return (file) => relative(io.cwd, join(dir, file)) || file;
}
