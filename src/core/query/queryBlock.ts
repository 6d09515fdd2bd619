// Query blocks in notes: a ```kb-query fence holds a `kb query` expression (`api AND pagination`), a ```kb-search
// fence `kb search`'s arguments (`--tag stripe webhook`). The site renders the answer in place of the block, the
// `kb query` / `kb search` list with titles linked (renderQueryBlockHtml.ts), packs read it as the note's text,
// and `kb check` reports a block that does not parse or names an unknown tag (docs/query-and-search.md § "Query blocks").
import type { KbIndex } from '../index/kbIndexSchema.js';
import { readNoteDocument } from '../document/readNoteDocument.js';
import type { KbIssue } from '../util/issue.js';
import { normaliseTag } from '../tags/normaliseTag.js';
import { parseSearchArgs } from '../search/parseSearchArgs.js';
import { renderSearchText } from '../search/renderSearchText.js';
import { runSearch } from '../search/runSearch.js';
import type { SearchResult } from '../search/searchResult.js';
import { parseQuery } from './parseQuery.js';
import type { QueryResult } from './queryResult.js';
import { renderQueryText } from './renderQueryText.js';
import { runQuery } from './runQuery.js';

export const QUERY_FENCE = 'kb-query';
export const SEARCH_FENCE = 'kb-search';
export const QUERY_BLOCK_LANGS: ReadonlySet<string> = new Set([QUERY_FENCE, SEARCH_FENCE]);

export type QueryBlockAnswer =
  | { lang: typeof QUERY_FENCE; source: string; query: QueryResult; problem: string | undefined }
  | { lang: typeof SEARCH_FENCE; source: string; search: SearchResult | undefined; problem: string | undefined };

/** The block's text as one line: its lines joined by spaces, trimmed (a block may wrap a long query). */
export function blockSource(text: string): string {
  return text.split('\n').join(' ').trim();
}

/**
 * Arguments as a shell splits them, for a kb-search block: words split on spaces, "double" or 'single' quotes
 * keep spaces in one argument. No variables, no escapes beyond the quotes: nothing is ever run.
 */
export function splitArgs(source: string): string[] {
  const out: string[] = [];
  let word = '';
  let inWord = false;
  let quote: string | undefined;
  for (const ch of source) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else word += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) out.push(word);
      word = '';
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (inWord) out.push(word);
  return out;
}

/** What a query block answers for this folder and day, and what is wrong with it (for `kb check`). */
export function answerQueryBlock(lang: string, text: string, index: KbIndex, bodies: ReadonlyMap<string, string>, today: string): QueryBlockAnswer | undefined {
  const source = blockSource(text);
  if (lang === QUERY_FENCE) {
    const query = runQuery(index, source, { today });
    return { lang, source, query, problem: queryProblem(index, source, query) };
  }
  if (lang !== SEARCH_FENCE) return undefined;
  const parsed = parseSearchArgs(splitArgs(source));
  if (!parsed.ok)
    return { lang, source, search: undefined, problem: `does not parse: ${parsed.empty ? 'nothing to search for' : parsed.problem} (${parsed.usage})` };
  if (parsed.kb !== undefined || parsed.today !== undefined || parsed.json)
    return { lang, source, search: undefined, problem: 'takes only --tag, --category and words (not --kb, --today or --json)' };
  const search = runSearch(index, parsed.request, bodies);
  const facet = search.invalid === 'kb-tags.txt' ? `tag "${parsed.request.tag}"` : `category "${parsed.request.category}"`;
  return { lang, source, search, problem: search.invalid ? `names an unknown ${facet}${suggest(search.suggestions)}` : undefined };
}

/**
 * The answer as `kb query` / `kb search` print it, without what depends on the day (tracked artifacts' and ideas'
 * ages), and with its group headings as bold lines (a block is never a section of its note): what packs read in
 * place of the block.
 */
