// The sidebar's tree (src/core/navigation/sidebarTree.ts), the branch one page carries, its HTML, and the breadcrumbs
// built from the same places.
import { describe, expect, it } from 'vitest';
import type { NoteEntry, ProjectEntry } from '../../src/core/index/kbIndexSchema.ts';
import { noteBreadcrumbs } from '../../src/core/notePage/breadcrumbs.ts';
import { renderSidebar } from '../../src/core/navigation/renderSidebar.ts';
import { buildSiteTree, notePlace, sidebarBranch, type BranchFolder, type BranchItem } from '../../src/core/navigation/sidebarTree.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { CONTENT } from './foundationSupport.ts';

const project = (key: string, name: string, root?: string): ProjectEntry => ({
  key,
  name,
  tags: [],
  shared: root !== undefined,
  group: false,
  noteCount: 0,
  ...(root ? { root } : {}),
});
const projects = [project('pay', 'Payments API', 'repos/payments-api'), project('mobile', 'Mobile App')];
const aria = { layout: 'aria' as const, projects, sharing: true };
const note = (path: string, tier: NoteEntry['tier'], title = path): NoteEntry =>
  ({ path, slug: path.replace(/\.mdx?$/, '').toLowerCase(), title, tier }) as NoteEntry;

describe('notePlace: the folders a note sits in, group first', () => {
  it.each([
    ['a promoted folder', 'decisions/001-x.md', 'cross-project', ['@cross-project', 'decisions'], ['Cross-project', 'decisions']],
    [
      'nested guides',
      'guides/onboarding/first-week.md',
      'cross-project',
      ['@cross-project', 'guides', 'guides/onboarding'],
      ['Cross-project', 'guides', 'onboarding'],
    ],
    [
      'a project folder, named by the project',
      'projects/pay/lessons/x.md',
      'project',
      ['@project', 'projects/pay', 'projects/pay/lessons'],
      ['Projects', 'Payments API', 'lessons'],
    ],
    ['an unconfigured project keeps its folder name', 'projects/ops/x.md', 'project', ['@project', 'projects/ops'], ['Projects', 'ops']],
    [
      'team-shared, by the project owning the repo',
      'repos/payments-api/_project-knowledge/cross/x.md',
      'team-shared',
      ['@team-shared', 'repos/payments-api/_project-knowledge', 'repos/payments-api/_project-knowledge/cross'],
      ['Team-shared', 'Payments API', 'cross'],
    ],
    ['reviews without logs/', 'logs/retrospect/x.md', 'reviews', ['@reviews', 'logs/retrospect'], ['Reviews', 'retrospect']],
  ] as const)('%s', (_, path, tier, ids, labels) => {
    const place = notePlace({ path, tier }, aria);
    expect(place.map((s) => s.id)).toEqual(ids);
    expect(place.map((s) => s.label)).toEqual(labels);
  });

  it('a flat folder has one group, Notes', () => {
    expect(notePlace({ path: 'daily/2026-01-01.md', tier: 'cross-project' }, { layout: 'flat', projects: [] }).map((s) => s.label)).toEqual(['Notes', 'daily']);
  });
});

describe('buildSiteTree', () => {
  const tree = buildSiteTree({
    ...aria,
    notes: [
      note('logs/prospect/p.md', 'reviews'),
      note('decisions/b.md', 'cross-project', 'beta'),
      note('decisions/a.md', 'cross-project', 'Alpha'),
      note('guides/x/g.md', 'cross-project', 'Guide'),
      note('projects/pay/lessons/l.md', 'project', 'Lesson'),
    ],
  });
  it('orders groups by tier, folders before notes, labels without case', () => {
    expect(tree.groups.map((g) => g.id)).toEqual(['@cross-project', '@project', '@reviews']);
    const decisions = tree.groups[0]!.children.find((c) => c.kind === 'folder' && c.id === 'decisions');
    expect(decisions?.kind === 'folder' && decisions.children.map((c) => (c.kind === 'note' ? c.title : c.label))).toEqual(['Alpha', 'beta']);
  });
  it('records each note’s chain of folders', () => expect(tree.chains.get('guides/x/g')).toEqual(['@cross-project', 'guides', 'guides/x']));
});

const labels = (items: readonly BranchItem[]): unknown[] =>
  items.map((i) => (i.kind === 'note' ? `${i.title}${i.current ? ' *' : ''}` : { [i.label]: i.lazy ? 'lazy' : labels(i.children) }));

