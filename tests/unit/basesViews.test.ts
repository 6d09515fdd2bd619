// A base's views (docs/graph-canvas-bases.md): filters (and / or / not, base and view), sort, limit, groupBy, columns
// and their names, the three layouts, what a view could not compute, and the warnings a bad file gives.
import { describe, expect, it } from 'vitest';
import { createBaseEnv, type RecordSource } from '../../src/core/bases/createBaseEnv.js';
import { renderBase, type BaseSite } from '../../src/core/bases/renderBase.js';
import type { BaseViewResult } from '../../src/core/bases/runBase.js';
import { displayText } from '../../src/core/bases/baseValue.js';

const note = (path: string, data: Record<string, unknown>, tags: string[] = [], links: string[] = []): RecordSource => ({
  path,
  slug: path.replace(/\.md$/, ''),
  title: path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, ''),
  tags,
  links,
  data,
  updated: typeof data['updated'] === 'string' ? data['updated'] : undefined,
});
const SOURCES = [
  note('p/a.md', { status: 'active', priority: 2, owner: '[[ada]]', updated: '2026-10-01' }, ['project']),
  note('p/b.md', { status: 'paused', priority: 1, updated: '2026-09-01' }, ['project', 'mobile']),
  note('p/c.md', { status: 'active', priority: 3 }, ['project']),
  note('p/d.md', { status: 'done', priority: null }, ['project']),
  note('people/ada.md', { role: 'lead' }, ['person'], ['p/a']),
  note('hub.md', { kind: 'hub' }, [], ['p/a', 'p/b']),
];
const resolve = (t: string) => SOURCES.find((s) => s.slug === t || s.slug.endsWith(`/${t}`) || s.path === t)?.path;
const site: BaseSite = {
  env: createBaseEnv(SOURCES, { resolve, today: '2026-10-15' }),
  links: { page: (path) => ({ href: `/notes/${path}/`, title: path }), image: () => undefined },
};
const base = (yaml: string, file = 'bases/t.base') => renderBase(yaml, site, { file });
const view = (yaml: string, i = 0): BaseViewResult => base(yaml).result!.views[i]!;
const rows = (v: BaseViewResult) => v.groups.flatMap((g) => g.rows.map((r) => r.path));

describe.each([
  ['no filters: every row, by path', 'views: [{ type: table }]', ['hub.md', 'p/a.md', 'p/b.md', 'p/c.md', 'p/d.md', 'people/ada.md']],
  ['one expression', 'filters: file.hasTag("person")', ['people/ada.md']],
  ['and: all of them', 'filters: { and: [\'file.hasTag("project")\', \'status == "active"\'] }', ['p/a.md', 'p/c.md']],
  ['or: any of them', 'filters: { or: [\'status == "paused"\', \'file.hasTag("person")\'] }', ['p/b.md', 'people/ada.md']],
  ['not: none of them', 'filters: { not: [\'file.hasTag("project")\', \'file.inFolder("people")\'] }', ['hub.md']],
  ['nested', 'filters: { and: [\'file.inFolder("p")\', { not: [\'status == "done"\', "priority > 2"] }] }', ['p/a.md', 'p/b.md']],
  ['the view’s filters with the base’s', 'filters: file.inFolder("p")\nviews: [{ type: table, filters: \'status == "active"\' }]', ['p/a.md', 'p/c.md']],
  ['a link to this file (backlinks)', 'filters: file.hasLink("p/a.md")', ['hub.md', 'people/ada.md']],
  ['a filter that cannot be computed leaves every row out', 'filters: html("x")', []],
  ['a filter that cannot be read leaves every row out', 'filters: "status =="', []],
])('filters: %s', (_rule, yaml, expected) => {
  it(yaml, () => expect(rows(view(yaml))).toEqual(expected));
});

describe.each([
  ['sort ascending, empty values last', 'sort: [{ property: priority, direction: ASC }]', ['p/b.md', 'p/a.md', 'p/c.md', 'p/d.md']],
  ['sort descending, empty values still last', 'sort: [{ property: priority, direction: DESC }]', ['p/c.md', 'p/a.md', 'p/b.md', 'p/d.md']],
  ['two keys: the second breaks ties', 'sort: [{ property: status }, { property: priority, direction: DESC }]', ['p/c.md', 'p/a.md', 'p/d.md', 'p/b.md']],
  ['`column` for property, as some files write it', 'sort: [{ column: note.priority }]', ['p/b.md', 'p/a.md', 'p/c.md', 'p/d.md']],
  ['by a file field', 'sort: [{ property: file.mtime, direction: DESC }]', ['p/a.md', 'p/b.md', 'p/c.md', 'p/d.md']],
  ['limit after sorting', 'sort: [{ property: priority }]\n    limit: 2', ['p/b.md', 'p/a.md']],
])('sort and limit: %s', (_rule, options, expected) => {
  const v = view(`filters: file.hasTag("project")\nviews:\n  - type: table\n    ${options}`);
  it(options, () => expect(rows(v)).toEqual(expected));
  it('counts the rows before the limit', () => expect(v.total).toBe(4));
});

describe('groupBy', () => {
  const v = view('filters: file.hasTag("project")\nviews:\n  - type: list\n    groupBy: { property: status, direction: DESC }');
  it('one group per value, in the direction asked', () =>
    expect(v.groups.map((g) => [g.label, g.rows.map((r) => r.path)])).toEqual([
      ['paused', ['p/b.md']],
      ['done', ['p/d.md']],
      ['active', ['p/a.md', 'p/c.md']],
    ]));
  it('a plain property name works too', () => expect(view('views:\n  - type: list\n    groupBy: role').groups.map((g) => g.label)).toEqual(['lead', '']));
});

