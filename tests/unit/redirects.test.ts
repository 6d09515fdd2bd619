// Permalinks and redirects: a note's `permalink:` is its URL (src/core/index/assignNoteSlugs.ts); every old URL of a
// note, one row per source (its file-name URL once it has a permalink, a path-like alias, a rename in git history),
// leads to it (src/core/outputs/noteRedirects.ts), written as a page and a `_redirects` line (renderRedirects.ts).
// Git history is tested on a temporary repository, since a fixture folder inside this repository has no history
// of its own (the e2e vault tests redirects from permalinks and aliases only).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assignNoteSlugs, permalinkSlug, type SlugSource } from '../../src/core/index/assignNoteSlugs.ts';
import { isPathAlias, planRedirects, type RedirectInputs } from '../../src/core/outputs/noteRedirects.ts';
import { renderRedirectPage, renderRedirectsFile } from '../../src/core/outputs/renderRedirects.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { formatIssue, type KbIssue } from '../../src/core/util/issue.ts';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import { SiteBuildError } from '../../src/site/prepare/siteBuildError.ts';
import { siteFiles } from '../../src/site/emit/siteFiles.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { fixture, tempDir } from './foundationSupport.ts';
import { git } from './gitSupport.ts';
import { prepareFixture } from './preparedSite.ts';

describe('permalinkSlug', () => {
  it.each([
    ['about', 'about'],
    ['/Publish/Permalinks/', 'publish/permalinks'],
    ['guides//setup.html', 'guides/setup'],
    ['About us', 'about-us'],
    ['../../etc/passwd', 'etc/passwd'],
    ['a/../b', 'a/untitled/b'],
    ['', undefined],
    ['///', undefined],
    ['-- ?', undefined],
  ])('%j → %j', (value, slug) => expect(permalinkSlug(value)).toBe(slug));
});

describe('assignNoteSlugs', () => {
  const run = (sources: SlugSource[]) => {
    const issues: KbIssue[] = [];
    const slugs = Object.fromEntries(assignNoteSlugs(sources, issues));
    return { slugs, issues: issues.map(formatIssue) };
  };
  it.each<[string, SlugSource[], Record<string, string>, RegExp[]]>([
    ['no permalinks: slugs from paths, the later of two equal ones -2', [{ path: 'A b.md' }, { path: 'a-b.md' }], { 'A b.md': 'a-b', 'a-b.md': 'a-b-2' }, []],
    ['a permalink is the slug', [{ path: 'guides/x.md', permalink: 'start' }], { 'guides/x.md': 'start' }, []],
    ['a number is a permalink', [{ path: 'x.md', permalink: 2026 }], { 'x.md': '2026' }, []],
    [
      'a permalink that is no path: a warning, the file name’s URL',
      [{ path: 'x.md', permalink: ['a', 'b'], line: 3 }],
      { 'x.md': 'x' },
      [/^x\.md:3: warning: permalink is not a URL path/],
    ],
    [
      'two notes, one permalink: an error naming both; the first keeps it',
      [
        { path: 'a.md', permalink: 'shared', line: 2 },
        { path: 'b.md', permalink: '/Shared/', line: 4 },
      ],
      { 'a.md': 'shared', 'b.md': 'b' },
      [
        /^b\.md:4: error: permalink "\/Shared\/" is also the permalink of a\.md: two notes cannot share one URL \(\/notes\/shared\/\)\. Give one of them another permalink\.$/,
      ],
    ],
    [
      'a permalink that is another note’s file-name URL: an error naming both; the permalink keeps it',
      [{ path: 'c.md', permalink: 'guides/intro', line: 2 }, { path: 'guides/intro.md' }],
      { 'c.md': 'guides/intro', 'guides/intro.md': 'guides/intro-2' },
      [
        /^c\.md:2: error: permalink "guides\/intro" gives this note the URL \/notes\/guides\/intro\/, which guides\/intro\.md has from its file name\. Choose another permalink, or rename guides\/intro\.md\.$/,
      ],
    ],
    ['a note whose permalink is its own file name’s URL', [{ path: 'guides/x.md', permalink: 'guides/x' }], { 'guides/x.md': 'guides/x' }, []],
  ])('%s', (_, sources, slugs, issues) => {
    const out = run(sources);
    expect(out.slugs).toEqual(slugs);
    expect(out.issues).toHaveLength(issues.length);
    issues.forEach((re, i) => expect(out.issues[i]).toMatch(re));
  });

  it('reads permalink: from the frontmatter, with its line', () => {
    const { index, issues } = indexKnowledgeFolder(fixture('permalink-collision'));
    expect(Object.fromEntries(index.notes.map((n) => [n.path, n.slug]))).toEqual({
      'README.md': 'readme',
      'a/first.md': 'shared',
      'b/second.md': 'b/second',
      'c/taken.md': 'guides/intro',
      'guides/intro.md': 'guides/intro-2',
    });
    expect(issues.filter((i) => i.code === 'permalink-collision').map((i) => `${i.file}:${i.line}`)).toEqual(['b/second.md:4', 'c/taken.md:3']);
  });

  it('a collision stops the build, naming both files and what to do', async () => {
    const error = await prepareFixture(fixture('permalink-collision')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteBuildError);
    const lines = (error as SiteBuildError).lines;
    expect(lines).toEqual([
      expect.stringMatching(/^b\/second\.md:4: error: .*a\/first\.md.*Give one of them another permalink/),
      expect.stringMatching(/^c\/taken\.md:3: error: .*guides\/intro\.md has from its file name\. Choose another permalink, or rename guides\/intro\.md/),
    ]);
  });
});

