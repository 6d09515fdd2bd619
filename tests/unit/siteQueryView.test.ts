// Tag, project and query pages render kb query's result through buildQueryView: same groups, numbers, labels.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { renderQueryText } from '../../src/core/query/renderQueryText.ts';
import { artifactState, buildQueryView } from '../../src/core/views/queryView.ts';
import { sharedNotesByProject } from '../../src/core/navigation/sharedNotes.ts';
import { compareStrings } from '../../src/core/util/compare.ts';
import {
  cardAt,
  fromQueryIndex,
  positionsOf,
  noteCardShards,
  shardsFor,
  SHARD_SIZE,
  toQueryIndex,
  type NoteCard,
  type QueryIndexFile,
} from '../../src/core/views/queryIndex.ts';

const { index } = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/query-aria'));
const TODAY = '2026-05-01';
const byPath = new Map(index.notes.map((n) => [n.path, n]));
const viewOf = (q: string) => {
  const result = runQuery(index, q, { today: TODAY });
  return { result, view: buildQueryView(result, index, (p) => byPath.get(p), TODAY), text: renderQueryText(result) };
};

describe.each(['api', 'ss', 'cs', 'api AND pagination', 'rn', 'empty', 'no-such-tag'])('query %j', (q) => {
  const { result, view, text } = viewOf(q);
  it('numbers every hit as kb query does, in the same order', () =>
    expect(view.groups.flatMap((g) => g.hits.map((h) => `${h.n}. ${h.path}`))).toEqual(result.results.map((h) => `${h.n}. ${h.path}`)));
  it('uses the CLI headings (only when more than one group)', () => {
    for (const g of view.groups) if (g.heading) expect(text).toContain(`## ${g.heading}`);
    if (view.groups.length === 1) expect(view.groups[0]!.heading).toBeUndefined();
  });
  it('words the summary, notices and empty-project notes as the CLI', () => {
    for (const line of [view.summary, ...view.notices, ...view.emptyNotes]) if (line) expect(text).toContain(line);
  });
  it('words artifact states as the CLI', () => {
    for (const a of view.artifacts) expect(text).toContain(`${a.n}. ${a.path} — ${a.state} [project: ${a.project}]`);
  });
  it('links hits that are published notes', () => {
    for (const h of view.groups.flatMap((g) => g.hits)) expect(h.slug).toBe(byPath.get(h.path)?.slug);
  });
});

describe('artifactState', () => {
  const age = { date: '2026-04-01', threshold: 14, remediation: 'run /codemap update' };
  it.each([
    ['missing CODEMAP', artifactState('CODEMAP', 'ss', false, undefined, TODAY), '(not found — run /codemap create)'],
    ['missing STITCH names the project', artifactState('STITCH', 'cs', false, undefined, TODAY), '(not found — run /stitch create cs)'],
    ['fresh', artifactState('CODEMAP', 'ss', true, age, '2026-04-02'), '(yesterday) — fresh'],
    ['stale', artifactState('CODEMAP', 'ss', true, age, TODAY), '(30 days ago) [STALE — run /codemap update]'],
  ])('%s', (_rule, actual, expected) => expect(actual).toBe(expected));
});

describe('sharedNotesByProject', () => {
  const groups = sharedNotesByProject(index);
  it('lists only projects enabled for sharing, then cross', () => expect(groups.map((g) => g.project)).toEqual(['ss', 'cross']));
  it('never lists a note of a project whose sharing is off', () => {
    const disabled = new Set(index.projects.filter((p) => !p.shared).map((p) => p.key));
    for (const g of groups) for (const n of g.notes) expect(disabled.has(n.project ?? 'cross')).toBe(false);
  });
});

describe('the compact query index answers exactly as the full index', () => {
  const file = JSON.parse(JSON.stringify(toQueryIndex(index))) as QueryIndexFile;
  const compact = fromQueryIndex(file);
  const shards = new Map(noteCardShards(index).map((cards, shard) => [shard, JSON.parse(JSON.stringify(cards)) as NoteCard[]]));
  const position = positionsOf(compact);
  // The compact index reports sort keys as paths; the shards turn them back into the notes.
  const real = (key: string) => cardAt(shards, position.get(key)!)!;
  const compactAnswer = (q: string) => {
    const r = runQuery(compact, q, { today: TODAY });
    return { ...r, results: r.results.map((h) => ({ ...h, path: real(h.path)[0], description: real(h.path)[3] })) };
  };
  it.each(['api', 'ss', 'cs', 'api AND pagination', 'rn', 'empty', 'cross', 'no-such-tag', 'AND'])('%j', (q) =>
    expect(compactAnswer(q)).toEqual(runQuery(index, q, { today: TODAY })),
  );
  it.each(['api', 'ss', 'rn'])('%j renders the same view from the cards', (q) => {
    const compactView = buildQueryView(
      runQuery(compact, q, { today: TODAY }),
      index,
      (k) => {
        const [path, slug, title, description] = real(k);
        return { path, slug, title, description };
      },
      TODAY,
    );
    expect(compactView).toEqual(viewOf(q).view);
  });
  it('is smaller than the full index', () => expect(JSON.stringify(file).length).toBeLessThan(JSON.stringify(index).length / 2));
  it('sends no note path, only folder prefixes', () => {
    for (const n of index.notes) expect(JSON.stringify(file)).not.toContain(JSON.stringify(n.path));
  });
  it('finds the shards of the notes asked for', () => expect(shardsFor([0, 1, SHARD_SIZE + 3, 0])).toEqual([0, 1]));
});

describe('sort keys order and prefix as the paths they stand for', () => {
  // Paths chosen where key and path order could part: a file beside a folder of the same stem,
  // projects/ prefixes that extend each other, root files and files directly in projects/.
  const paths = [
    'a.md',
    'a/b.md',
    'a/b/c.md',
    'ab/a.md',
    'guides/x.md',
    'guides/x/y.md',
    'index.md',
    'projects.md',
    'projects/a/z.md',
    'projects/ab/a.md',
    'projects/readme.md',
    'projects/a/b/c.md',
    'reviews/2026.md',
    'team-shared/pay/k.md',
    'zz.md',
  ].sort(compareStrings);
  const notes = paths.map((path) => ({ ...index.notes[0]!, path, tier: 'cross-project' as const }));
  const keys = fromQueryIndex(JSON.parse(JSON.stringify(toQueryIndex({ ...index, notes }))) as QueryIndexFile).notes.map((n) => n.path);
  it('sorts in path order', () => expect([...keys].sort(compareStrings)).toEqual(keys));
  it.each(['projects/', 'projects/a/', 'projects/ab/', 'a/'])('keeps the prefix %j', (prefix) =>
    expect(keys.map((k) => k.startsWith(prefix))).toEqual(paths.map((p) => p.startsWith(prefix))),
  );
});

describe('buildQueryView with a limit', () => {
  const result = runQuery(index, 'api', { today: TODAY });
  const view = buildQueryView(result, index, (p) => byPath.get(p), TODAY, 2);
  it('keeps the first rows of the same numbered list', () =>
    expect(view.groups.flatMap((g) => g.hits.map((h) => h.n))).toEqual(result.results.slice(0, 2).map((h) => h.n)));
  it('counts every hit in the headings and the total', () => {
    expect(view.groups.map((g) => g.heading)).toEqual(
      viewOf('api')
        .view.groups.slice(0, view.groups.length)
        .map((g) => g.heading),
    );
    expect([view.shown, view.total]).toEqual([Math.min(2, result.results.length), result.results.length]);
  });
});
