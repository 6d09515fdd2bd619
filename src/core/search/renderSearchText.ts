import type { I18n } from '../i18n/createI18n.js';
import type { queryIsland } from '../i18n/en/queryStrings.js';
import type { SearchResult } from './searchResult.js';

/** The answer's words on a page in another language (src/core/i18n/en/queryStrings.ts); without them, the CLI's English. */
export type InvalidFacetWords = Pick<I18n<keyof typeof queryIsland>, 't'>;

/** How the answer names the file listing the valid values: `kb-tags.txt` as is, or where a caller keeps it. */
export interface SearchTextOptions {
  /** The path printed for `kb-tags.txt` or `kb-categories.txt` (default: the name alone). */
  valuesPath?: ((file: NonNullable<SearchResult['invalid']>) => string) | undefined;
}

/** Title matches, then content matches, one numbering; the truncation line; suggestions. */
export function renderSearchText(r: SearchResult, options: SearchTextOptions = {}): string {
  if (r.invalid) return `${invalidFacet(r, options)}\n`;
  const facets = r.request.tag !== undefined || r.request.category !== undefined;
  if (r.total === 0) return `${noMatches(r, facets).join('\n')}\n`;
  if (r.request.keyword === undefined) {
    return `${['## Title Matches', '', ...r.titleMatches.map((m) => `- ${link(m)}`)].join('\n')}\n`;
  }
  const out: string[] = [];
  let n = 0;
  if (r.titleMatches.length) out.push('## Title Matches', '', ...r.titleMatches.map((m) => `${++n}. ${link(m)} — title match`));
  if (r.contentMatches.length) {
    if (out.length) out.push('');
    out.push('## Content Matches', '', ...r.contentMatches.map((m) => `${++n}. ${link(m)} — content match (line ${m.line}: "${m.snippet}")`));
  }
  if (r.total > r.shown) out.push('', `Showing top ${r.shown} of ${r.total} matches. Narrow the query for more specific results.`);
  return `${out.join('\n')}\n`;
}

/**
 * A piece of the answer to an unknown tag or category: text, the end of a line, a known value close to it, or
 * the file listing them all.
 */
export type InvalidFacetPiece = string | { lineBreak: true } | { suggestion: string; search: string } | { file: string };

/**
 * The answer to an unknown tag or category, in pieces. The first line is the one agents parse, exactly:
 * `No matches. Valid values: <path>/kb-tags.txt` (kb-categories.txt for a category). The next line names the
 * closest known values: `"strpe" is not a known tag; closest known values: stripe, strict.` The CLI prints the
 * pieces as text; the query island makes the file and each suggestion (the same search with that value) a link.
 */
export function invalidFacetPieces(r: SearchResult, words?: InvalidFacetWords): InvalidFacetPiece[] {
  const facet = r.invalid === 'kb-tags.txt' ? 'tag' : 'category';
  const searchWith = (value: string) =>
    [
      r.request.tag !== undefined && `--tag ${facet === 'tag' ? value : r.request.tag}`,
      r.request.category !== undefined && `--category ${facet === 'category' ? value : r.request.category}`,
      r.request.keyword,
    ]
      .filter(Boolean)
      .join(' ');
  const near = r.suggestions ?? [];
  if (words) {
    const { t } = words;
    const value = (facet === 'tag' ? r.request.tag : r.request.category) ?? '';
    return [
      t('query.noMatches'),
      { file: r.invalid ?? 'kb-tags.txt' },
      { lineBreak: true },
      t(facet === 'tag' ? 'query.unknownTag' : 'query.unknownCategory', { value }),
      ...(near.length
        ? [t('query.closest'), ...near.flatMap((v, i) => [...(i ? [', '] : []), { suggestion: v, search: searchWith(v) }])]
        : [t('query.noneClose')]),
      t('query.end'),
    ];
  }
  return [
    'No matches. Valid values: ',
    { file: r.invalid ?? 'kb-tags.txt' },
    { lineBreak: true },
    `"${facet === 'tag' ? r.request.tag : r.request.category}" is not a known ${facet}; `,
    ...(near.length
      ? ['closest known values: ', ...near.flatMap((v, i) => [...(i ? [', '] : []), { suggestion: v, search: searchWith(v) }])]
      : ['none is close']),
    '.',
  ];
}

function invalidFacet(r: SearchResult, options: SearchTextOptions): string {
  const path = options.valuesPath ?? ((file) => file);
  return invalidFacetPieces(r)
    .map((p) => (typeof p === 'string' ? p : 'lineBreak' in p ? '\n' : 'file' in p ? path(p.file as NonNullable<SearchResult['invalid']>) : p.suggestion))
    .join('');
}

function link(m: { path: string; title: string }): string {
  // escape `[` and `]` so a bracket in a title cannot close the link text
  return `[${m.title.replace(/([[\]])/g, '\\$1')}](${m.path})`;
}

function noMatches(r: SearchResult, facets: boolean): string[] {
  const asked = [
    r.request.tag !== undefined ? `--tag ${r.request.tag}` : '',
    r.request.category !== undefined ? `--category ${r.request.category}` : '',
    r.request.keyword !== undefined ? `"${r.request.keyword}"` : '',
  ].filter(Boolean);
  return [
    `No matches for ${asked.join(' ')}.`,
    '- Check spelling',
    '- Try broader or alternative keywords',
    ...(facets ? ['- For --tag/--category misses, inspect kb-tags.txt or kb-categories.txt'] : []),
    '- Run `kb index` to ensure kb-tags.txt and kb-categories.txt are current',
  ];
}
