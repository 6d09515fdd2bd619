// What a note page shows around the body: headings and the table of contents, anchors, related notes,
// "Last updated", the edit link; the Atom feed of recent updates.
import { describe, expect, it } from 'vitest';
import type { NoteEntry } from '../../src/core/index/kbIndexSchema.ts';
import { editLink } from '../../src/core/notePage/editLink.ts';
import { lastUpdatedDates, recentlyUpdated } from '../../src/core/notePage/lastUpdated.ts';
import { headingsOf, tableOfContents, textOf, withHeadingAnchors } from '../../src/core/notePage/noteHeadings.ts';
import { relatedNotesOf } from '../../src/core/notePage/relatedNotes.ts';
import { renderAtomFeed } from '../../src/core/outputs/renderAtomFeed.ts';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.ts';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';

const note = (path: string, fields: Partial<NoteEntry> = {}): NoteEntry =>
  ({ path, slug: path.replace(/\.md$/, ''), title: path, description: `About ${path}`, tags: [], status: 'active', ...fields }) as NoteEntry;

describe('headingsOf: ids from the Markdown pipeline, text without markup', () => {
  const renderer = createNoteRenderer({ trustHtml: false, resolver: createLinkResolver({ notes: [], files: [] }), paths: createSitePaths('/') });
  const render = (markdown: string) => renderer({ path: 'note.md', markdown }).html;
  it.each([
    ['plain', '## Summary', { depth: 2, id: 'summary', text: 'Summary' }],
    ['GitHub slug rules', '## What’s new in v2.0?', { depth: 2, id: 'whats-new-in-v20', text: 'What’s new in v2.0?' }],
    ['inline code and emphasis', '### The `cursor` is *opaque*', { depth: 3, id: 'the-cursor-is-opaque', text: 'The cursor is opaque' }],
    ['entities decoded', '## A & B < C', { depth: 2, id: 'a--b--c', text: 'A & B < C' }],
  ])('%s', (_, markdown, expected) => expect(headingsOf(render(markdown))).toEqual([expected]));

  it('repeated headings get -1, -2 as on GitHub', () => expect(headingsOf(render('## Fix\n\n## Fix\n')).map((h) => h.id)).toEqual(['fix', 'fix-1']));
});

describe('tableOfContents', () => {
  const h = (depth: number, id: string) => ({ depth, id, text: id });
  it.each([
    ['fewer than three h2/h3: none', [h(2, 'a'), h(3, 'b'), h(4, 'c')], []],
    [
      'h3s nest under their h2',
      [h(2, 'a'), h(3, 'b'), h(2, 'c')],
      [
        { id: 'a', children: ['b'] },
        { id: 'c', children: [] },
      ],
    ],
    [
      'an h3 before any h2 stands alone',
      [h(3, 'a'), h(2, 'b'), h(2, 'c')],
      [
        { id: 'a', children: [] },
        { id: 'b', children: [] },
        { id: 'c', children: [] },
      ],
    ],
    ['h1 and h4 are left out', [h(1, 'x'), h(2, 'a'), h(4, 'y'), h(2, 'b'), h(2, 'c')], ['a', 'b', 'c'].map((id) => ({ id, children: [] }))],
  ])('%s', (_, headings, expected) => {
    expect(tableOfContents(headings).map((e) => ({ id: e.id, children: e.children.map((c) => c.id) }))).toEqual(expected);
  });
});

describe('withHeadingAnchors', () => {
  it('adds a hidden, untabbable self-link inside each heading with an id', () => {
    expect(withHeadingAnchors('<h2 id="a-b">A <code>b</code></h2><p>x</p><h3>no id</h3>')).toBe(
      '<h2 id="a-b">A <code>b</code><a class="heading-anchor" href="#a-b" aria-hidden="true" tabindex="-1" data-pagefind-ignore>#</a></h2><p>x</p><h3>no id</h3>',
    );
  });
  it('textOf drops tags and decodes', () => expect(textOf('<em>a</em> &amp;&#x3C;&#62; b')).toBe('a &<> b'));
});

describe('relatedNotesOf: most shared tags, at most five', () => {
  const notes = [
    note('a.md', { tags: ['x', 'y', 'z'] }),
    note('b.md', { tags: ['x', 'y'] }),
    note('c.md', { tags: ['x'] }),
    note('d.md', { tags: ['x', 'y'], status: 'deprecated' }),
    note('e.md', { tags: ['q'] }),
    ...['f', 'g', 'h', 'i'].map((n) => note(`${n}.md`, { tags: ['z'] })),
  ];
  /** Every note's related notes, by slug, asked for one note at a time as pages do (the finder's counters are reused). */
  const relatedNotes = (limit?: number) => {
    const of = relatedNotesOf(notes, limit);
    return new Map(notes.map((n, i) => [n.slug, of(i)]));
  };
  const related = relatedNotes();
  it('ranks by shared tags, active before deprecated, then path; never itself', () =>
    expect(related.get('a')!.map((r) => [r.slug, r.shared])).toEqual([
      ['b', 2],
      ['d', 2],
      ['c', 1],
      ['f', 1],
      ['g', 1],
    ]));
  it('a note sharing no tag has none', () => expect(related.get('e')).toEqual([]));
  it('the limit holds', () =>
    expect(
      relatedNotes(2)
        .get('a')!
        .map((r) => r.slug),
    ).toEqual(['b', 'd']));
});

