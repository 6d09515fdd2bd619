// The site's pure page-data helpers (src/core/site/), over a fixture read by the real pipeline.
import { readdirSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { createSitePaths, normaliseBase } from '../../src/core/site/sitePaths.ts';
import { renderNoteMarkdown } from '../../src/core/outputs/renderNoteMarkdown.ts';
import { llmsFullTxtChunks, renderLlmsTxt } from '../../src/core/outputs/renderLlmsTxt.ts';
import { renderSitemap } from '../../src/core/outputs/renderSitemap.ts';
import { allTags, notesByCategory } from '../../src/core/navigation/summariseIndex.ts';
import { packFileName } from '../../src/core/site/packFiles.ts';
import { digestsForRequest } from '../../src/core/site/packDigests.ts';
import type { RepoDigest } from '../../src/core/discover/repoDigest.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/site-basic');
// git keeps no mtimes: pin them, so "recent" and the mtime fallback are the same on every checkout.
for (const f of readdirSync(FIXTURE, { recursive: true }) as string[]) utimesSync(join(FIXTURE, f), new Date('2020-01-01'), new Date('2020-01-01'));
const { index, bodies } = indexKnowledgeFolder(FIXTURE);
const note = (path: string) => index.notes.find((n) => n.path === path)!;

describe('normaliseBase', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['wiki', '/wiki/'],
    ['/wiki', '/wiki/'],
    ['/team/wiki/', '/team/wiki/'],
  ])('%j → %j', (base, expected) => expect(normaliseBase(base)).toBe(expected));
});

describe('createSitePaths: every URL under the base path', () => {
  const root = createSitePaths('/');
  const wiki = createSitePaths('/wiki/');
  it.each([
    ['note', root.note('decisions/001-x'), '/notes/decisions/001-x/'],
    ['note under /wiki/', wiki.note('decisions/001-x'), '/wiki/notes/decisions/001-x/'],
    ['raw markdown', wiki.noteMd('decisions/001-x'), '/wiki/notes/decisions/001-x.md'],
    ['plain tag', wiki.tag('react-native'), '/wiki/tags/react-native/'],
    ['nested tag stays one segment', root.tag('lang/ts'), '/tags/lang~2f~ts/'],
    ['reserved tag name', root.tag('index'), '/tags/index~/'],
    ['tag with ? and #', root.tag('a?b#c'), '/tags/a~3f~b~23~c/'],
    ['non-Latin tag is percent-encoded', root.tag('日本'), '/tags/%E6%97%A5%E6%9C%AC/'],
    ['category', wiki.category('performance-issues'), '/wiki/categories/performance-issues/'],
    ['project', wiki.project('pay'), '/wiki/projects/pay/'],
    ['pack file', wiki.packFile('project-pay', 'json'), '/wiki/packs/project-pay.json'],
    ['query is encoded', wiki.query('api AND <x>&y'), '/wiki/query/?q=api%20AND%20%3Cx%3E%26y'],
    ['empty query', wiki.query(), '/wiki/query/'],
    ['site file', wiki.file('pagefind/'), '/wiki/pagefind/'],
  ])('%s', (_rule, actual, expected) => expect(actual).toBe(expected));
});

describe('renderNoteMarkdown: the .md beside a note page', () => {
  it('writes a normalised frontmatter with every value quoted, then the body', () => {
    const md = renderNoteMarkdown(note('references/legacy.md'), bodies.get('references/legacy.md')!);
    expect(md.split('\n').slice(0, 8)).toEqual([
      '---',
      'title: "Legacy <b>codes</b>"',
      'description: "Old codes & \\"quotes\\"."',
      'tags: ["api"]',
      'status: "deprecated"',
      'source: "references/legacy.md"',
      '---',
      '',
    ]);
    expect(md).toContain('Raw HTML from authors:');
    expect(md.endsWith('\n')).toBe(true);
  });
});

describe('llms.txt (llmstxt.org format)', () => {
  const text = renderLlmsTxt({ index, mdUrl: (slug) => `/docs/notes/${slug}.md` });
  it('starts with an H1 and a summary blockquote', () => expect(text).toMatch(/^# Site fixture\n\n> Small folder for the site's page-data tests\.\n/));
  it('has H2 sections of `- [title](url): description` lines, decisions first', () => {
    expect(text).toMatch(/## Decisions\n\n- \[ADR 001: Offset pages\]\(\/docs\/notes\/decisions\/001-offset\.md\): Page with limit and offset\.\n/);
    expect(text.indexOf('## Decisions')).toBeLessThan(text.indexOf('## Notes'));
  });
  it('llms-full.txt carries the bodies', () =>
    expect([...llmsFullTxtChunks(index, bodies, (s) => `/${s}.md`)].join('')).toContain('Offsets drift under writes.'));
});

describe('renderSitemap', () => {
  it.each([
    ['relative without site.url', undefined, '<loc>/a/</loc>'],
    ['absolute with site.url', 'https://wiki.example.com/', '<loc>https://wiki.example.com/a/</loc>'],
  ])('%s', (_rule, site, loc) => expect(renderSitemap(['/a/'], site)).toContain(loc));
  it('escapes XML', () => expect(renderSitemap(['/q/?a=1&b=<2>'], undefined)).toContain('<loc>/q/?a=1&amp;b=&lt;2&gt;</loc>'));
});

describe('index summaries', () => {
  it('lists every tag with a page', () => expect(allTags(index)).toEqual(['api', 'pagination', 'postgres']));
  it('groups notes by category', () => expect([...notesByCategory(index.notes)].map(([c, ns]) => [c, ns.length])).toEqual([['architecture', 1]]));
});

describe('packFileName', () => {
  it.each([
    ['Add cursor pagination to /refunds', 'add-cursor-pagination-to-refunds'],
    ['', 'context-pack'],
    ['!!!', 'context-pack'],
  ])('%j → %j', (task, name) => expect(packFileName(task)).toBe(name));
});

describe('digestsForRequest: the digests kb context would read', () => {
  const digest = (alias: string) => ({ alias }) as unknown as RepoDigest;
  const all = [digest('api'), digest('app')];
  it.each([
    ['no repo, no trigger', { task: 'fix it' }, []],
    ['--repo', { task: 'fix it', repo: 'app' }, ['app']],
    ['@context in the task', { task: 'fix it @context api', repo: 'app' }, ['app', 'api']],
    ['unknown alias', { task: 'x', repo: 'nope' }, []],
  ])('%s', (_rule, request, aliases) => expect(digestsForRequest(all, request).digests.map((d) => d.alias)).toEqual(aliases));
});
