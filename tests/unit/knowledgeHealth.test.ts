// What the knowledge health page and `kb review` count (src/core/health/): one row per rule of what makes a note
// stale, retired, untagged or an orphan, and a pack of low confidence; then the page's view of the sample folder.
import { describe, expect, it } from 'vitest';
import { healthView } from '../../src/core/health/healthView.ts';
import { knowledgeHealth, type HealthInput, type HealthPack, type KnowledgeHealth } from '../../src/core/health/knowledgeHealth.ts';
import type { NoteEntry } from '../../src/core/index/kbIndexSchema.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { siteI18n } from '../../src/core/i18n/localeTables.ts';
import { indexedNote } from './foundationSupport.ts';

const TODAY = '2026-10-15';

/** A note as the index holds it, tagged `t` unless told otherwise. */
const note = (path: string, fields: Partial<NoteEntry> = {}): NoteEntry => indexedNote(path, { tags: ['t'], ...fields });

const pack = (slug: string, cites: string[], confidence: HealthPack['pack']['confidence'] = 'high'): HealthPack => ({
  slug,
  title: `Pack ${slug}`,
  pack: { confidence, tokens: 100, citations: cites.map((path) => ({ path, bucket: 'notes', status: 'active', shown: 'whole' })) },
});

function health(notes: NoteEntry[], extra: Partial<HealthInput> = {}): KnowledgeHealth {
  return knowledgeHealth({
    index: { notes, staleness: { ideas: 7, codemap: 14, stitch: 30 } },
    today: TODAY,
    packs: [],
    brokenLinks: [],
    linksOut: new Map(),
    ...extra,
  });
}

type Row = [rule: string, got: () => unknown, expected: unknown];

const ROWS: Row[] = [
  [
    'a cited note whose `updated` is over 365 days old is stale',
    () => health([note('a.md', { updated: '2025-10-14' })], { packs: [pack('p', ['a.md'])] }).staleCited,
    [{ path: 'a.md', packs: ['p'], day: '2025-10-14', ageDays: 366 }],
  ],
  ['365 days old is not stale yet', () => health([note('a.md', { updated: '2025-10-15' })], { packs: [pack('p', ['a.md'])] }).staleCited, []],
  [
    'without `updated`, `date` is the day',
    () => health([note('a.md', { date: '2024-01-01' })], { packs: [pack('p', ['a.md'])] }).staleCited.map((n) => n.day),
    ['2024-01-01'],
  ],
  [
    '`updated` wins over an older `date`',
    () => health([note('a.md', { date: '2020-01-01', updated: '2026-10-01' })], { packs: [pack('p', ['a.md'])] }).staleCited,
    [],
  ],
  [
    'an undated note is never stale (its file day is a checkout’s)',
    () => health([note('a.md', { mtime: '2020-01-01' })], { packs: [pack('p', ['a.md'])] }).staleCited,
    [],
  ],
  ['a stale note no pack cites is not listed', () => health([note('a.md', { updated: '2020-01-01' })], { packs: [pack('p', [])] }).staleCited, []],
  [
    'kb.config.yaml staleness.notes sets the threshold',
    () =>
      knowledgeHealth({
        index: { notes: [note('a.md', { updated: '2026-09-01' })], staleness: { ideas: 7, codemap: 14, stitch: 30, notes: 30 } },
        today: TODAY,
        packs: [pack('p', ['a.md'])],
        brokenLinks: [],
        linksOut: new Map(),
      }).staleCited.map((n) => [n.path, n.ageDays]),
    [['a.md', 44]],
  ],
  [
    'a note cited by several packs names each once, in configuration order',
    () => health([note('a.md', { updated: '2020-01-01' })], { packs: [pack('z', ['a.md']), pack('b', ['a.md', 'a.md'])] }).staleCited[0]!.packs,
    ['z', 'b'],
  ],
  [
    'deprecated and superseded notes a pack cites are listed, with what replaces them',
    () =>
      health([note('a.md', { status: 'deprecated' }), note('b.md', { status: 'superseded', supersededBy: 'c.md' }), note('c.md')], {
        packs: [pack('p', ['a.md', 'b.md', 'c.md'])],
      }).deprecatedCited,
    [
      { path: 'a.md', packs: ['p'], status: 'deprecated' },
      { path: 'b.md', packs: ['p'], status: 'superseded', supersededBy: 'c.md' },
    ],
  ],
  ['a deprecated note no pack cites is not listed', () => health([note('a.md', { status: 'deprecated' })]).deprecatedCited, []],
  [
    'packs of low confidence, in configuration order',
    () => health([], { packs: [pack('b', ['x.md'], 'low'), pack('a', [], 'medium'), pack('c', [], 'low')] }).lowConfidencePacks.map((p) => p.slug),
    ['b', 'c'],
  ],
  [
    'an orphan has no link in and none out; linking or being linked is enough',
    () => health([note('a.md'), note('b.md'), note('c.md'), note('d.md')], { linksOut: new Map([['a.md', new Set(['b.md'])]]) }).orphans,
    ['c.md', 'd.md'],
  ],
  ['untagged notes, by path', () => health([note('b.md', { tags: [] }), note('a.md', { tags: [] }), note('c.md')]).untagged, ['a.md', 'b.md']],
  [
    'broken links in file and line order',
    () =>
      health([], {
        brokenLinks: [
          { file: 'b.md', line: 1, kind: 'link', target: 'x', reason: 'missing' },
          { file: 'a.md', line: 9, kind: 'wikilink', target: 'y', reason: 'missing' },
          { file: 'a.md', line: 2, kind: 'embed', target: 'z', reason: 'unpublished' },
        ],
      }).brokenLinks.map((b) => `${b.file}:${b.line}`),
    ['a.md:2', 'a.md:9', 'b.md:1'],
  ],
];

