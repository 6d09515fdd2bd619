import { QUERY_USAGE } from './queryOptions.js';

/** The `kb query --json` shape (docs/query-and-search.md § "kb query"); the text renderer and the site's island read nothing else. */
export interface QueryResult {
  /** The query as typed. */
  query: string;
  mode: 'OR' | 'AND';
  /** Final tokens: aliases resolved, projects expanded (union mode). */
  tags: string[];
  resolved: { from: string; to: string }[];
  expanded: { project: string; tags: string[] }[];
  results: QueryHit[];
  artifacts: QueryArtifact[];
  ideas: QueryIdea[];
  /** Configured project keys in the query whose `projects/<key>/` holds no notes. */
  emptyProjects: string[];
  /** Only when nothing matched: the vocabulary with each canonical's aliases. */
  knownTags?: { tag: string; aliases: string[] }[];
  /** Informational lines (legacy ideas backlog). */
  notes: string[];
  /** Set (and nothing else is) when the query holds no tokens. */
  usage?: string;
}

export type QueryCategory = 'team-shared' | 'project-specific' | 'cross-project';

export interface QueryHit {
  /** 1-based, continuous across categories, then artifacts. */
  n: number;
  category: QueryCategory;
  /** Relative to the knowledge folder (team-shared may start with `../`). */
  path: string;
  description: string;
  tags: string[];
  /** The semantic-hints phrase that matched, when hints alone brought the note. */
  hint?: string;
  /** Team-shared only: owner project key or `cross`, and `repo`/`cross`. */
  project?: string;
  scope?: string;
}

export interface QueryArtifact {
  n: number;
  project: string;
  kind: 'CODEMAP' | 'STITCH';
  path: string;
  exists: boolean;
  ageDays?: number;
  stale?: boolean;
}

export interface QueryIdea {
  project: string;
  /** `YYYY-MM-DD`, or `undated` when neither frontmatter nor file name gives one. */
  date: string;
  ageDays: number;
  type: string;
  description: string;
  stale: boolean;
  path: string;
}

/** The stop line of a query with no tag: the /context usage line with this tool's command names, exactly. */
export const QUERY_NO_TAG = `${QUERY_USAGE}. Run kb index to see available tags.`;

export const LEGACY_BACKLOG_NOTE = '(Legacy `ideas-backlog.md` detected — run `/setup` to migrate pre-2.11 entries into this view.)';
