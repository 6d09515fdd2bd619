// Canvases and bases as pages of the site (docs/graph-canvas-bases.md): their slugs and places, how the build reads
// them (warnings naming the file, nothing private or archived, credentials redacted), their links and backlinks,
// the fence a module claims in the note pipeline, and the fixture folder prepared end to end.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignBoardSlugs, boardParams, boardTier } from '../../src/core/boards/boardEntries.js';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.js';
import { createSitePaths } from '../../src/core/site/sitePaths.js';
import { createNoteRenderer } from '../../src/markdown/createNoteRenderer.js';
import { noteHtmlKey } from '../../src/node/site/noteHtmlCache.js';
import { readBoards } from '../../src/node/site/readBoards.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { buildSiteTree } from '../../src/core/navigation/sidebarTree.js';
import { withBoards } from '../../src/core/boards/boardEntries.js';
import { formatIssue } from '../../src/core/util/issue.js';
import type { PreparedSite } from '../../src/site/prepare/prepareSite.js';
import { prepareFixture } from './preparedSite.js';

const FIXTURE = join(import.meta.dirname, '../fixtures/obsidian-publish');

describe.each([
  ['the extension stays, so no note slug can equal it', ['boards/Road Map.canvas'], [], ['boards/road-map.canvas']],
  ['a base the same way', ['bases/Tasks.base'], [], ['bases/tasks.base']],
  ['two files that slug alike', ['a/X Y.canvas', 'a/x-y.canvas'], [], ['a/x-y.canvas', 'a/x-y-2.canvas']],
  ['a canvas beside a note of the same name keeps its own URL', ['plan.canvas'], ['plan'], ['plan.canvas']],
])('slugs: %s', (_rule, paths, taken, expected) => {
  it(paths.join(', '), () => expect([...assignBoardSlugs(paths, new Set(taken)).values()]).toEqual(expected));
});

describe('board places', () => {
  it.each([
    ['boards/plan.canvas', 'flat', 'cross-project'],
    ['projects/pay/plan.canvas', 'aria', 'project'],
    ['logs/retrospect/board.canvas', 'aria', 'reviews'],
    ['boards/plan.canvas', 'aria', 'cross-project'],
  ] as const)('%s (%s) → %s', (path, layout, tier) => expect(boardTier(path, layout)).toBe(tier));
  it.each([
    ['boards/plan.canvas', { dir: 'boards', name: 'plan' }],
    ['plan.base', { dir: undefined, name: 'plan' }],
  ])('route params of %s', (slug, params) => expect(boardParams(slug)).toEqual(params));
});

describe('reading canvas and base files', () => {
  const kb = mkdtempSync(join(tmpdir(), 'kb-boards-'));
  for (const [path, text] of <[string, string][]>[
    ['kb.config.yaml', "private: ['secret/**']\n"],
    ['note.md', '# Note\n'],
    [
      'boards/plan.canvas',
      '{"nodes":[{"id":"a","type":"text","text":"token ghp_012345678901234567890123456789abcdef","x":0,"y":0,"width":10,"height":10}],"edges":[]}',
    ],
    ['secret/hidden.canvas', '{}'],
    ['archive/old.base', 'views: []'],
    ['bases/t.base', 'views: []'],
    ['img/a.png', 'x'],
  ]) {
    mkdirSync(join(kb, path, '..'), { recursive: true });
    writeFileSync(join(kb, path), text);
  }
  const result = indexKnowledgeFolder(kb);
  const read = readBoards(result.reading);
  it('reads the canvases and bases in published places only (not private, not archived)', () =>
    expect(read.files.map((f) => [f.path, f.kind])).toEqual([
      ['bases/t.base', 'base'],
      ['boards/plan.canvas', 'canvas'],
    ]));
  it('redacts a credential, with a warning naming the file and line', () => {
    expect(read.files[1]!.text).toContain('[redacted: github]');
    expect(read.files[1]!.text).not.toContain('ghp_');
    expect(read.issues.map(formatIssue)).toEqual([expect.stringMatching(/^boards\/plan\.canvas:1: warning: holds what looks like a credential/)]);
  });
  it('the index and its report stay as they were (a canvas is not a note)', () => expect(result.index.notes.map((n) => n.path)).toEqual(['note.md']));
});

