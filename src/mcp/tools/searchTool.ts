// Every language's stemmer and stop words: a search in the folder's language reads its notes by words (wordMatch.ts).
import '../../core/text/allTextLanguages.js';
import { parseSearchArgs } from '../../core/search/parseSearchArgs.js';
import { searchesByWords } from '../../core/search/wordMatch.js';
import { renderSearchText } from '../../core/search/renderSearchText.js';
import { runSearch } from '../../core/search/runSearch.js';
import { SEARCH_USAGE, type SearchResult } from '../../core/search/searchResult.js';
import type { Args, searchInput } from '../toolDefinitions.js';
import type { AnswerFn } from './kbTool.js';

/** `search`: kb-search, as `kb search --json` answers it, with its text rendering first; pages of matches. */
export const answerSearch: AnswerFn<Args<typeof searchInput>> = async (snapshot, args) => {
  // The CLI's grammar reads the request: `--tag=VALUE` keeps a value that starts with `--`, `--` keeps the keyword literal.
  const parsed = parseSearchArgs([
    ...(args.tag !== undefined ? [`--tag=${args.tag}`] : []),
    ...(args.category !== undefined ? [`--category=${args.category}`] : []),
    ...(args.lang !== undefined ? [`--lang=${args.lang}`] : []),
    ...(args.keyword !== undefined ? ['--', args.keyword] : []),
  ]);
  if (!parsed.ok && args.lang !== undefined && parsed.problem.startsWith('--lang')) throw new Error(`lang: ${parsed.problem.slice('--lang '.length)}`);
  if (!parsed.ok) throw new Error(`Give a keyword, a tag or a category, none of them empty. ${SEARCH_USAGE}`);
  const bodies = await snapshot.searchBodies();
  const keyword = parsed.request.keyword?.toLowerCase();
  // Matching by words finds notes whose text does not hold the keyword as written: every body is read then.
  const literalOnly = keyword !== undefined && !searchesByWords(snapshot.index, parsed.request);
  const result = runSearch(snapshot.index, parsed.request, literalOnly ? bodiesHolding(bodies, keyword) : bodies);
  const titles = result.titleMatches.length;
  const total = titles + result.contentMatches.length;
  return {
    total,
    noun: 'Matches',
    render(start, end) {
      const page: SearchResult =
        start === 0 && end >= total
          ? result
          : {
              ...result,
              titleMatches: result.titleMatches.slice(start, end),
              contentMatches: result.contentMatches.slice(Math.max(0, start - titles), Math.max(0, end - titles)),
            };
      return [renderSearchText(page).replace(/\n$/, ''), JSON.stringify(page, null, 2)];
    },
  };
};

const lowered = new WeakMap<ReadonlyMap<string, string>, [string, string][]>();

/**
 * The bodies that hold the keyword anywhere, case-insensitively: runSearch looks for it line by line in every
 * body of its pool (~50 ms for 2,000 notes); a server that keeps the bodies lower-cased hands it only those that
 * can match, and a line that holds the keyword is in a body that holds it, so the result is the same.
 */
function bodiesHolding(bodies: ReadonlyMap<string, string>, keyword: string): ReadonlyMap<string, string> {
  let lower = lowered.get(bodies);
  if (!lower) lowered.set(bodies, (lower = [...bodies].map(([path, body]) => [path, body.toLowerCase()])));
  const out = new Map<string, string>();
  for (const [path, body] of lower) if (body.includes(keyword)) out.set(path, bodies.get(path)!);
  return out;
}