describe('isPathAlias', () => {
  it.each([
    ['Guides/Making friends', true],
    ['/old/path/', true],
    ['old name.md', true],
    ['Developing friendships', false],
    ['onboarding', false],
    ['  ', false],
  ])('%j → %s', (alias, path) => expect(isPathAlias(alias)).toBe(path));
});

describe('planRedirects: one row per source', () => {
  const paths = createSitePaths('/');
  const plan = (input: Partial<RedirectInputs>) => {
    const notes = input.notes ?? [];
    return planRedirects({
      notes,
      aliases: new Map(),
      renames: new Map(),
      pages: new Set(notes.map((n) => paths.note(n.slug))),
      paths,
      ...input,
    });
  };
  const row = (r: { from: string; to: string; reason: string }) => `${r.from} → ${r.to} (${r.reason})`;
  it.each<[string, Partial<RedirectInputs>, string[], RegExp[]]>([
    ['a note without a permalink has no old URL', { notes: [{ path: 'guides/x.md', slug: 'guides/x' }] }, [], []],
    [
      'permalink: the file name’s URL leads to it',
      { notes: [{ path: 'guides/getting-started.md', slug: 'start' }] },
      ['/notes/guides/getting-started/ → /notes/start/ (permalink)'],
      [],
    ],
    [
      'permalink: also at the site’s root, where Obsidian Publish serves it',
      { notes: [{ path: 'guides/getting-started.md', slug: 'start' }], permalinks: new Map([['guides/getting-started.md', 'start']]) },
      ['/notes/guides/getting-started/ → /notes/start/ (permalink)', '/start/ → /notes/start/ (publish)'],
      [],
    ],
    [
      'a permalink with folders, at the root too',
      { notes: [{ path: 'Bases/Syntax.md', slug: 'bases/syntax' }], permalinks: new Map([['Bases/Syntax.md', 'bases/syntax']]) },
      ['/bases/syntax/ → /notes/bases/syntax/ (publish)'],
      [],
    ],
    [
      'a permalink under a portal folder: a warning, the note page only',
      {
        notes: [
          { path: 'Tags.md', slug: 'tags' },
          { path: 'Search.md', slug: 'search/help' },
          { path: 'Assets.md', slug: '_astro/x' },
        ],
        permalinks: new Map([
          ['Tags.md', 'tags'],
          ['Search.md', 'search/help'],
          ['Assets.md', '_astro/x'],
        ]),
      },
      ['/notes/assets/ → /notes/_astro/x/ (permalink)', '/notes/search/ → /notes/search/help/ (permalink)'],
      [
        /^Tags\.md: warning: permalink "tags" is under \/tags\/, which the portal uses; the note is served at \/notes\/tags\/ only/,
        /^Search\.md: warning: permalink "search\/help" is under \/search\//,
        /^Assets\.md: warning: permalink "_astro\/x" is under \/_astro\//,
      ],
    ],
    [
      'a permalink at the root and an alias under notes/ of the same words: both lead on',
      {
        notes: [
          { path: 'a.md', slug: 'billing' },
          { path: 'b.md', slug: 'b' },
        ],
        permalinks: new Map([['a.md', 'billing']]),
        aliases: new Map([['b.md', ['notes/billing/x']]]),
      },
      ['/billing/ → /notes/billing/ (publish)', '/notes/a/ → /notes/billing/ (permalink)', '/notes/notes/billing/x/ → /notes/b/ (alias)'],
      [],
    ],
    [
      'a path-like alias',
      {
        notes: [{ path: 'tutorials/friends.md', slug: 'tutorials/friends' }],
        aliases: new Map([['tutorials/friends.md', ['Guides/Making friends', 'Developing friendships']]]),
      },
      ['/notes/guides/making-friends/ → /notes/tutorials/friends/ (alias)'],
      [],
    ],
    [
      'an alias with a note’s extension',
      { notes: [{ path: 'x.md', slug: 'x' }], aliases: new Map([['x.md', ['Old name.md']]]) },
      ['/notes/old-name/ → /notes/x/ (alias)'],
      [],
    ],
    [
      'a rename in git history',
      { notes: [{ path: 'b/new.md', slug: 'b/new' }], renames: new Map([['a/old name.md', 'b/new.md']]) },
      ['/notes/a/old-name/ → /notes/b/new/ (renamed)'],
      [],
    ],
    [
      'a renamed file that is no longer a published note, or was no note',
      {
        notes: [{ path: 'b.md', slug: 'b' }],
        renames: new Map([
          ['a.md', 'gone.md'],
          ['img/a.png', 'b.md'],
        ]),
      },
      [],
      [],
    ],
    [
      'an old path another note has now: the page stays, silently for git history',
      {
        notes: [
          { path: 'a.md', slug: 'a' },
          { path: 'b.md', slug: 'b' },
        ],
        renames: new Map([['a.md', 'b.md']]),
      },
      [],
      [],
    ],
    [
      'an alias that is a page’s URL: a warning',
      {
        notes: [
          { path: 'a.md', slug: 'a' },
          { path: 'g/b.md', slug: 'g/b' },
        ],
        aliases: new Map([['a.md', ['g/b']]]),
      },
      [],
      [/^a\.md: warning: alias "g\/b" is the URL of a page the site has \(\/notes\/g\/b\/\)/],
    ],
    [
      'two notes claim one old URL: an alias beats git history; two aliases warn',
      {
        notes: [
          { path: 'a.md', slug: 'a' },
          { path: 'b.md', slug: 'b' },
          { path: 'c.md', slug: 'c' },
        ],
        aliases: new Map([
          ['a.md', ['old/x']],
          ['c.md', ['old/x']],
        ]),
        renames: new Map([['old/x.md', 'b.md']]),
      },
      ['/notes/old/x/ → /notes/a/ (alias)'],
      [/^c\.md: warning: alias "old\/x" is also alias "old\/x" of a\.md; \/notes\/old\/x\/ leads there\. Remove one of them\.$/],
    ],
    ['an alias that is the note’s own path', { notes: [{ path: 'g/a.md', slug: 'g/a' }], aliases: new Map([['g/a.md', ['g/a.md']]]) }, [], []],
    [
      'an alias too long to be a folder name: a warning',
      { notes: [{ path: 'a.md', slug: 'a' }], aliases: new Map([['a.md', [`old/${'x'.repeat(300)}`]]]) },
      [],
      [/^a\.md: warning: alias "old\/x+" is too long to be a URL/],
    ],
  ])('%s', (_, input, redirects, warnings) => {
    const out = plan(input);
    expect(out.redirects.map(row)).toEqual(redirects);
    expect(out.warnings.map(formatIssue)).toHaveLength(warnings.length);
    warnings.forEach((re, i) => expect(formatIssue(out.warnings[i]!)).toMatch(re));
  });
  it('under a base path, both ends carry it', () =>
    expect(
      planRedirects({
        notes: [{ path: 'g/a.md', slug: 'start' }],
        aliases: new Map(),
        renames: new Map(),
        pages: new Set(),
        paths: createSitePaths('/wiki/'),
      }).redirects.map(row),
    ).toEqual(['/wiki/notes/g/a/ → /wiki/notes/start/ (permalink)']));
});

