import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { markdownLinkTargets } from '../../src/core/context/markdownLinkTargets.js';
import { PackSource } from '../../src/core/context/packSource.js';
import type { NoteEntry } from '../../src/core/index/kbIndexSchema.js';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.js';
import { pageSources } from '../../src/core/links/pageSources.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { indexedNote } from './foundationSupport.js';

function entry(path: string): NoteEntry {
  return indexedNote(path, { slug: path.replace(/\.mdx?$/, '').replace(/[/.]/g, '-') });
}

// A folder exported from a Middleman site (`x.html.md` builds `x.html`), one from Jekyll (`x.md` builds `x.html`), directory indexes.
const notes = [
  'manual/deploy.html.md',
  'manual/rollback.html.md',
  'manual/alerts/disk-full.html.md',
  'kubernetes/get-started/index.html.md',
  'kubernetes/get-started/set-up-tools/index.html.md',
  'kubernetes/cheatsheet.html.md',
  'guides/setup.md',
  'guides/faq.md',
].map(entry);
const resolver = createLinkResolver({ notes });

describe.each([
  ['/manual/deploy.html', ['/manual/deploy.md', '/manual/deploy.html.md', '/manual/deploy/index.md', '/manual/deploy/index.html.md']],
  ['deploy.htm#step-2', ['deploy.md', 'deploy.html.md', 'deploy/index.md', 'deploy/index.html.md']],
  ['/manual/deploy?x=1', ['/manual/deploy.md', '/manual/deploy.html.md', '/manual/deploy/index.md', '/manual/deploy/index.html.md']],
  ['get-started/', ['get-started/index.md', 'get-started/index.html.md']],
  ['get-started/index.html', ['get-started/index.md', 'get-started/index.html.md', 'get-started/index/index.md', 'get-started/index/index.html.md']],
  ['/repos.json', []],
  ['diagram.png', []],
  ['https://docs.example.org/manual/deploy.html', []],
  ['//docs.example.org/manual/deploy.html', []],
  ['mailto:team@example.org', []],
  ['#rolling-back', []],
  ['?tab=2', []],
])('pageSources(%j)', (href, sources) => {
  it('names the Markdown files the page is built from', () => expect(pageSources(href)).toEqual(sources));
});

describe.each([
  // as the site resolves them
  ['guides/setup.md', 'faq.md', 'guides/faq.md'],
  ['manual/deploy.html.md', '../guides/setup.md', 'guides/setup.md'],
  ['guides/faq.md', '/guides/setup', 'guides/setup.md'],
  // pages of the site the folder was written for
  ['guides/faq.md', '/manual/deploy.html', 'manual/deploy.html.md'],
  ['manual/deploy.html.md', 'rollback.html#before-you-start', 'manual/rollback.html.md'],
  ['manual/deploy.html.md', '/manual/alerts/disk-full.html', 'manual/alerts/disk-full.html.md'],
  ['manual/deploy.html.md', '/manual/rollback', 'manual/rollback.html.md'],
  ['guides/faq.md', 'setup.html', 'guides/setup.md'],
  ['kubernetes/cheatsheet.html.md', 'get-started/', 'kubernetes/get-started/index.html.md'],
  ['kubernetes/get-started/index.html.md', 'set-up-tools', 'kubernetes/get-started/set-up-tools/index.html.md'],
  ['kubernetes/cheatsheet.html.md', '/kubernetes/get-started/index.html', 'kubernetes/get-started/index.html.md'],
  // nothing in the folder
  ['guides/faq.md', '/repos/signon.html', undefined],
  ['guides/faq.md', 'https://docs.example.org/manual/deploy.html', undefined],
  ['guides/faq.md', 'missing.md', undefined],
  ['guides/faq.md', 'setup.png', undefined],
  ['guides/faq.md', '#setup', undefined],
])('from %s, the resolver reads href %j', (from, href, path) => {
  it(`as ${path ?? 'no note'}`, () => {
    const to = resolver.href(href, from);
    expect(to.kind === 'note' ? to.note.path : undefined).toBe(path);
  });
});

describe.each([
  // the page's fragment is the note's: the site links the note's page at that heading
  ['guides/faq.md', '/manual/deploy.html#rolling-back', { kind: 'note', path: 'manual/deploy.html.md', fragment: '#rolling-back' }],
  ['guides/faq.md', '/manual/deploy.html?tab=2#top', { kind: 'note', path: 'manual/deploy.html.md', fragment: '#top' }],
  // a page the folder does not hold stays a page outside it, never a broken link
  ['guides/faq.md', '/repos/signon.html', { kind: 'external' }],
  ['guides/faq.md', 'nowhere/', { kind: 'external' }],
  // a note named by its own file, broken or not, is read as before
  ['guides/faq.md', 'missing.md', { kind: 'broken' }],
])('from %s, href %j', (from, href, want) => {
  it(`is ${JSON.stringify(want)}`, () => {
    const to = resolver.href(href, from);
    expect({ kind: to.kind, ...(to.kind === 'note' ? { path: to.note.path, fragment: to.fragment } : {}) }).toEqual(want);
  });
});

const at = (path: string) => notes.findIndex((n) => n.path === path);

describe.each([
  [
    'inline links, in the order written, each once',
    'See [setup](setup.md), [deploy](/manual/deploy.html) and [setup again](./setup.md).',
    ['guides/setup.md', 'manual/deploy.html.md'],
  ],
  ['a reference’s definition', 'Read [the runbook][rb].\n\n[rb]: /manual/rollback.html', ['manual/rollback.html.md']],
  ['not itself', 'Back to [the top](faq.md) or [this page](/guides/faq.html#top).', []],
  ['not images, wikilinks or web links', '![setup](setup.html) [[setup]] [web](https://example.org/guides/setup.html)', []],
  ['not in code', '`[setup](setup.md)`\n\n```\n[deploy](/manual/deploy.html)\n```', []],
])('markdownLinkTargets: %s', (_, body, paths) => {
  it('names the notes linked', () => {
    const targets = markdownLinkTargets(notes, new Map([['guides/faq.md', body]]));
    expect(targets[at('guides/faq.md')]).toEqual(paths.map(at));
    expect(targets.filter((t, i) => i !== at('guides/faq.md') && t.length > 0)).toEqual([]);
  });
});

describe('pack data from a folder that links with Markdown links', () => {
  const fixture = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/context-basic'));
  const before = new PackSource(buildPackData(fixture.index, fixture.bodies));
  // Two notes no wikilink joins; the first links the second's page.
  const j = fixture.index.notes.findIndex((_, k) => k > 0 && !before.links(0).includes(k));
  const [from, to] = [fixture.index.notes[0]!, fixture.index.notes[j]!];
  const bodies = new Map(fixture.bodies).set(from.path, `${fixture.bodies.get(from.path)}\n\nSee [the other note](/${to.path.replace(/\.md$/, '.html')}).\n`);
  it('gives the link in both directions, as a wikilink', () => {
    const after = new PackSource(buildPackData(fixture.index, bodies));
    expect(j).toBeGreaterThan(0);
    expect(after.links(0)).toEqual([...before.links(0), j].sort((a, b) => a - b));
    expect(after.links(j)).toContain(0);
  });
});
