// The home and query pages speak the folder's own vocabulary (src/core/navigation/homeSummary.ts).
import { describe, expect, it } from 'vitest';
import type { KbIndex } from '../../src/core/index/kbIndexSchema.ts';
import { queryExamples, topTags } from '../../src/core/navigation/homeSummary.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { CONTENT, fixture } from './foundationSupport.ts';

const counted = (index: KbIndex) => {
  const counts = new Map<string, number>();
  for (const n of index.notes) for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return counts;
};

describe('topTags', () => {
  const counts = new Map([
    ['b', 3],
    ['a', 3],
    ['c', 5],
    ['unused', 0],
  ]);
  it('most used first, ties by name, unused left out, capped', () =>
    expect(topTags(counts, { knownTags: [{ tag: 'a', aliases: ['aa'] }] }, 2)).toEqual([
      { tag: 'c', count: 5, aliases: undefined },
      { tag: 'a', count: 3, aliases: ['aa'] },
    ]));
});

describe.each([
  ['content/ (aria, projects, aliases)', CONTENT, { and: ['api', 'performance'], alias: 'rn', project: 'pay' }],
  ['flat-vault (no projects, no aliases)', fixture('flat-vault'), { alias: undefined, project: undefined }],
])('queryExamples of %s', (_, dir, expected) => {
  const { index } = indexKnowledgeFolder(dir);
  const x = queryExamples(index, counted(index));
  it('come from the folder itself', () => {
    if ('and' in expected) expect(x.and).toEqual(expected.and);
    expect(x.alias?.alias).toBe(expected.alias);
    expect(x.project).toBe(expected.project);
  });
  it('the placeholder names only what the folder has', () => {
    const words = new Set(
      index.notes
        .flatMap((n) => n.tags)
        .concat(
          Object.keys(index.aliases),
          index.projects.map((p) => p.key),
          ['AND', '--tag', 'keyword'],
        ),
    );
    for (const word of x.placeholder.split(/[ ,]+/).filter(Boolean)) expect(words).toContain(word);
  });
  it('every AND example finds notes', () => {
    if (!x.and) return;
    expect(index.notes.some((n) => x.and!.every((t) => n.tags.includes(t)))).toBe(true);
  });
});
