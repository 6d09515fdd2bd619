import { renderQueryText } from '../../core/query/renderQueryText.js';
import { runQuery } from '../../core/query/runQuery.js';
import type { QueryResult } from '../../core/query/queryResult.js';
import type { Args, queryInput } from '../toolDefinitions.js';
import type { AnswerFn } from './kbTool.js';

/** `query`: the /context tag query, as `kb query --json` answers it, with its text rendering first; pages of results. */
export const answerQuery: AnswerFn<Args<typeof queryInput>> = async (snapshot, args, ctx) => {
  const result = runQuery(snapshot.index, args.tags, { today: ctx.today });
  if (result.usage) throw new Error(`tags holds no tag. ${result.usage}`);
  const total = result.results.length;
  return {
    total,
    noun: 'Results',
    render(start, end) {
      const page: QueryResult = start === 0 && end >= total ? result : { ...result, results: result.results.slice(start, end) };
      return [queryText(page, total), JSON.stringify(page, null, 2)];
    },
  };
};

/**
 * The CLI's text for a page of results: the count names every result, not only this page's, and the closing
 * `--load` hint (a CLI flag) points to read_note instead.
 */
function queryText(page: QueryResult, total: number): string {
  let text = renderQueryText(page).replace(/\n$/, '');
  const shown = page.results.length;
  if (shown < total && shown > 0)
    text = text.replace(/^Found \d+ files? matching/m, `Found ${total} files matching (${page.results[0]!.n}–${page.results[shown - 1]!.n} on this page)`);
  return text.replace(/^Load which files\? Re-run with --load .*$/m, 'Open a file with read_note (its path as listed; ideas are not notes).');
}
