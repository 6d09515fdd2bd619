// The reading details of the site: robots.txt and site.noindex, the preview image (og:image), folder pages, nested
// tags' parents, previous/next in folder order, and the kb.config.yaml options they read, one row per rule.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kbConfigSchema } from '../../src/core/config/kbConfigSchema.ts';
import { parseKbPortalOptions } from '../../src/site/options/kbPortalOptions.ts';
import type { NoteEntry } from '../../src/core/index/kbIndexSchema.ts';
import { createLinkResolver } from '../../src/core/links/createLinkResolver.ts';
import { buildFolderPages, folderSlug } from '../../src/core/navigation/folderPages.ts';
import { firstBodyImage, imageNamed, noteImage } from '../../src/core/notePage/noteImage.ts';
import { buildPager } from '../../src/core/notePage/notePager.ts';
import { renderRobotsTxt } from '../../src/core/outputs/renderRobotsTxt.ts';
import { buildSiteTree } from '../../src/core/navigation/sidebarTree.ts';
import { sitePages } from '../../src/core/site/sitePages.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { nestedTagViews, parentTags, tagChildren } from '../../src/core/tags/nestedTags.ts';
import { fixture } from './foundationSupport.ts';
import { prepareFixture } from './preparedSite.ts';

describe('kb.config.yaml site.* and properties.*: defaults and checks', () => {
  it.each<[string, unknown, boolean, Record<string, unknown>]>([
    ['nothing set', {}, true, { noindex: false, image: undefined }],
    ['site.noindex: true', { site: { noindex: true } }, true, { noindex: true }],
    ['site.noindex must be a boolean', { site: { noindex: 'yes' } }, false, {}],
    ['site.image: a path', { site: { image: 'img/cover.png' } }, true, { image: 'img/cover.png' }],
    ['site.image is trimmed', { site: { image: '  img/a.png ' } }, true, { image: 'img/a.png' }],
    ['site.image must not be empty', { site: { image: '' } }, false, {}],
    ['an unknown site key is refused', { site: { imgae: 'x' } }, false, {}],
    // A URL the site publishes on every page holds no credential (a token copied from a clone's remote).
    ['site.editUrl: a URL', { site: { editUrl: 'https://github.com/org/kb/edit/main/' } }, true, { editUrl: 'https://github.com/org/kb/edit/main/' }],
    ['site.editUrl with a token as user name is refused', { site: { editUrl: 'https://ghp_0123456789abcdef@github.com/org/kb/edit/main/' } }, false, {}],
    ['site.editUrl with user and password is refused', { site: { editUrl: 'https://x-access-token:secret@github.com/org/kb/' } }, false, {}],
    ['site.url with a password is refused', { site: { url: 'https://admin:pw@kb.example.com/' } }, false, {}],
    ['site.image URL with a user name is refused', { site: { image: 'https://user@cdn.example.com/a.png' } }, false, {}],
    ['site.image URL without one is kept', { site: { image: 'https://cdn.example.com/a.png' } }, true, { image: 'https://cdn.example.com/a.png' }],
    ['an unknown properties key is refused', { properties: { hide: ['x'] } }, false, {}],
  ])('%s', (_, input, ok, expected) => {
    const parsed = kbConfigSchema.safeParse(input);
    expect(parsed.success).toBe(ok);
    if (parsed.success) for (const [k, v] of Object.entries(expected)) expect((parsed.data.site as Record<string, unknown>)[k]).toEqual(v);
  });
});

describe('kbPortal() options: the URLs it publishes hold no credential', () => {
  it.each([
    ['editUrl', { editUrl: 'https://x-access-token:ghp_0123456789abcdef@github.com/org/kb/edit/main/' }],
    ['site', { site: 'https://admin:pw@kb.example.com/' }],
  ])('%s with a user name or password is refused, naming the option', (key, options) =>
    expect(() => parseKbPortalOptions({ kb: 'content', ...options })).toThrow(new RegExp(`kbPortal\\(\\): ${key}: holds a user name or password`)),
  );
  it('without one, kept', () =>
    expect(parseKbPortalOptions({ kb: 'content', editUrl: 'https://github.com/org/kb/edit/main/' }).editUrl).toBe('https://github.com/org/kb/edit/main/'));
});

