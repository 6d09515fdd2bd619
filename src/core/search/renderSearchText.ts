import type { SearchResult } from './searchResult.js';

/** Seed 003 Phase 4 text: title matches, then content matches, one numbering; the truncation line; suggestions. */
export function renderSearchText(r: SearchResult): string {
  if (r.invalid) return `${invalidFacet(r)}\n`;
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

/** A piece of the answer to an unknown tag or category: text, a known value close to it, or the file listing them all. */
export type InvalidFacetPiece = string | { suggestion: string; search: string } | { file: string };

/**
 * `No matches. "strpe" is not a known tag; closest known values: stripe, strict. All of them: kb-tags.txt`, in
 * pieces: the CLI prints them as text, the query island makes each suggestion a link to `search` (the same
 * search with that value) and the file a link.
 */
export function invalidFacetPieces(r: SearchResult): InvalidFacetPiece[] {
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
  return [
    `No matches. "${facet === 'tag' ? r.request.tag : r.request.category}" is not a known ${facet}; `,
    ...(near.length
      ? ['closest known values: ', ...near.flatMap((v, i) => [...(i ? [', '] : []), { suggestion: v, search: searchWith(v) }])]
      : ['none is close']),
    '. All of them: ',
    { file: r.invalid ?? 'kb-tags.txt' },
  ];
}

function invalidFacet(r: SearchResult): string {
  return invalidFacetPieces(r)
    .map((p) => (typeof p === 'string' ? p : 'file' in p ? p.file : p.suggestion))
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
