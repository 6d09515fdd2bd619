// DOM rendering of a QueryView / SearchResult for the query island. A QueryView's markup is the tag pages'
// (src/core/views/queryViewTree.ts, in its interactive form). Text goes in through textContent only, so nothing
// from a note, a tag or the query string is ever parsed as HTML.
import type { I18n } from '../core/i18n/createI18n.ts';
import type { queryIsland } from '../core/i18n/en/queryStrings.ts';
import type { QueryView, QueryViewWords } from '../core/views/queryView.ts';
import { queryViewTree } from '../core/views/queryViewTree.ts';
import { invalidFacetPieces } from '../core/search/renderSearchText.ts';
import type { SearchResult } from '../core/search/searchResult.ts';
import type { SitePaths } from '../core/site/sitePaths.ts';
import { viewTreeDom } from './viewTreeDom.ts';

type Child = Node | string | false | undefined;

export function h(tag: string, attrs: Record<string, string | number | boolean | undefined> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children) if (c !== false && c !== undefined) el.append(c);
  return el;
}

/** A result row a reader can select for loading: number, path and the note's page. */
export interface SelectableHit {
  n: number;
  path: string;
  slug: string | undefined;
}

/** The query island's words: its own (src/core/i18n/en/queryStrings.ts) and the answer's. */
export type QueryIslandWords = QueryViewWords & Pick<I18n<keyof typeof queryIsland>, 't'>;

export function renderQueryView(view: QueryView, paths: SitePaths, words: QueryViewWords): { root: HTMLElement; hits: SelectableHit[] } {
  const root = viewTreeDom(queryViewTree(view, paths, { interactive: true, words })) as HTMLElement;
  const hits = view.groups.flatMap((g) => g.hits.map((hit): SelectableHit => ({ n: hit.n, path: hit.path, slug: hit.slug })));
  return { root, hits };
}

/** `kb search` results: title matches (tier 1), then content matches (tier 2) with line and snippet. */
export function renderSearchResult(
  r: SearchResult,
  paths: SitePaths,
  slugOf: (path: string) => string | undefined,
  words: QueryIslandWords,
): { root: HTMLElement; hits: SelectableHit[] } {
  const { t } = words;
  const root = h('div', { class: 'query-results' });
  const hits: SelectableHit[] = [];
  const desc = [
    r.request.tag && t('query.searchTag', { tag: r.request.tag }),
    r.request.category && t('query.searchCategory', { category: r.request.category }),
    r.request.keyword && t('query.searchKeyword', { keyword: r.request.keyword }),
  ]
    .filter(Boolean)
    .join(', ');
  if (r.invalid) root.append(invalidFacet(r, paths, words));
  root.append(h('p', { class: 'summary' }, h('strong', {}, t('query.searchSummary', { count: r.total, what: desc, shown: r.shown }))));
  let n = 0;
  const row = (path: string, title: string, extra?: string) => {
    n++;
    const slug = slugOf(path);
    hits.push({ n, path, slug });
    return h(
      'li',
      { value: n, 'data-n': n },
      h('input', { type: 'checkbox', class: 'pick', 'data-path': path, 'aria-label': t('queryView.select', { n, title }) }),
      ' ',
      h('span', { class: 'n' }, `${n}.`),
      slug ? h('a', { href: paths.note(slug), class: 'hit-link' }, title) : h('span', {}, title),
      extra && h('span', { class: 'muted' }, ` ${extra}`),
      h('div', { class: 'path' }, path),
    );
  };
  if (r.titleMatches.length) {
    const list = h('ol', { class: 'results' });
    for (const m of r.titleMatches) list.append(row(m.path, m.title));
    root.append(h('section', { 'aria-label': t('query.titleMatches') }, h('h2', {}, t('query.titleMatchesCount', { count: r.titleMatches.length })), list));
  }
  if (r.contentMatches.length) {
    const list = h('ol', { class: 'results' });
    for (const m of r.contentMatches) list.append(row(m.path, m.title, t('query.contentLine', { line: m.line, snippet: m.snippet })));
    root.append(
      h('section', { 'aria-label': t('query.contentMatches') }, h('h2', {}, t('query.contentMatchesCount', { count: r.contentMatches.length })), list),
    );
  }
  return { root, hits };
}

/** A tag or category that does not exist, as `kb search` answers it, its suggestions and file as links. */
function invalidFacet(r: SearchResult, paths: SitePaths, words: QueryIslandWords): HTMLElement {
  const pieces = invalidFacetPieces(r, words).map((p) =>
    typeof p === 'string'
      ? p
      : 'lineBreak' in p
        ? h('br', {})
        : 'file' in p
          ? h('a', { href: paths.file(p.file) }, p.file)
          : h('a', { href: paths.query(p.search) }, p.suggestion),
  );
  return h('p', { class: 'notice' }, ...pieces);
}