export function queryBlockText(answer: QueryBlockAnswer): string {
  const text =
    answer.lang === QUERY_FENCE
      ? renderQueryText({ ...answer.query, artifacts: [], ideas: [] })
      : answer.search
        ? renderSearchText(answer.search)
        : `kb search ${answer.source}: ${answer.problem ?? ''}`;
  return text
    .replace(/^Load which files\?.*$/m, '')
    .replace(/^#{1,6} (.*)$/gm, '**$1**')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/\n+$/, '');
}

/** A query block in a note's body: its language, text and the body line of its opening fence (1-based). */
export interface QueryBlockAt {
  lang: string;
  text: string;
  line: number;
  /** Body lines the block spans, fences included: [first, last] (1-based). */
  lines: [number, number];
}

/** The query blocks of a body: the closed fences of its note document whose info string starts with the language. */
export function queryBlocksIn(body: string): QueryBlockAt[] {
  if (!body.includes('kb-')) return [];
  const out: QueryBlockAt[] = [];
  for (const f of readNoteDocument(body).fences) {
    const lang = f.info.trim().split(/\s/)[0]!.toLowerCase();
    if (!f.closed || !QUERY_BLOCK_LANGS.has(lang)) continue;
    out.push({ lang, text: f.content.replace(/\n$/, ''), line: f.start + 1, lines: [f.start + 1, f.end] });
  }
  return out;
}

/** `kb check`'s findings: each query block that does not parse or names an unknown tag, at its file line. */
export function queryBlockIssues(index: KbIndex, bodies: ReadonlyMap<string, string>, today: string): KbIssue[] {
  const issues: KbIssue[] = [];
  for (const note of index.notes)
    for (const block of queryBlocksIn(bodies.get(note.path) ?? '')) {
      const answer = answerQueryBlock(block.lang, block.text, index, bodies, today);
      if (answer?.problem)
        issues.push({
          severity: 'warning',
          code: 'query-block',
          file: note.path,
          line: note.bodyLine + block.line - 1,
          message: `a ${block.lang} block ${answer.problem}`,
        });
    }
  return issues;
}

/**
 * The bodies with each query block replaced by its answer's text (queryBlockText), so a pack reads what the page
 * shows. Bodies without a block are the same strings.
 */
export function withQueryBlockText(index: KbIndex, bodies: ReadonlyMap<string, string>): ReadonlyMap<string, string> {
  let out: Map<string, string> | undefined;
  for (const note of index.notes) {
    const body = bodies.get(note.path);
    const blocks = body === undefined ? [] : queryBlocksIn(body);
    if (blocks.length === 0) continue;
    const lines = body!.split('\n');
    // From the last block back, so earlier line numbers still hold. The answer's ages are left out, so no day is needed.
    for (const b of [...blocks].reverse()) {
      const answer = answerQueryBlock(b.lang, b.text, index, bodies, NO_DAY);
      if (answer) lines.splice(b.lines[0] - 1, b.lines[1] - b.lines[0] + 1, queryBlockText(answer));
    }
    (out ??= new Map(bodies)).set(note.path, lines.join('\n'));
  }
  return out ?? bodies;
}

/** The day a pack's block text is computed for: it leaves out everything that depends on one. */
const NO_DAY = '1970-01-01';

function queryProblem(index: KbIndex, source: string, r: QueryResult): string | undefined {
  if (r.usage !== undefined) return 'names no tag (write tags, e.g. `api AND pagination`)';
  // Any tag a note carries, a declared tag or alias, or a project key (which expands to its tags).
  const known = new Set<string>([
    ...index.notes.flatMap((n) => n.tags),
    ...index.knownTags.flatMap((k) => [k.tag, ...k.aliases]),
    ...Object.keys(index.aliases),
    ...index.projects.map((p) => p.key),
  ]);
  const unknown = parseQuery(source).tokens.filter((t) => !known.has(t) && !known.has(normaliseTag(t) ?? t));
  if (unknown.length === 0) return undefined;
  const closest = [...known]
    .sort()
    .filter((t) => unknown.some((u) => t.includes(u) || u.includes(t)))
    .slice(0, 3);
  return `names an unknown tag${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `"${u}"`).join(', ')}${suggest(closest)}`;
}

function suggest(values: readonly string[] | undefined): string {
  return values && values.length ? ` (closest: ${values.join(', ')})` : ' (kb index lists the known tags in kb-tags.txt)';
}