describe('columns', () => {
  const v = view(
    [
      'filters: file.inFolder("p")',
      'formulas:',
      '  twice: "priority * 2"',
      'properties:',
      '  status: { displayName: State }',
      '  formula.twice: { displayName: Double }',
      'views:',
      '  - type: table',
      '    order: [file.name, status, note.owner, formula.twice, "due date"]',
      '    sort: [{ property: file.name }]',
    ].join('\n'),
  );
  it('labels: display names, else the property name', () => expect(v.columns.map((c) => c.label)).toEqual(['Name', 'State', 'owner', 'Double', 'due date']));
  it('cells: properties, a link property, a formula, a missing property', () =>
    expect(v.groups[0]!.rows[0]!.cells.map(displayText)).toEqual(['a.md', 'active', 'ada', '4', '']));
  it('the default column is the file name', () => expect(view('views: [{ type: table }]').columns).toEqual([{ id: 'file.name', label: 'Name' }]));
  it('`this` is the file that shows the base', () =>
    expect(
      displayText(
        base('formulas: { me: this.file.name }\nviews: [{ type: table, order: [formula.me], limit: 1 }]', 'hub.md').result!.views[0]!.groups[0]!.rows[0]!
          .cells[0]!,
      ),
    ).toBe('hub.md'));
});

describe.each([
  ['table', '<table aria-label="All" tabindex="0">', '<th scope="col">Name</th>'],
  ['cards', '<ul class="base-cards" aria-label="All">', '<li class="base-card">'],
  ['list', '<ul class="base-list" aria-label="All">', '<li><a class="base-link" href="/notes/p/a.md/">a</a> <span class="base-meta">active</span></li>'],
])('layout: %s', (type, ...fragments) => {
  const html = base(`filters: file.inFolder("p")\nviews: [{ type: ${type}, name: All, order: [file.name, status] }]`).html;
  it.each(fragments)('%s', (fragment) => expect(html).toContain(fragment));
});

describe('what a view could not compute', () => {
  const rendered = base('formulas: { h: \'html("<b>x</b>")\' }\nsummaries: { s: "values.mean()" }\nviews: [{ type: map, order: [formula.h, file.size] }]');
  const v = rendered.result!.views[0]!;
  it('the view lists it', () =>
    expect(v.problems).toEqual([
      'formula.h: html() is not supported here, so it was not computed',
      'file.size: file.size is not supported here, so it was not computed',
      'the map view is not drawn here; shown as a table',
      'summaries are not computed here',
    ]));
  it('a map is shown as a table', () => expect([v.type, v.layout]).toEqual(['map', 'table']));
  it('one warning names the file and the functions', () =>
    expect(rendered.issues).toEqual([
      {
        severity: 'warning',
        code: 'base-unsupported',
        file: 'bases/t.base',
        message: 'uses file.size, html(), which are not supported here; the view says what it could not compute.',
      },
    ]));
  it('the page shows the list', () => expect(rendered.html).toContain('<div class="base-problems" role="note"><p>This view could not compute everything:</p>'));
});

describe.each([
  ['not YAML', 'views: [ { type: table', /^is not valid YAML \(.+\); the base is not shown\. Fix the YAML\.$/, 1],
  ['a view that is not a list', 'views: table', /^is not a base: views: Expected array, received string; the base is not shown\./, 1],
  ['a bad limit', 'views:\n  - type: table\n    limit: -1', /^is not a base: views\.0\.limit: Number must be greater than or equal to 0/, 3],
])('a bad file: %s', (_rule, yaml, message, line) => {
  const rendered = base(yaml);
  it('is one warning naming the file and line, never an exception', () =>
    expect(rendered.issues).toEqual([{ severity: 'warning', code: 'base-invalid', file: 'bases/t.base', line, message: expect.stringMatching(message) }]));
  it('shows why instead of the views', () => expect(rendered.html).toMatch(/^<div class="base"><div class="base-problems" role="note"><p>This base is not/));
});

describe('escaping', () => {
  const hostile: RecordSource[] = [note('x.md', { status: '<img src=x onerror=alert(1)>' })];
  const html = renderBase(
    'views: [{ type: table, name: "<script>", order: [file.name, status] }]',
    {
      env: createBaseEnv(hostile, { resolve: () => undefined, today: '2026-10-15' }),
      links: { page: () => ({ href: '/x/"onmouseover="alert(1)', title: '<b>' }), image: () => undefined },
    },
    { file: 'b.base' },
  ).html;
  it('every text and attribute is escaped', () => {
    expect(html).not.toMatch(/<img|<script|<b>|"onmouseover/);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('picking a view by name', () => {
  it('`![[x.base#Second]]` shows that view only', () =>
    expect(
      renderBase('views: [{ type: table, name: First }, { type: list, name: Second }]', site, { file: 'b.base', view: 'Second' }).result!.views.map(
        (v) => v.name,
      ),
    ).toEqual(['Second']));
  it('an unknown name shows them all', () =>
    expect(
      renderBase('views: [{ type: table, name: First }, { type: list, name: Second }]', site, { file: 'b.base', view: 'Nope' }).result!.views,
    ).toHaveLength(2));
});
