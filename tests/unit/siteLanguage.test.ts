// The site's views in the site's language: each view function the pages and islands build with speaks the
// language it is handed and, handed none, English as before (the CLI's words). One row per view.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { siteI18n } from '../../src/core/i18n/localeTables.ts';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.ts';
import { runQuery } from '../../src/core/query/runQuery.ts';
import { artifactState, buildQueryView } from '../../src/core/views/queryView.ts';
import { queryViewTree } from '../../src/core/views/queryViewTree.ts';
import { renderViewHtml } from '../../src/core/views/renderViewHtml.ts';
import { aboutRows } from '../../src/core/notePage/aboutRows.ts';
import { buildSiteTree, groupLabels, sidebarBranch } from '../../src/core/navigation/sidebarTree.ts';
import { renderSidebar } from '../../src/core/navigation/renderSidebar.ts';
import { renderRedirectPage } from '../../src/core/outputs/renderRedirects.ts';
import { renderAtomFeed } from '../../src/core/outputs/renderAtomFeed.ts';
import { sectionLinks } from '../../src/core/site/pageTypes.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { queryExamples } from '../../src/core/navigation/homeSummary.ts';
import { staleness } from '../../src/core/util/staleness.ts';
import { invalidFacetPieces } from '../../src/core/search/renderSearchText.ts';
import { runSearch } from '../../src/core/search/runSearch.ts';
import { indexedNote } from './foundationSupport.ts';
import { answerQueryBlock } from '../../src/core/query/queryBlock.ts';
import { renderQueryBlockHtml } from '../../src/core/views/renderQueryBlockHtml.ts';

const { index } = indexKnowledgeFolder(join(import.meta.dirname, '../fixtures/query-aria'));
const TODAY = '2026-05-01';
const byPath = new Map(index.notes.map((n) => [n.path, n]));
const paths = createSitePaths('/');
const ja = siteI18n('ja');
const de = siteI18n('de');
const view = (q: string, words?: Parameters<typeof buildQueryView>[5]) =>
  buildQueryView(runQuery(index, q, { today: TODAY }), index, (p) => byPath.get(p), TODAY, Infinity, words);

describe('a query’s answer', () => {
  it.each([
    ['English by default, as kb query words it', view('api').summary, /^Found \d+ files matching: \[api\] \(OR\)$/],
    ['Japanese', view('api', ja).summary, /^\[api\] に一致する \d+ 件のファイルが見つかりました \(OR\)$/],
    ['German, a missing tag', view('no-such-tag', de).summary, /^Keine Dateien passen zu den Tags: \[no-such-tag\]$/],
  ])('%s', (_, summary, want) => expect(summary).toMatch(want));

  it('its markup too: headings, the known tags line, the show-more button', () => {
    const html = renderViewHtml(queryViewTree(view('no-such-tag', de), paths, { interactive: false, words: de }));
    expect(html).toContain('Bekannte Tags:');
    expect(html).not.toContain('Known tags');
  });

  it.each([
    ['English', artifactState('CODEMAP', 'ss', false, undefined, TODAY), '(not found — run /codemap create)'],
    ['German', artifactState('CODEMAP', 'ss', false, undefined, TODAY, de), '(nicht gefunden – /codemap create ausführen)'],
  ])('an artifact’s state in %s', (_, state, want) => expect(state).toBe(want));

  it('ages: the CLI’s English without words, the page’s with them', () => {
    expect(staleness('2026-01-01', TODAY, 30, 'run x').ageString).toBe('(120 days ago)');
    expect(staleness('2026-01-01', TODAY, 30, 'x ausführen', de)).toMatchObject({ ageString: '(vor 120 Tagen)', marker: ' [VERALTET – x ausführen]' });
  });
});

describe('the page’s frame', () => {
  const tree = buildSiteTree(
    index,
    groupLabels((key) => ja.t(key)),
  );
  it('sidebar groups and its "more" button', () => {
    expect(tree.groups.map((g) => g.label)).toContain('プロジェクト横断');
    expect(renderSidebar(sidebarBranch(tree, undefined, { window: 1 }), paths.note, ja)).toMatch(/ほか \d+ 件…/);
    expect(renderSidebar(sidebarBranch(buildSiteTree(index), undefined, { window: 1 }), paths.note)).toMatch(/\d+ more…/);
  });
  it('site links', () =>
    expect(sectionLinks(paths, { projects: true, sharing: true, graph: true }, (k) => de.t(k)).map(([, label]) => label)).toEqual([
      'Tags',
      'Projekte',
      'Im Team geteilt',
      'Kategorien',
      'Pakete',
      'Abfrage',
      'Zustand',
      'Graph',
    ]));
  it('a note’s facts: labels, status and days', () => {
    const note = indexedNote('a.md', { category: 'x', date: '2026-09-14', tokens: 1234 });
    expect(aboutRows(note, paths, new Set(), de).map((f) => `${f.label}: ${f.value}`)).toEqual([
      'Kategorie: x',
      'Status: aktiv',
      'Datum: 14. September 2026',
      'Quelle: a.md',
      `Token: ${new Intl.NumberFormat('de').format(1234)}`,
    ]);
  });
  it('query examples search for the language’s word', () =>
    expect(queryExamples(index, new Map([['api', 3]]), { keyword: 'Stichwort', empty: '' }).placeholder).toContain('--tag api Stichwort'));
});

describe('a query block in a note', () => {
  const html = (lang: 'kb-query' | 'kb-search', text: string, words?: Parameters<typeof renderQueryBlockHtml>[4]) =>
    renderQueryBlockHtml(answerQueryBlock(lang, text, index, new Map(), TODAY)!, index, paths, TODAY, words);
  it('a tag query’s summary in German', () => expect(html('kb-query', 'api', de)).toMatch(/\d+ Dateien gefunden zu: \[api\]/));
  it('a search’s summary in Japanese', () => expect(html('kb-search', '--tag api', ja)).toMatch(/一致するノート \d+ 件/));
  it('English without words', () => expect(html('kb-search', '--tag api')).toMatch(/\d+ notes? match(es)? \(\d+ shown\)/));
});

describe('files a reader opens', () => {
  it('a redirect page in Arabic runs right to left', () => {
    const html = renderRedirectPage({ to: '/notes/x/' }, { siteUrl: undefined, title: 'Site', i18n: siteI18n('ar') });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('نُقلت هذه الملاحظة إلى <a href="/notes/x/">/notes/x/</a>.');
  });
  it('an English redirect page is as it was', () =>
    expect(renderRedirectPage({ to: '/n/' }, { siteUrl: undefined, title: 'S' })).toContain('<html lang="en">\n<head>'));
  it('the feed names its language', () => {
    const feed = (lang?: string) =>
      renderAtomFeed({
        title: 'T',
        description: undefined,
        notes: [],
        updated: {},
        today: TODAY,
        url: (p) => p,
        home: '/',
        feed: '/feed.xml',
        note: (s) => s,
        lang,
      });
    expect(feed('ja')).toContain('<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="ja">');
    expect(feed()).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  });
});

describe('kb search’s answer to an unknown tag', () => {
  const result = runSearch(index, { tag: 'no-such-tag' }, new Map());
  it('keeps the line agents parse in English without words', () => expect(invalidFacetPieces(result)[0]).toBe('No matches. Valid values: '));
  it('is the page’s language with them', () => expect(invalidFacetPieces(result, ja)[0]).toBe('一致なし。有効な値: '));
});
