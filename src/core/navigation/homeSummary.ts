// Isomorphic: what the home and query pages say about this knowledge folder: its most-used tags, and query
// examples built from its own vocabulary (never the sample's `api AND pagination`).
import type { KbIndex } from '../index/kbIndexSchema.js';
import { compareStrings } from '../util/compare.js';

export interface TagCount {
  tag: string;
  count: number;
  aliases?: string[] | undefined;
}

export interface QueryExamples {
  /** `a AND b`: the most-used tag and the tag most often beside it. */
  and: [string, string] | undefined;
  /** Two tags for a union query. */
  or: [string, string] | undefined;
  /** An alias of a used tag. */
  alias: { alias: string; tag: string } | undefined;
  /** A project key. */
  project: string | undefined;
  /** A tag for `--tag x keyword`. */
  tag: string | undefined;
  /** The query box's placeholder. */
  placeholder: string;
}

/** Tags the home page shows before "All tags (N)". */
export const HOME_TAGS = 40;

/** The `limit` most-used tags (ties by name), each with its aliases. */
export function topTags(counts: ReadonlyMap<string, number>, index: Pick<KbIndex, 'knownTags'>, limit = HOME_TAGS): TagCount[] {
  const aliases = new Map(index.knownTags.map((k) => [k.tag, k.aliases]));
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort(([a, ca], [b, cb]) => cb - ca || compareStrings(a, b))
    .slice(0, limit)
    .map(([tag, count]) => ({ tag, count, aliases: aliases.get(tag)?.length ? aliases.get(tag) : undefined }));
}

/** The examples' own words, in the interface's language: the word searched for, and the placeholder of a folder without tags. */
export interface ExampleWords {
  keyword: string;
  empty: string;
}

const ENGLISH_WORDS: ExampleWords = { keyword: 'keyword', empty: 'tags, AND, --tag x keyword' };

export function queryExamples(
  index: Pick<KbIndex, 'notes' | 'aliases' | 'projects'>,
  counts: ReadonlyMap<string, number>,
  { keyword, empty }: ExampleWords = ENGLISH_WORDS,
): QueryExamples {
  const projectKeys = new Set(index.projects.map((p) => p.key));
  const ranked = [...counts]
    .filter(([tag, count]) => count > 0 && !projectKeys.has(tag))
    .sort(([a, ca], [b, cb]) => cb - ca || compareStrings(a, b))
    .map(([tag]) => tag);
  const first = ranked[0];
  let and: [string, string] | undefined;
  if (first) {
    const beside = new Map<string, number>();
    for (const n of index.notes)
      if (n.tags.includes(first)) for (const t of n.tags) if (t !== first && !projectKeys.has(t)) beside.set(t, (beside.get(t) ?? 0) + 1);
    const second = [...beside].sort(([a, ca], [b, cb]) => cb - ca || compareStrings(a, b))[0]?.[0];
    if (second) and = [first, second];
  }
  const or: [string, string] | undefined = ranked.length > 2 ? [ranked[1]!, ranked[2]!] : undefined;
  const used = new Set(ranked);
  const aliasEntry = Object.entries(index.aliases)
    .filter(([, tag]) => used.has(tag))
    .sort(([a, ta], [b, tb]) => (counts.get(tb) ?? 0) - (counts.get(ta) ?? 0) || compareStrings(a, b))[0];
  const alias = aliasEntry ? { alias: aliasEntry[0], tag: aliasEntry[1] } : undefined;
  const project = [...index.projects].sort((a, b) => b.noteCount - a.noteCount || compareStrings(a.key, b.key))[0]?.key;
  const tag = first;
  const parts = [and ? `${and[0]} AND ${and[1]}` : first, alias?.alias, project, tag ? `--tag ${tag} ${keyword}` : undefined].filter(Boolean);
  return { and, or, alias, project, tag, placeholder: parts.length ? parts.join(', ') : empty };
}
