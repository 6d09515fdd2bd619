// Tag pages list every note that carries the tag (src/core/views/tagPageView.ts): `kb query <tag>`'s groups and
// numbers first, then the notes the query leaves out (project folders, reviews). Checked for every tag of the
// sample folder and of a fixture with project folders; the count every tag chip shows is the number listed.
import { describe, expect, it } from 'vitest';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { buildQueryView } from '../../src/core/views/queryView.ts';
import { allTags } from '../../src/core/navigation/summariseIndex.ts';
import { buildTagPages } from '../../src/core/views/tagPageView.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { CONTENT, fixture } from './foundationSupport.ts';

const TODAY = '2026-10-15';

describe.each([
  ['content/', CONTENT],
  ['query-aria', fixture('query-aria')],
])('every tag page of %s', (_, dir) => {
  const { index } = indexKnowledgeFolder(dir);
  const byPath = new Map(index.notes.map((n) => [n.path, n]));
  const tags = allTags(index);
  const pages = buildTagPages(index, tags, (tag) => {
    const result = runQuery(index, tag, { today: TODAY });
    return { result, view: buildQueryView(result, index, (p) => byPath.get(p), TODAY) };
  });
  const listed = (tag: string) => {
    const page = pages.get(tag)!;
    return [...page.view.groups.flatMap((g) => g.hits.map((h) => h.path)), ...(page.also?.notes.map((n) => n.path) ?? [])];
  };

  it('has tags, some with notes the query leaves out', () => {
    expect(tags.length).toBeGreaterThan(5);
    expect(tags.some((t) => pages.get(t)!.also)).toBe(true);
  });

  it.each(tags)('%s: every note carrying it is listed, once, and the count is the number listed', (tag) => {
    const paths = listed(tag);
    const tagged = index.notes.filter((n) => n.tags.includes(tag)).map((n) => n.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(tagged));
    expect(pages.get(tag)!.count).toBe(paths.length);
  });

  it.each(tags)('%s: the query part is exactly `kb query`, numbers included; the rest carry the tag', (tag) => {
    const page = pages.get(tag)!;
    const expected = runQuery(index, tag, { today: TODAY });
    expect(page.view.groups.flatMap((g) => g.hits.map((h) => [h.n, h.path]))).toEqual(expected.results.map((r) => [r.n, r.path]));
    for (const n of page.also?.notes ?? []) expect(n.tags).toContain(tag);
  });
});

describe('the also-tagged group names where its notes are', () => {
  const { index } = indexKnowledgeFolder(CONTENT);
  const byPath = new Map(index.notes.map((n) => [n.path, n]));
  const pages = buildTagPages(index, ['react-native', 'mobile'], (tag) => {
    const result = runQuery(index, tag, { today: TODAY });
    return { result, view: buildQueryView(result, index, (p) => byPath.get(p), TODAY) };
  });
  it('react-native: project folders and reviews', () =>
    expect(pages.get('react-native')!.also?.heading).toMatch(/^Also tagged, in project folders and reviews \(\d+ notes\)$/));
});