describe('renderRobotsTxt', () => {
  it.each([
    [
      'public, with an origin: everything, and the sitemap',
      false,
      'https://kb.example.com/',
      'User-agent: *\nAllow: /\n\nSitemap: https://kb.example.com/wiki/sitemap.xml\n',
    ],
    ['public, no origin: no Sitemap line (it must be absolute)', false, undefined, 'User-agent: *\nAllow: /\n'],
    ['site.noindex: nothing', true, 'https://kb.example.com/', 'User-agent: *\nDisallow: /\n'],
  ])('%s', (_, noindex, siteUrl, text) => expect(renderRobotsTxt({ noindex, siteUrl, sitemap: '/wiki/sitemap.xml' })).toBe(text));
});

describe('the preview image', () => {
  const resolver = createLinkResolver({
    notes: [{ path: 'guides/a.md', slug: 'guides/a', title: 'A' }],
    files: ['img/cover.png', 'guides/shot.webp', 'files/spec.pdf'],
  });
  const from = 'guides/a.md';
  it.each<[string, Record<string, unknown>, string, ReturnType<typeof noteImage>]>([
    ['image: an https URL', { image: 'https://cdn.example.com/a.png' }, '', { kind: 'url', url: 'https://cdn.example.com/a.png' }],
    ['image: a path in the folder', { image: 'img/cover.png' }, '', { kind: 'file', path: 'img/cover.png' }],
    ['image: a wikilink', { image: '[[cover.png]]' }, '', { kind: 'file', path: 'img/cover.png' }],
    ['image: an unquoted wikilink', { image: [['cover.png']] }, '', { kind: 'file', path: 'img/cover.png' }],
    ['cover: as Obsidian Publish reads it', { cover: 'shot.webp' }, '', { kind: 'file', path: 'guides/shot.webp' }],
    ['image: http is not fetched by other sites', { image: 'http://example.com/a.png' }, '', undefined],
    ['image: not an image', { image: 'files/spec.pdf' }, '', undefined],
    ['image: no such file, then the body', { image: 'nope.png' }, '![[cover.png]]', { kind: 'file', path: 'img/cover.png' }],
    ['the first embedded image of the body', {}, 'Text\n\n![[shot.webp]]\n![[cover.png]]', { kind: 'file', path: 'guides/shot.webp' }],
    ['the first Markdown image', {}, '![alt](../img/cover.png)', { kind: 'file', path: 'img/cover.png' }],
    ['an https image of the body', {}, '![x](https://cdn.example.com/x.png)', { kind: 'url', url: 'https://cdn.example.com/x.png' }],
    ['an embedded note is no image', {}, '![[a]]', undefined],
    ['an image in code is not shown', {}, '```\n![[cover.png]]\n```', undefined],
    ['none', {}, 'Just text.', undefined],
  ])('%s', (_, frontmatter, body, image) => expect(noteImage({ path: from, frontmatter, body }, resolver)).toEqual(image));
  it('site.image names a path from the folder’s root', () => expect(imageNamed('/img/cover.png', resolver)).toEqual({ kind: 'file', path: 'img/cover.png' }));
  it('a body without `![` is not scanned', () => expect(firstBodyImage('[[cover.png]]', resolver, from)).toBeUndefined());

  it('the fixture vault: absolute URLs, the note’s own or the site’s, and the files are published', async () => {
    const site = await prepareFixture(fixture('obsidian-publish'));
    expect(site.model.image).toBe('/attachments/img/cover.png');
    // The other notes show no image of their own: their pages fall back to site.image.
    expect(JSON.parse(readFileSync(join(site.config.dataDir, 'site.json'), 'utf8')).images).toEqual({ 'guides/writing.md': '/attachments/img/diagram.png' });
    // (boards/img/diagram.png is a canvas's file node in the same vault.)
    expect(site.attachments.map((a) => a.path)).toEqual(['boards/img/diagram.png', 'img/cover.png', 'img/diagram.png']);
  });
});

const note = (path: string, tags: string[] = [], title = path.split('/').pop()!.replace('.md', '')) =>
  ({ path, slug: path.replace(/\.md$/, '').toLowerCase(), title, description: title, tags, tier: 'cross-project' }) as unknown as NoteEntry;

