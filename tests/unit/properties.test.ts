// The properties panel (src/core/properties/): every frontmatter value typed, one row per type; which keys show and
// in what order (kb.config.yaml `properties`); and, through the whole build stage, that a credential in a property is
// published as its redaction marker (src/node/site/notePageData.ts reads the redacted frontmatter).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kbConfigSchema } from '../../src/core/config/kbConfigSchema.ts';
import type { PropertyValue } from '../../src/core/properties/propertyTypes.ts';
import { readNoteProperties } from '../../src/core/properties/readNoteProperties.ts';
import { formatDateTime, MAX_LIST_ITEMS, typeProperty } from '../../src/core/properties/typeProperty.ts';
import { aboutRows } from '../../src/core/notePage/aboutRows.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { fixture, tempDir } from './foundationSupport.ts';
import { prepareFixture } from './preparedSite.ts';

const NOTES: Record<string, { slug: string; title: string }> = { writing: { slug: 'guides/writing', title: 'Writing notes' } };
const resolve = (target: string) => NOTES[target.toLowerCase()];
const text = (t: string): PropertyValue => ({ type: 'text', parts: [{ kind: 'text', text: t }] });

describe('typeProperty: one row per type', () => {
  it.each<[string, unknown, PropertyValue | undefined]>([
    ['text', 'Platform team', text('Platform team')],
    ['text is trimmed', '  spaced  ', text('spaced')],
    ['number', 42, { type: 'number', value: 42 }],
    ['fraction', 0.75, { type: 'number', value: 0.75 }],
    ['infinite number reads as text', Infinity, text('Infinity')],
    ['boolean true', true, { type: 'boolean', value: true }],
    ['boolean false', false, { type: 'boolean', value: false }],
    ['quoted day', '2026-09-01', { type: 'date', value: '2026-09-01' }],
    ['unquoted day (YAML Date at midnight UTC)', new Date('2026-09-01T00:00:00Z'), { type: 'date', value: '2026-09-01' }],
    ['impossible day is text', '2026-02-30', text('2026-02-30')],
    ['quoted date and time', '2026-10-20 09:30', { type: 'datetime', value: '2026-10-20T09:30' }],
    ['date and time with zone', '2026-10-20T09:30:15+02:00', { type: 'datetime', value: '2026-10-20T09:30:15+02:00' }],
    ['unquoted date and time (YAML Date)', new Date('2026-10-20T09:30:00Z'), { type: 'datetime', value: '2026-10-20T09:30:00Z' }],
    ['invalid Date', new Date('nope'), undefined],
    ['https URL', 'https://runbooks.example.com/payments', { type: 'url', href: 'https://runbooks.example.com/payments' }],
    ['mail address', 'mailto:team@example.com', { type: 'url', href: 'mailto:team@example.com' }],
    ['javascript: is text, never a link', 'javascript:alert(1)', text('javascript:alert(1)')],
    ['a URL inside text stays text', 'see https://example.com now', text('see https://example.com now')],
    ['wikilink to a note', '[[writing]]', { type: 'text', parts: [{ kind: 'link', text: 'writing', target: 'writing', note: NOTES['writing'] }] }],
    [
      'wikilink with a label, inside text',
      'owned by [[writing|the writers]] team',
      {
        type: 'text',
        parts: [
          { kind: 'text', text: 'owned by ' },
          { kind: 'link', text: 'the writers', target: 'writing', note: NOTES['writing'] },
          { kind: 'text', text: ' team' },
        ],
      },
    ],
    ['wikilink to no note', '[[nowhere]]', { type: 'text', parts: [{ kind: 'link', text: 'nowhere', target: 'nowhere' }] }],
    [
      'unquoted wikilink (YAML reads [[x]] as a list in a list)',
      [['writing']],
      { type: 'text', parts: [{ kind: 'link', text: 'writing', target: 'writing', note: NOTES['writing'] }] },
    ],
    ['list', ['typescript', 3, true], { type: 'list', items: [text('typescript'), { type: 'number', value: 3 }, { type: 'boolean', value: true }] }],
    [
      'list of wikilinks, unquoted ones too',
      ['[[writing]]', ['nowhere']],
      {
        type: 'list',
        items: [{ type: 'text', parts: [{ kind: 'link', text: 'writing', target: 'writing', note: NOTES['writing'] }] }, text('nowhere')],
      },
    ],
    ['nested list is flattened once', [['a', 'b'], 'c'], { type: 'list', items: [text('a'), text('b'), text('c')] }],
    ['empty items are left out', ['', null, 'x'], { type: 'list', items: [text('x')] }],
    ['empty list', [], undefined],
    ['mapping as compact text', { rps: 100, burst: 20 }, text('{rps: 100, burst: 20}')],
    ['null', null, undefined],
    ['empty text', '   ', undefined],
  ])('%s', (_, raw, expected) => expect(typeProperty(raw, resolve)).toEqual(expected));

  it('a long list shows its first items and how many more', () => {
    const value = typeProperty(
      Array.from({ length: MAX_LIST_ITEMS + 5 }, (_, i) => `t${i}`),
      resolve,
    );
    expect(value?.type === 'list' && value.items.length).toBe(MAX_LIST_ITEMS + 1);
    expect(value?.type === 'list' && value.items.at(-1)).toEqual(text('… 5 more'));
  });

  it('a YAML alias bomb stays small', () => {
    let v: unknown = ['x'.repeat(10)];
    for (let i = 0; i < 30; i++) v = [v, v, v];
    const typed = typeProperty({ bomb: v }, resolve);
    expect(JSON.stringify(typed).length).toBeLessThan(1000);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2026-10-20T09:30:00Z', '2026-10-20 09:30 UTC'],
    ['2026-10-20T09:30:15Z', '2026-10-20 09:30:15 UTC'],
    ['2026-10-20T09:30', '2026-10-20 09:30'],
    ['2026-10-20T09:30:00+02:00', '2026-10-20 09:30+02:00'],
  ])('%s', (value, shown) => expect(formatDateTime(value)).toBe(shown));
});