describe('the note pipeline: a claimed fence', () => {
  const render = createNoteRenderer({ trustHtml: false, resolver: createLinkResolver({ notes: [] }), paths: createSitePaths('/'), highlight: false });
  const fences = (lang: string, text: string) =>
    lang === 'base'
      ? `<div class="base"><div class="base-view">${text.trim()}<script>alert(1)</script><a class="base-link" href="/x/" onclick="alert(1)">x</a></div></div>`
      : undefined;
  const html = render({ path: 'n.md', markdown: '```base\nviews: []\n```\n\n```yaml\nplain: code\n```\n', fences }).html;
  it('becomes the module’s HTML, its classes kept', () => expect(html).toContain('<div class="base"><div class="base-view">views: []'));
  it('is sanitised like the note: no script, no handler', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect(html).toContain('<a class="base-link" href="/x/">x</a>');
  });
  it('a fence nobody claims stays code', () => expect(html).toContain('plain: code'));
  it('without a fence renderer a base block is code', () =>
    expect(render({ path: 'n.md', markdown: '```base\nviews: []\n```\n' }).html).toMatch(/<pre[^>]*><code class="language-base">views: \[\]\n<\/code><\/pre>/));
});

describe('note HTML cache key', () => {
  const inputs = { version: 'v', base: '/', trustHtml: false, links: ['n:a'], markdown: '# x' };
  it('a note without claimed fences keeps the key it had', () => expect(noteHtmlKey({ ...inputs, fences: undefined })).toBe(noteHtmlKey(inputs)));
  it('the fences’ HTML is part of it', () =>
    expect(noteHtmlKey({ ...inputs, fences: { k: '<p>1</p>' } })).not.toBe(noteHtmlKey({ ...inputs, fences: { k: '<p>2</p>' } })));
});

describe('the fixture, prepared as the build prepares it', () => {
  let site: PreparedSite;
  beforeAll(async () => {
    site = await prepareFixture(FIXTURE);
  });
  it('one page per canvas and base, bad ones too', () =>
    expect(site.boards.map((b) => [b.slug, b.kind])).toEqual([
      ['bases/people.base', 'base'],
      ['bases/projects.base', 'base'],
      ['boards/broken.canvas', 'canvas'],
      ['boards/partial.canvas', 'canvas'],
      ['boards/roadmap.canvas', 'canvas'],
    ]));
  it('warnings name the file and line; none is an error', () =>
    expect(site.summary.filter((l) => /^kb: [^:]+\.(canvas|base)[:]/.test(l) && l.includes('warning'))).toEqual([
      expect.stringMatching(/^kb: boards\/broken\.canvas:4: warning: is not valid JSON/),
      'kb: boards/partial.canvas:4: warning: node “no-size”: width: Required; this node is not shown.',
      'kb: boards/partial.canvas:7: warning: edge “dangling” connects node “gone”, which is not on the canvas; this edge is not shown.',
      'kb: bases/people.base: warning: uses file.size, html(), which are not supported here; the view says what it could not compute.',
    ]));
  it('a canvas links what its cards name; the note shows it among its backlinks', () => {
    expect(site.model.boards.find((b) => b.slug === 'boards/roadmap.canvas')!.links.sort()).toEqual(
      ['Alpha project', 'Beta project', 'Gamma project', 'boards/img/diagram.png', 'graph/Alpha project.md', 'graph/Beta project.md'].sort(),
    );
    expect(site.model.backlinks.get('graph/alpha-project')!.map((b) => b.slug)).toContain('boards/roadmap.canvas');
  });
  it('a wikilink to a canvas resolves to its page', () => expect(site.model.resolveWikilink('roadmap.canvas')?.slug).toBe('boards/roadmap.canvas'));
  it('the image a canvas card shows is published', () => expect(site.attachments.map((a) => a.path)).toContain('boards/img/diagram.png'));
  it('the sidebar holds the boards in their folders', () => {
    const tree = buildSiteTree(withBoards(site.model.index, site.model.boards));
    const boards = tree.groups[0]!.children.find((c) => c.kind === 'folder' && c.label === 'boards');
    expect(boards && boards.kind === 'folder' ? boards.children.map((c) => (c.kind === 'note' ? c.title : c.label)) : []).toEqual([
      'broken',
      'partial',
      'roadmap',
    ]);
  });
  it('a note’s job carries its base block’s and its embeds’ HTML', () => {
    const job = site.jobs.find((j) => j.path === 'graph/Home.md')!;
    const html = Object.values(job.fences ?? {});
    expect(html).toHaveLength(3);
    expect(html.some((h) => h.includes('<strong>Active projects</strong>'))).toBe(true);
    expect(html.some((h) => h.includes('kb-canvas/boards/roadmap.canvas.svg'))).toBe(true);
  });
  it('canvas cards are rendered by the note pipeline', () => {
    const roadmap = site.boards.find((b) => b.slug === 'boards/roadmap.canvas');
    expect(roadmap?.kind === 'canvas' && roadmap.cards['goals']).toContain('<strong>Alpha</strong>');
  });
});