describe.each(ROWS)('knowledge health: %s', (_rule, got, expected) => {
  it('holds', () => expect(got()).toEqual(expected));
});

describe('the health page’s view', () => {
  const notes = [note('a.md', { updated: '2020-01-01', tags: [] }), note('b.md', { status: 'superseded', supersededBy: 'a.md' })];
  const h = health(notes, {
    packs: [pack('p', ['a.md', 'b.md'], 'low')],
    brokenLinks: [{ file: 'b.md', line: 3, kind: 'wikilink', target: 'gone', reason: 'missing' }],
  });
  const view = healthView(h, new Map(notes.map((n) => [n.path, n])), [{ slug: 'p', title: 'Pack p' }], createSitePaths('/wiki/'));
  const section = (key: string) => view.find((s) => s.kind.key === key)!;

  it('has every kind, in the page’s order, with its count', () =>
    expect(view.map((s) => [s.kind.id, s.count])).toEqual([
      ['stale', 1],
      ['deprecated', 1],
      ['low-confidence', 1],
      ['broken-links', 1],
      ['orphans', 2],
      ['untagged', 1],
    ]));
  it('links each note and pack under the base, with its age and the packs citing it', () =>
    expect(section('staleCited').items).toEqual([
      {
        title: 'Title of a',
        href: '/wiki/notes/a/',
        where: 'a.md',
        detail: 'last updated 2020-01-01',
        day: '2020-01-01',
        // The page's words, numbers written by Intl in the site's language (the CLI's ages are not grouped).
        age: '(2,479 days ago)',
        citedBy: [{ title: 'Pack p', href: '/wiki/packs/p/' }],
      },
    ]));
  it("speaks the site's language: a section's heading, an item's detail and age in German", () => {
    const de = healthView(h, new Map(notes.map((n) => [n.path, n])), [{ slug: 'p', title: 'Pack p' }], createSitePaths('/wiki/'), siteI18n('de'));
    const stale = de.find((s) => s.kind.key === 'staleCited')!;
    expect([stale.title, stale.items[0]!.detail, stale.items[0]!.age]).toEqual([
      'Veraltete Notizen, noch zitiert',
      'zuletzt aktualisiert am 1. Januar 2020',
      `(vor ${new Intl.NumberFormat('de').format(2479)} Tagen)`,
    ]);
  });
  it('a superseded note links the note that replaces it', () =>
    expect(section('deprecatedCited').items[0]!.next).toEqual({ title: 'Title of a', href: '/wiki/notes/a/' }));
  it('a broken link says where and what', () =>
    expect(section('brokenLinks').items[0]).toMatchObject({ href: '/wiki/notes/b/', where: 'b.md:3', detail: 'wikilink “gone” leads nowhere' }));
});