describe('sidebarBranch: what one page carries', () => {
  const notes = [
    ...Array.from({ length: 50 }, (_, i) => note(`decisions/${String(i).padStart(3, '0')}.md`, 'cross-project', `D${String(i).padStart(3, '0')}`)),
    note('guides/x/g.md', 'cross-project', 'Guide'),
    note('projects/pay/lessons/l.md', 'project', 'Lesson'),
  ];
  const tree = buildSiteTree({ ...aria, notes });
  it('without a current note: groups open, their folders lazy', () => {
    expect(labels(sidebarBranch(tree, undefined))).toEqual([
      { 'Cross-project': [{ decisions: 'lazy' }, { guides: 'lazy' }] },
      { Projects: [{ 'Payments API': 'lazy' }] },
    ]);
  });
  it('the folders holding the current note open, their siblings lazy', () => {
    const branch = sidebarBranch(tree, 'guides/x/g');
    expect(labels(branch)).toEqual([
      { 'Cross-project': [{ decisions: 'lazy' }, { guides: [{ x: ['Guide *'] }] }] },
      { Projects: [{ 'Payments API': 'lazy' }] },
    ]);
    expect((branch[0]!.children[1] as BranchFolder).open).toBe(true);
  });
  it.each([
    ['the window is centred on the current note', 'decisions/025', 5, 'D023', 'D027', 45],
    ['at the start it starts at the first', 'decisions/000', 5, 'D000', 'D004', 45],
    ['at the end it ends at the last', 'decisions/049', 5, 'D045', 'D049', 45],
  ])('%s', (_, current, window, first, last, hidden) => {
    const decisions = sidebarBranch(tree, current, { window })[0]!.children[0] as BranchFolder;
    const titles = decisions.children.map((c) => (c.kind === 'note' ? c.title : c.label));
    expect([titles[0], titles[titles.length - 1], titles.length, decisions.hidden]).toEqual([first, last, window, hidden]);
  });
  it('full: every folder with every note, nothing open or hidden (the fragment)', () => {
    const full = sidebarBranch(tree, undefined, { full: true });
    const folders: BranchFolder[] = [];
    const walk = (items: readonly BranchItem[]) => items.forEach((i) => i.kind === 'folder' && (folders.push(i), walk(i.children)));
    walk(full);
    expect(folders.every((f) => !f.open && !f.lazy && f.hidden === 0)).toBe(true);
    expect(JSON.stringify(full).match(/"kind":"note"/g)).toHaveLength(notes.length);
  });
});

describe('renderSidebar', () => {
  const paths = createSitePaths('/wiki/');
  const tree = buildSiteTree({ ...aria, notes: [note('decisions/a.md', 'cross-project', 'A <b>&"'), note('guides/g.md', 'cross-project', 'G')] });
  const html = renderSidebar(sidebarBranch(tree, 'decisions/a'), paths.note);
  it('escapes titles and marks the current page', () =>
    expect(html).toContain('<a href="/wiki/notes/decisions/a/" aria-current="page">A &lt;b&gt;&amp;&quot;</a>'));
  it('leaves lazy folders empty', () => expect(html).toContain('<details data-id="guides" data-lazy><summary>guides</summary></details>'));
  it('says how many entries the window left out', () => expect(renderSidebar(sidebarBranch(tree, undefined, { window: 1 }), paths.note)).toContain('1 more…'));
});

describe('noteBreadcrumbs', () => {
  const paths = createSitePaths('/');
  it.each([
    [
      'cross-project: folders lead to their folder pages',
      'guides/onboarding/x.md',
      'cross-project',
      [['Cross-project'], ['guides', '/folders/guides/'], ['onboarding', '/folders/guides/onboarding/']],
    ],
    [
      'project: its page',
      'projects/pay/lessons/x.md',
      'project',
      [
        ['Projects', '/projects/'],
        ['Payments API', '/projects/pay/'],
        ['lessons', '/folders/projects/pay/lessons/'],
      ],
    ],
    [
      'team-shared: its shared page',
      'repos/payments-api/_project-knowledge/x.md',
      'team-shared',
      [
        ['Team-shared', '/shared/'],
        ['Payments API', '/shared/pay/'],
      ],
    ],
  ] as const)('%s', (_, path, tier, expected) => {
    expect(noteBreadcrumbs({ path, tier }, aria, paths).map((c) => (c.href ? [c.label, c.href] : [c.label]))).toEqual(expected);
  });
});

describe('the sample folder', () => {
  const { index } = indexKnowledgeFolder(CONTENT);
  const tree = buildSiteTree(index);
  it('holds every note once', () => expect(tree.chains.size).toBe(index.notes.length));
  it('a note page carries far less than the whole tree', () => {
    const page = renderSidebar(sidebarBranch(tree, 'decisions/005-cursor-pagination'), createSitePaths('/').note);
    const whole = renderSidebar(sidebarBranch(tree, undefined, { full: true }), createSitePaths('/').note);
    expect(page.length * 2).toBeLessThan(whole.length);
    expect(page).toContain('aria-current="page"');
  });
});
