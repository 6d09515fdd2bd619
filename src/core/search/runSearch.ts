import type { KbIndex, NoteEntry } from '../index/kbIndexSchema.js';
import { renderCategoriesTxt, renderTagsTxt } from '../render/renderIndexMd.js';
import { compareStrings } from '../util/compare.js';
import { closestValues } from './closestValues.js';
import { CONTENT_CAP, TITLE_CAP, type SearchRequest, type SearchResult } from './searchResult.js';
import { searchesByWords, wordMatcher, type WordHit } from './wordMatch.js';

/**
 * `kb search` over the index (docs/query-and-search.md § "kb search"): validate facets against kb-tags / kb-categories, filter the search
 * scope by facets (AND), then the two-tier keyword search. Fixed-string, case-insensitive throughout; in a language
 * other than English (`request.lang`, else the folder's locale) a keyword also matches by words (wordMatch.ts).
 * `bodies` holds each note's text after its frontmatter, by path (indexKnowledgeFolder's `bodies`).
 */
export function runSearch(index: KbIndex, request: SearchRequest, bodies: ReadonlyMap<string, string>): SearchResult {
  const result: SearchResult = { request: { ...request }, titleMatches: [], contentMatches: [], total: 0, shown: 0 };
  const tag = request.tag?.toLowerCase();
  const category = request.category?.toLowerCase();
  const tags = tag === undefined ? undefined : vocabulary(renderTagsTxt(index));
  if (tag !== undefined && !tags!.has(tag)) return { ...result, invalid: 'kb-tags.txt', suggestions: closestValues(tag, tags!) };
  const categories = category === undefined ? undefined : vocabulary(renderCategoriesTxt(index));
  if (category !== undefined && !categories!.has(category))
    return { ...result, invalid: 'kb-categories.txt', suggestions: closestValues(category, categories!) };

  const pool = index.notes
    .filter((n) => n.path.startsWith(index.searchScope))
    .filter((n) => tag === undefined || n.tags.some((t) => t.toLowerCase() === tag))
    .filter((n) => category === undefined || n.category?.toLowerCase() === category)
    .sort((a, b) => compareStrings(a.path, b.path));

  const keyword = request.keyword?.toLowerCase();
  if (keyword === undefined) {
    result.titleMatches = pool.map(titled);
    result.total = result.shown = pool.length;
    return result;
  }

  const words = searchesByWords(index, request) ? wordMatcher(index, request.keyword!, request.lang) : undefined;
  const literal = (text: string): WordHit | undefined => {
    const at = text.toLowerCase().indexOf(keyword);
    return at < 0 ? undefined : { at, length: keyword.length };
  };
  const inTitle = pool.filter((n) => n.title.toLowerCase().includes(keyword) || words?.title(n));
  const inBody = new Map<string, { line: number; snippet: string }>();
  for (const n of pool) {
    const body = bodies.get(n.path) ?? '';
    // Most bodies do not hold the keyword: one pass over the whole body rules them out before any line is cut.
    let found = body.toLowerCase().includes(keyword) ? firstLine(body, literal) : undefined;
    if (!found && words?.body(n, body)) found = firstLine(body, (line) => words.line(n, line));
    if (found) inBody.set(n.path, { ...found, line: found.line + n.bodyLine - 1 }); // a file line, as grep -n counts
  }
  result.titleMatches = inTitle.slice(0, TITLE_CAP).map(titled);
  const listed = new Set(result.titleMatches.map((m) => m.path));
  result.contentMatches = pool
    .filter((n) => inBody.has(n.path) && !listed.has(n.path))
    .slice(0, CONTENT_CAP)
    .map((n) => ({ ...titled(n), ...inBody.get(n.path)! }));
  result.total = new Set([...inTitle.map((n) => n.path), ...inBody.keys()]).size;
  result.shown = result.titleMatches.length + result.contentMatches.length;
  return result;
}

function titled(n: NoteEntry): { path: string; title: string } {
  return { path: n.path, title: n.title };
}

function vocabulary(txt: string): Set<string> {
  return new Set(txt.split('\n').filter((l) => l !== ''));
}

const SNIPPET = 100;

/** The first body line `match` finds the keyword in, 1-based, with a snippet cut around the match. */
function firstLine(body: string, match: (line: string) => WordHit | undefined): { line: number; snippet: string } | undefined {
  const lines = body.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.trim();
    const hit = match(text);
    if (hit === undefined) continue;
    const { at, length } = hit;
    if (text.length <= SNIPPET) return { line: i + 1, snippet: text };
    // A window of about SNIPPET characters with the match near its start, widened to whole words.
    let start = Math.max(0, Math.min(at - 30, text.length - SNIPPET));
    let end = Math.min(text.length, start + SNIPPET);
    // Text without spaces nearby (Chinese, Japanese) is cut at the window itself rather than widened to the whole line.
    const before = text.lastIndexOf(' ', start);
    const after = text.indexOf(' ', end);
    if (start > 0 && start - before <= SNIPPET) start = Math.min(at, before + 1);
    if (end < text.length) end = Math.max(at + length, after < 0 ? (end + SNIPPET >= text.length ? text.length : end) : after - end <= SNIPPET ? after : end);
    return { line: i + 1, snippet: `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}` };
  }
  return undefined;
}