describe('last updated', () => {
  const notes = [
    note('git.md', { updated: '2026-01-01' }),
    note('fm-updated.md', { updated: '2026-03-01', date: '2025-01-01', mtime: '2026-12-31' }),
    note('fm-date.md', { date: '2026-02-01' }),
    note('undated.md', { mtime: '2026-12-31' }),
    note('epoch.md', { mtime: '1970-01-01' }),
  ];
  const git = new Map([['git.md', '2026-04-01']]);
  it.each([
    ['git first, then updated, then date; never mtime', git, false, { 'git.md': '2026-04-01', 'fm-updated.md': '2026-03-01', 'fm-date.md': '2026-02-01' }],
    [
      'in a repository without its own history: frontmatter only',
      undefined,
      false,
      { 'git.md': '2026-01-01', 'fm-updated.md': '2026-03-01', 'fm-date.md': '2026-02-01' },
    ],
    [
      'outside any repository: frontmatter, then the modification day (never the epoch)',
      undefined,
      true,
      { 'git.md': '2026-01-01', 'fm-updated.md': '2026-03-01', 'fm-date.md': '2026-02-01', 'undated.md': '2026-12-31' },
    ],
  ])('%s', (_, dates, mtimes, expected) => expect(lastUpdatedDates(notes, dates, { mtimes })).toEqual(expected));
  it('recent: newest first, undated never before a dated note', () => {
    const updated = lastUpdatedDates(notes, git);
    expect(recentlyUpdated(notes, updated, 5).map((n) => n.path)).toEqual(['git.md', 'fm-updated.md', 'fm-date.md', 'epoch.md', 'undated.md']);
  });
});

describe('editLink', () => {
  it.each([
    ['no editUrl: no link', undefined, 'a.md', undefined],
    ['joined to the folder URL', 'https://github.com/o/kb/edit/main/', 'decisions/a.md', 'https://github.com/o/kb/edit/main/decisions/a.md'],
    ['a missing trailing slash is added', 'https://github.com/o/kb/edit/main/kb', 'a.md', 'https://github.com/o/kb/edit/main/kb/a.md'],
    ['odd names are escaped', 'https://x.test/edit/', 'guides/a #1?.md', 'https://x.test/edit/guides/a%20%231%3F.md'],
    [
      'team-shared notes outside the folder',
      'https://x.test/kb/edit/main/knowledge/',
      '../repos/a/_project-knowledge/n.md',
      'https://x.test/kb/edit/main/repos/a/_project-knowledge/n.md',
    ],
  ])('%s', (_, base, path, expected) => expect(editLink(base, path)).toBe(expected));
});

describe('renderAtomFeed', () => {
  const notes = [note('a.md', { title: 'A & <b>', tags: ['api'] }), note('b.md'), note('c.md')];
  const input = {
    title: 'Team KB',
    description: 'What we know',
    notes,
    updated: { 'a.md': '2026-02-01', 'b.md': '2026-03-01' },
    home: '/wiki/',
    feed: '/wiki/feed.xml',
    note: (slug: string) => `/wiki/notes/${slug}/`,
    today: '2026-10-15',
  };
  it('with an origin: absolute ids and links, newest first, undated left out', async () => {
    await expect(renderAtomFeed({ ...input, url: (p) => `https://kb.example.com${p}` })).toMatchFileSnapshot('__golden__/feed-absolute.xml');
  });
  it('without one: urn ids, root-relative links', () => {
    const xml = renderAtomFeed({ ...input, url: (p) => p });
    expect(xml).toContain('<id>urn:kb-portal:/wiki/notes/b/</id>');
    expect(xml).toContain('<link rel="alternate" type="text/html" href="/wiki/notes/b/"/>');
    expect(xml).not.toContain('notes/c/');
  });
  it('no dated note: the feed is dated today, never 1970', () => {
    const xml = renderAtomFeed({ ...input, updated: {}, url: (p) => p });
    expect(xml).toContain('  <updated>2026-10-15T00:00:00Z</updated>');
    expect(xml).not.toContain('1970');
  });
});