describe('readNoteProperties: kb.config.yaml properties.hidden and properties.order', () => {
  const data = { title: 'T', tags: ['a'], Owner: 'me', service: 'pay', status: 'active', empty: null, permalink: 'x', review: '2026-01-01' };
  const defaults = kbConfigSchema.parse({}).properties;
  it.each<[string, { hidden?: string[]; order?: string[] }, string[]]>([
    ['defaults: title, tags, permalink hidden; the rest as written', {}, ['Owner', 'service', 'status', 'review']],
    ['hidden, case-insensitive', { hidden: ['owner', 'STATUS'] }, ['title', 'tags', 'service', 'permalink', 'review']],
    ['order first, the rest as written', { order: ['review', 'service'] }, ['review', 'service', 'Owner', 'status']],
    ['order names a key the note lacks', { order: ['missing', 'status'] }, ['status', 'Owner', 'service', 'review']],
  ])('%s', (_, input, keys) => {
    const options = kbConfigSchema.parse({ properties: input }).properties;
    expect(readNoteProperties(data, options, resolve).map((p) => p.key)).toEqual(keys);
  });
  it('the defaults are written down in the schema', () =>
    expect(defaults).toEqual({ hidden: ['title', 'tags', 'tag', 'permalink', 'publish', 'cssclasses'], order: [] }));
  it.each([
    ['a list', ['a']],
    ['text', 'x'],
    ['nothing', undefined],
    ['a Date', new Date()],
  ])('frontmatter that is %s has no properties', (_, v) => expect(readNoteProperties(v, defaults, resolve)).toEqual([]));
  it('rejects an empty key name in the config', () => expect(kbConfigSchema.safeParse({ properties: { hidden: [' '] } }).success).toBe(false));
});

describe('aboutRows: "About this note" leaves out what the panel shows', () => {
  const note = { category: 'guides', type: 'guide', status: 'active' as const, project: 'pay', date: '2026-01-01', path: 'g.md', tokens: 9 };
  const paths = createSitePaths('/');
  it.each<[string, string[], string[]]>([
    ['nothing shown', [], ['Category', 'Type', 'Status', 'Project', 'Date', 'Source', 'Tokens']],
    ['type and date shown in the panel', ['type', 'created'], ['Category', 'Status', 'Project', 'Source', 'Tokens']],
    [
      'category, status and project always stay (links and search filters)',
      ['category', 'status', 'project'],
      ['Category', 'Type', 'Status', 'Project', 'Date', 'Source', 'Tokens'],
    ],
  ])('%s', (_, shown, labels) => expect(aboutRows(note, paths, new Set(shown)).map((f) => f.label)).toEqual(labels));
});

describe('the build stage', () => {
  it('types the fixture vault’s properties and resolves wikilinks to the notes’ permalink URLs', async () => {
    const site = await prepareFixture(fixture('obsidian-publish'));
    const data = JSON.parse(readFileSync(join(site.config.dataDir, 'site.json'), 'utf8')) as {
      properties: Record<string, { key: string; value: PropertyValue }[]>;
    };
    const card = data.properties['guides/properties.md']!;
    expect(card.map((p) => [p.key, p.value.type])).toEqual([
      ['owner', 'text'],
      ['service', 'text'],
      ['reviewed', 'date'],
      ['due', 'datetime'],
      ['count', 'number'],
      ['ratio', 'number'],
      ['public', 'boolean'],
      ['archived', 'boolean'],
      ['languages', 'list'],
      ['related', 'list'],
      ['runbook', 'url'],
      ['contact', 'url'],
      ['limits', 'text'],
      ['database', 'text'],
    ]);
    expect(card[1]!.value).toEqual({
      type: 'text',
      parts: [{ kind: 'link', text: 'Payments API', target: 'payments', note: { slug: 'services/payments-api', title: 'Payments API' } }],
    });
  });

  // Made at test time: a credential is never committed, even as a fixture.
  const GH = `ghp_${[...randomBytes(36)].map((b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[b % 62]).join('')}`;
  it.each([
    ['a plain value', `token: ${GH}\n`],
    ['a list item', `keys:\n  - ${GH}\n`],
    ['a nested mapping', `deploy:\n  key: ${GH}\n`],
    ['broken YAML (read line by line)', `token: ${GH}\nbad: [unclosed\n`],
  ])('a credential in %s is published as its marker, never as written', async (_, yaml) => {
    const dir = join(tempDir(), 'kb');
    mkdirSync(dir);
    writeFileSync(join(dir, 'note.md'), `---\ntitle: Deploy\n${yaml}---\nBody.\n`);
    const site = await prepareFixture(dir);
    const written = readdirSync(site.config.dataDir).map((f) => readFileSync(join(site.config.dataDir, f), 'utf8'));
    expect(written.join('\n')).not.toContain(GH);
    // (The line-based reading of broken YAML takes the marker's brackets for an inline list: `redacted: github…`.)
    expect(JSON.stringify(JSON.parse(readFileSync(join(site.config.dataDir, 'site.json'), 'utf8')).properties)).toMatch(/redacted: github/);
  });
});
