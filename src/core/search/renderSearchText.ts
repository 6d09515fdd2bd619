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

/** `No matches. "strpe" is not a known tag; closest known values: stripe, strict. All of them: kb-tags.txt` */
function invalidFacet(r: SearchResult): string {
  const [what, value] = r.invalid === 'kb-tags.txt' ? ['tag', r.request.tag] : ['category', r.request.category];
  const near = r.suggestions?.length ? `; closest known values: ${r.suggestions.join(', ')}` : '; none is close';
  return `No matches. "${value}" is not a known ${what}${near}. All of them: ${r.invalid}`;
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
