/** What `kb search` was asked; every part optional, at least one present. */
export interface SearchRequest {
  tag?: string | undefined;
  category?: string | undefined;
  keyword?: string | undefined;
  /** The keyword's language (BCP 47, `--lang`); default: the folder's `site.locale` (docs/query-and-search.md § Languages). */
  lang?: string | undefined;
}

/** The `kb search --json` shape (docs/query-and-search.md § "kb search"), plus what the text renderer needs to word its output. */
export interface SearchResult {
  request: SearchRequest;
  /** Facet-only: every surviving note; with a keyword: tier 1 (cap 8). */
  titleMatches: { path: string; title: string }[];
  /** Tier 2 (cap 12): body matches not already listed; `line` counts from the first line after the frontmatter. */
  contentMatches: { path: string; title: string; line: number; snippet: string }[];
  /** Distinct notes that matched before the caps. */
  total: number;
  shown: number;
  /** A facet value outside its vocabulary: the artifact that lists the valid ones. */
  invalid?: 'kb-tags.txt' | 'kb-categories.txt';
  /** With `invalid`: up to 5 known values closest to the one asked for (closestValues), nearest first. */
  suggestions?: string[];
}

export const SEARCH_USAGE = 'Usage: kb search [--tag VALUE] [--category VALUE] [KEYWORD]';

/** What a search with nothing to search for answers first: kb-search's own question. */
export const SEARCH_EMPTY = 'What would you like to search for in the knowledge base?';

/** Keyword search caps: title matches, then content matches. */
export const TITLE_CAP = 8;
export const CONTENT_CAP = 12;
