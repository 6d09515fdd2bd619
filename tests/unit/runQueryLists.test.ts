import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import type { KbIndex, NoteEntry } from '../../src/core/index/kbIndexSchema.js';
import { matchNote } from '../../src/core/query/matchNote.js';
import type { QueryHit } from '../../src/core/query/queryResult.js';
import { runQuery } from '../../src/core/query/runQuery.js';
import { compareStrings } from '../../src/core/util/compare.js';

// runQuery matches through lists prepared once per index (src/core/query/queryLists.ts: notes by tag, by
// owner, joined hint forms). This holds it to the plain reading of seed 000 Step 4 — every note of a source,
// sorted by path, through matchNote — on generated indexes, so the shortcut can never change an answer.

const { index: base } = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/query-aria'));
const TODAY = '2026-04-16';
const byPath = (a: NoteEntry, b: NoteEntry) => compareStrings(a.path, b.path);

function plainStep4(index: KbIndex, tags: string[], mode: 'OR' | 'AND'): Omit<QueryHit, 'n'>[] {
  const projectKeys = tags.filter((t) => index.projects.some((p) => p.key === t));
  const hit = (note: NoteEntry, category: QueryHit['category'], hint: string): Omit<QueryHit, 'n'> => ({
    category,
    path: note.path,
    description: note.description,
    tags: [...note.tags],
    ...(hint ? { hint } : {}),
    ...(category === 'team-shared' ? { project: note.project ?? 'cross', scope: note.scope ?? 'repo' } : {}),
  });
  const out: Omit<QueryHit, 'n'>[] = [];
  if (index.sharing) {
    const enabled = new Set(['cross', ...index.projects.filter((p) => p.shared).map((p) => p.key)]);
    for (const note of index.notes.filter((n) => n.tier === 'team-shared').sort(byPath)) {
      const owner = note.project ?? 'cross';
      if (!enabled.has(owner)) continue;
      let hint = matchNote(note, tags, mode, (t) => t === owner);
      if (hint === undefined && mode === 'OR' && owner === 'cross' && projectKeys.length > 0) hint = '';
      if (hint !== undefined) out.push(hit(note, 'team-shared', hint));
    }
  }
  const seen = new Set<string>();
  for (const key of projectKeys)
    for (const note of index.notes.filter((n) => n.tier === 'project' && n.path.startsWith(`projects/${key}/`)).sort(byPath)) {
      const hint = mode === 'OR' ? '' : matchNote(note, tags, mode);
      if (seen.has(note.path) || hint === undefined) continue;
      seen.add(note.path);
      out.push(hit(note, 'project-specific', hint));
    }
  for (const note of index.notes.filter((n) => n.tier === 'cross-project').sort(byPath)) {
    if (index.layout === 'aria' && note.path.startsWith('projects/')) continue;
    const hint = matchNote(note, tags, mode);
    if (hint !== undefined) out.push(hit(note, 'cross-project', hint));
  }
  return out;
}

// Small pools, so tags, hints, owners and paths collide often. Hints carry hyphens and case (hint form),
// `limitx`/`x-paging` span two phrases of one note (meeting neither), a hyphen-only token meets nothing, and
// `ss`/`cs`/`empty` are the fixture's project keys.
const TAGS = ['api', 'ss', 'cs', 'stripe', 'rate-limit', 'cross', 'db'];
const HINTS = ['Rate-Limit headers', 'ratelimit', 'API paging', 'Paging', 'cursor-based', 'stripe db', 'x'];
const TOKENS = [...TAGS, 'empty', 'seer', 'rn', 'limit', 'rate', 'tel', 'api-paging', 'limitx', 'x-paging', 'AND', '-', '--', 'nothing'];
const FOLDERS = ['guides/', 'projects/ss/', 'projects/cs/', 'projects/ssx/', 'repos/ss/_project-knowledge/', 'top-'];

const note = fc
  .record({
    folder: fc.constantFrom(...FOLDERS),
    name: fc.constantFrom('a', 'b', 'c', 'd'),
    tier: fc.constantFrom('cross-project', 'project', 'reviews', 'team-shared') as fc.Arbitrary<NoteEntry['tier']>,
    tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
    hints: fc.array(fc.constantFrom(...HINTS), { maxLength: 2 }),
    project: fc.option(fc.constantFrom('ss', 'cs', 'cross', 'gone'), { nil: undefined }),
  })
  .map(({ folder, name, project, ...rest }): NoteEntry => {
    const n: NoteEntry = { ...base.notes[0]!, ...rest, path: `${folder}${name}.md`, description: `${folder}${name}` };
    delete n.project;
    if (project) n.project = project;
    return n;
  });

const index = fc
  .record({
    notes: fc.uniqueArray(note, { maxLength: 24, selector: (n) => n.path }),
    layout: fc.constantFrom('aria', 'flat') as fc.Arbitrary<KbIndex['layout']>,
    sharing: fc.boolean(),
  })
  .map((over): KbIndex => ({ ...base, ...over }));

const query = fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }).map((t) => t.join(' '));

describe('runQuery through its prepared lists answers as the plain Step 4', () => {
  it('on generated indexes and queries', () =>
    fc.assert(
      fc.property(index, fc.array(query, { minLength: 1, maxLength: 3 }), (idx, queries) => {
        // Several queries on one index object: the lists are prepared once and reused.
        for (const q of queries) {
          const r = runQuery(idx, q, { today: TODAY });
          // A query of AND words only has no tokens: usage, no Step 4.
          if (r.usage) expect(r.results).toEqual([]);
          else expect(r.results).toEqual(plainStep4(idx, r.tags, r.mode).map((h, i) => ({ n: i + 1, ...h })));
        }
      }),
      { numRuns: 400 },
    ));

  it.each([
    ['a hint met by tag elsewhere shows no hint in union mode', 'api rate'],
    ['a hint phrase met in intersection mode', 'api AND rate'],
    ['a team-shared owner counts as a tag', 'ss AND api'],
    ['cross-owned notes surface for a project key', 'cs'],
  ])('%s (%j)', (_rule, q) => {
    const r = runQuery(base, q, { today: TODAY });
    expect(r.results).toEqual(plainStep4(base, r.tags, r.mode).map((h, i) => ({ n: i + 1, ...h })));
  });
});
