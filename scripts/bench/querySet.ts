// The fixed query set, derived from the built index so it fits any folder: the most used tags, an
// alias, a project key, AND/OR combinations, a long-tail tag, keyword and facet searches, and the
// configured pack tasks. Same index → same set.
import type { KbIndex } from '../../src/core/index/kbIndexSchema.ts';
import { compareStrings } from '../../src/core/util/compare.ts';

export interface QuerySet {
  /** `kb query` strings (tag grammar). */
  queries: string[];
  /** `kb search` argument lists (facets then keywords). */
  searches: string[][];
  /** `kb context` inputs. */
  packs: Array<{ task: string; project?: string | undefined }>;
}

type IndexLike = Pick<KbIndex, 'notes' | 'aliases' | 'projects' | 'packs'>;

export function buildQuerySet(index: IndexLike): QuerySet {
  const counts = new Map<string, number>();
  for (const n of index.notes) for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  const byUse = [...counts].sort((a, b) => b[1] - a[1] || compareStrings(a[0], b[0])).map(([t]) => t);
  const tag = (i: number) => byUse[Math.min(i, byUse.length - 1)] ?? 'api';
  const tail = byUse.filter((t) => counts.get(t)! <= 3);
  const alias = Object.keys(index.aliases).sort(compareStrings)[0];
  const project = index.projects[0]?.key;
  const categories = [...new Set(index.notes.map((n) => n.category).filter((c): c is string => !!c))].sort(compareStrings);
  const word =
    index.notes[0]?.title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .find((w) => w.length > 4) ?? 'cache';

  const queries = [
    tag(0),
    tag(1),
    tag(5),
    `${tag(0)} AND ${tag(1)}`,
    `${tag(2)} OR ${tag(3)}`,
    `${tag(0)} AND ${tag(4)} AND ${tag(6)}`,
    ...(alias ? [alias] : []),
    ...(project ? [project] : []),
    ...(tail.length ? [tail[Math.floor(tail.length / 2)]!] : []),
    tag(20),
  ];
  const searches = [[word], ['--tag', tag(0), word], ...(categories[0] ? [['--category', categories[0], '--tag', tag(1), word]] : []), ['timeout']];
  const packs = index.packs.length ? index.packs.map((p) => ({ task: p.task, project: p.project })) : [{ task: `Fix the ${tag(0)} ${word} bug`, project }];
  return { queries, searches, packs };
}