describe('folder pages', () => {
  const pages = buildFolderPages([
    note('README.md'),
    note('guides/b.md'),
    note('guides/A.md'),
    note('guides/deep/x.md'),
    note('../shared/_project-knowledge/s.md'),
    note('Odd Name/y.md'),
  ]);
  it('one page per folder, the root first', () =>
    expect(pages.map((p) => p.slug)).toEqual(['', 'guides', 'guides/deep', 'odd-name', 'shared', 'shared/project-knowledge']));
  it.each<[string, string, { folders: [string, number][]; notes: string[]; trail: string[] }]>([
    [
      'the root: top folders with their note counts, and its notes',
      '',
      {
        folders: [
          ['guides', 3],
          ['Odd Name', 1],
          ['shared', 1],
        ],
        notes: ['README'],
        trail: [],
      },
    ],
    ['a folder: subfolders first, notes by title', 'guides', { folders: [['deep', 1]], notes: ['A', 'b'], trail: [] }],
    ['a nested folder: the trail above it', 'guides/deep', { folders: [], notes: ['x'], trail: ['guides'] }],
  ])('%s', (_, slug, expected) => {
    const p = pages.find((x) => x.slug === slug)!;
    expect({ folders: p.folders.map((f) => [f.label, f.notes]), notes: p.notes.map((n) => n.title), trail: p.trail.map((t) => t.label) }).toEqual(expected);
  });
  it.each([
    [[], ''],
    [['Odd Name'], 'odd-name'],
    [['..', 'repo', '_project-knowledge'], 'repo/project-knowledge'],
  ])('folderSlug(%j) = %j', (parts, slug) => expect(folderSlug(parts)).toBe(slug));
  it('are in the sitemap', () => {
    const index = { notes: [note('guides/a.md')], projects: [], knownTags: [], otherTags: [] } as never;
    expect(sitePages({ index, paths: createSitePaths('/'), tags: [] })).toEqual(expect.arrayContaining(['/folders/', '/folders/guides/']));
  });
});

describe('nested tags', () => {
  it.each([
    ['lang', []],
    ['lang/ts', ['lang']],
    ['a/b/c', ['a', 'a/b']],
  ])('parentTags(%j)', (tag, parents) => expect(parentTags(tag)).toEqual(parents));
  it('every parent lists the tags one level below, parents no note carries included', () =>
    expect(Object.fromEntries(tagChildren(['lang/ts', 'lang/rust', 'lang', 'a/b/c']))).toEqual({
      a: ['a/b'],
      'a/b': ['a/b/c'],
      lang: ['lang/rust', 'lang/ts'],
    }));
  it('a parent’s page counts the notes under each child, and lists them when no note carries the parent', () => {
    const views = nestedTagViews(
      ['lang/ts', 'lang/ts/strict', 'lang/rust', 'guide'],
      [note('a.md', ['lang/ts']), note('b.md', ['lang/ts/strict', 'guide']), note('c.md', ['lang/rust'])],
    );
    expect(views.get('lang')).toEqual({
      children: [
        { tag: 'lang/rust', count: 1 },
        { tag: 'lang/ts', count: 2 },
      ],
      notes: ['a', 'b', 'c'].map((t) => expect.objectContaining({ title: t })),
    });
    expect(views.get('lang/ts')).toEqual({ children: [{ tag: 'lang/ts/strict', count: 1 }], notes: [] });
    expect(views.has('guide')).toBe(false);
  });
  it('parents without notes of their own are in the sitemap', () => {
    const index = { notes: [], projects: [], knownTags: [], otherTags: [] } as never;
    expect(sitePages({ index, paths: createSitePaths('/'), tags: ['lang/ts'] })).toEqual(expect.arrayContaining(['/tags/lang/', '/tags/lang~2f~ts/']));
  });
});

describe('previous and next in folder order', () => {
  const tree = buildSiteTree({
    layout: 'flat',
    projects: [],
    notes: [note('z.md', [], 'Zed'), note('guides/b.md', [], 'Bee'), note('guides/a.md', [], 'Ay'), note('guides/deep/x.md', [], 'Ex')],
  });
  const pager = buildPager(tree);
  it('follows the sidebar: subfolders first, then notes by title, across folders', () =>
    expect(['guides/deep/x', 'guides/a', 'guides/b', 'z'].map((s) => [pager.get(s)?.prev?.slug, pager.get(s)?.next?.slug])).toEqual([
      [undefined, 'guides/a'],
      ['guides/deep/x', 'guides/b'],
      ['guides/a', 'z'],
      ['guides/b', undefined],
    ]));
});