describe('renderRedirectPage and _redirects', () => {
  it('escapes the target, refreshes to it, names it canonical, is never indexed', () => {
    const html = renderRedirectPage({ to: '/notes/a"<b>/' }, { siteUrl: 'https://kb.example.com/', title: 'KB <x>' });
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/notes/a&quot;&lt;b&gt;/">');
    expect(html).toContain('<link rel="canonical" href="https://kb.example.com/notes/a&quot;&lt;b&gt;/">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>Moved · KB &lt;x&gt;</title>');
    expect(html).not.toMatch(/<b>|"<|<x>/);
    expect(html).not.toContain('rel="icon"');
  });
  it('names the site’s icon, so the browser does not ask for /favicon.ico', () =>
    expect(renderRedirectPage({ to: '/b/' }, { siteUrl: undefined, title: 'KB', icon: '/wiki/favicon.svg' })).toContain(
      '<link rel="icon" href="/wiki/favicon.svg" type="image/svg+xml">',
    ));
  it('one 301 line per redirect; a Publish URL also as Publish links it, without the trailing slash', () =>
    expect(
      renderRedirectsFile([
        { from: '/notes/a/', to: '/notes/b/', reason: 'permalink' },
        { from: '/notes/%C3%A9/', to: '/notes/c/', reason: 'alias' },
        { from: '/billing/', to: '/notes/billing/', reason: 'publish' },
      ]),
    ).toBe('/notes/a/ /notes/b/ 301\n/notes/%C3%A9/ /notes/c/ 301\n/billing /notes/billing/ 301\n/billing/ /notes/billing/ 301\n'));
});

describe('the fixture vault: permalinks and aliases', () => {
  it('redirects the permalink notes’ file-name URLs and their path-like aliases, not the plain aliases', async () => {
    const site = await prepareFixture(fixture('obsidian-publish'));
    expect(site.redirects.map((r) => `${r.from} → ${r.to} (${r.reason}: ${r.source})`)).toEqual([
      '/notes/guides/first-steps/ → /notes/start/ (alias: Guides/First steps)',
      '/notes/guides/getting-started/ → /notes/start/ (permalink: guides/getting-started.md)',
      '/notes/old/payments-service/ → /notes/services/payments-api/ (alias: Old/Payments service.md)',
      '/notes/services/payments/ → /notes/services/payments-api/ (permalink: services/payments.md)',
      '/services/payments-api/ → /notes/services/payments-api/ (publish: services/payments-api)',
      '/start/ → /notes/start/ (publish: start)',
    ]);
    // Links everywhere point at the permalink: the index, llms.txt, the sitemap, the sidebar.
    expect(site.model.index.notes.find((n) => n.path === 'guides/getting-started.md')?.slug).toBe('start');
    const files = siteFiles({
      model: site.model,
      bodies: site.result.bodies,
      packData: () => buildPackData(site.result.index, site.result.bodies),
      digests: () => [],
      packs: () => [],
      redirects: site.redirects,
      wholeSite: true,
    });
    const text = (path: string) => {
      const t = files.find((f) => f.path === path)!.text();
      return typeof t === 'string' ? t : [...t].join('');
    };
    expect(text('llms.txt')).toContain('- [Getting started](/notes/start.md)');
    expect(text('sitemap.xml')).toContain('<loc>/notes/start/</loc>');
    expect(text('sitemap.xml')).not.toContain('getting-started');
    expect(text('kb-sidebar.html')).toContain('href="/notes/start/"');
    expect(text('_redirects')).toBe(
      [
        '/notes/guides/first-steps/ /notes/start/ 301',
        '/notes/guides/getting-started/ /notes/start/ 301',
        '/notes/old/payments-service/ /notes/services/payments-api/ 301',
        '/notes/services/payments/ /notes/services/payments-api/ 301',
        '/services/payments-api /notes/services/payments-api/ 301',
        '/services/payments-api/ /notes/services/payments-api/ 301',
        '/start /notes/start/ 301',
        '/start/ /notes/start/ 301',
        '',
      ].join('\n'),
    );
    expect(files.map((f) => f.path)).toEqual(expect.arrayContaining(['start/index.html', 'services/payments-api/index.html']));
    expect(files.filter((f) => f.path.startsWith('notes/') && f.path.endsWith('/index.html')).map((f) => f.path)).toEqual([
      'notes/guides/first-steps/index.html',
      'notes/guides/getting-started/index.html',
      'notes/old/payments-service/index.html',
      'notes/services/payments/index.html',
    ]);
  });
});

describe('git history: a renamed note keeps its old URL', () => {
  const write = (repo: string, path: string, text: string) => {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  };

  it('git init, commit, git mv, commit: the old paths redirect, private ones never show', async () => {
    const repo = join(tempDir('kb-renames-'), 'kb');
    mkdirSync(repo);
    git(repo, ['init', '-q', '-b', 'main']);
    write(repo, 'kb.config.yaml', "layout: flat\nprivate: ['secret/**']\n");
    write(repo, 'guides/Old Name.md', '# Setting up\n\nHow to set up the service, step by step, with enough text to be a rename.\n');
    write(repo, 'guides/twice.md', '# Twice\n\nA note renamed twice, long enough for git to see the rename each time.\n');
    write(repo, 'secret/plan.md', '# Plan\n\nA note that was private before it was published, with enough text.\n');
    write(repo, 'keep.md', '# Keep\n\nStays where it is.\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'first']);
    git(repo, ['mv', 'guides/Old Name.md', 'guides/setup.md']);
    git(repo, ['mv', 'guides/twice.md', 'guides/once.md']);
    git(repo, ['mv', 'secret/plan.md', 'plan.md']);
    git(repo, ['commit', '-q', '-m', 'rename']);
    mkdirSync(join(repo, 'moved'));
    git(repo, ['mv', 'guides/once.md', 'moved/twice.md']);
    git(repo, ['commit', '-q', '-m', 'move']);
    const site = await prepareFixture(repo);
    expect(site.redirects.map((r) => `${r.from} → ${r.to} (${r.reason}: ${r.source})`)).toEqual([
      '/notes/guides/old-name/ → /notes/guides/setup/ (renamed: guides/Old Name.md)',
      '/notes/guides/once/ → /notes/moved/twice/ (renamed: guides/once.md)',
      '/notes/guides/twice/ → /notes/moved/twice/ (renamed: guides/twice.md)',
    ]);
    expect(site.summary).toContain('kb: 3 old note URLs redirect to the notes (3 from renames in git history)');
  });

  it('outside a git repository there is simply no history', async () => {
    const dir = join(tempDir('kb-nogit-'), 'kb');
    write(dir, 'a.md', '# A\n');
    expect((await prepareFixture(dir)).redirects).toEqual([]);
  });
});
