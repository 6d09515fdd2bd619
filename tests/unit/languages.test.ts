// Ranking in the note's language (issue 43): kb search and kb context find a German note by an inflected form and
// by a compound's part, a Japanese or Chinese note by a word inside an unspaced sentence; the island gives the
// CLI's packs; budgets stay exact for CJK text; an English folder is analysed as it always was.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPack } from '../../src/core/context/buildContextPack.js';
import { createPackDataLoader } from '../../src/core/context/packLoader.js';
import { packDataFiles } from '../../src/core/context/packParts.js';
import { runSearch } from '../../src/core/search/runSearch.js';
import { analyze } from '../../src/core/rank/analyze.js';
import { analyzerFor } from '../../src/core/text/analyzer.js';
import { buildLexicon, compoundTerms } from '../../src/core/text/decompound.js';
import { canonicalLocale, baseLanguage } from '../../src/core/text/languageTag.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { loadPackInputs } from '../../src/node/context/loadPackInputs.js';

const fixture = (name: string) => join(import.meta.dirname, '../fixtures', name);
const golden = (name: string) => join(import.meta.dirname, '__golden__/packs', `${name}.md`);
const folders = {
  de: loadPackInputs(fixture('lang-de')),
  ja: loadPackInputs(fixture('lang-ja')),
  zh: loadPackInputs(fixture('lang-zh')),
};
type Lang = keyof typeof folders;
const search = (lang: Lang, keyword: string, requestLang?: string) =>
  runSearch(folders[lang].index, { keyword, ...(requestLang ? { lang: requestLang } : {}) }, folders[lang].bodies);
const found = (lang: Lang, keyword: string, requestLang?: string) => {
  const r = search(lang, keyword, requestLang);
  return [...r.titleMatches, ...r.contentMatches].map((m) => m.path);
};
const cited = (lang: Lang, task: string, requestLang?: string) =>
  buildContextPack(folders[lang].data, { task, ...(requestLang ? { lang: requestLang } : {}), today: '2026-09-01' }).citations.map((c) => c.path);

describe('language tags', () => {
  it.each([
    ['zh-cn', 'zh-CN', 'zh'],
    ['PT-br', 'pt-BR', 'pt'],
    ['nb', 'nb', 'no'],
    ['ja-JP', 'ja-JP', 'ja'],
    ['en_GB', undefined, 'en'],
  ])('%j reads as %j, analysed as %j', (tag, canonical, base) => {
    expect(canonicalLocale(tag)).toBe(canonical);
    expect(baseLanguage(tag)).toBe(base);
  });
});

describe('the analysis of each language', () => {
  it.each([
    ['en', 'Rotating the API keys of runCancellation', analyze('Rotating the API keys of runCancellation')],
    ['de', 'Die Migrationen der Datenbanken wurden nachts ausgeführt', ['migration', 'datenbank', 'nacht', 'ausgefuhrt']],
    ['fr', "L'activité des déploiements échoués", ['activ', 'deploi', 'echou']],
    ['ja', 'データベースの移行手順', ['デー', 'ータ', 'タベ', 'ベー', 'ース', '移行', '行手', '手順']],
    ['zh', '监控告警的阈值', ['监控', '控告', '告警', '阈值']],
    ['ko', '데이터베이스를 백업', ['데이', '이터', '터베', '베이', '이스', '스를', '백업']],
  ])('%s: %j', (lang, text, terms) => expect(analyzerFor(lang).terms(text)).toEqual(terms));
  it('keeps the English analysis of a text without CJK, byte for byte', () => {
    const text = "Don't retry the OAuth2Token — Café naïve résumé; webhooks, caching and deployments";
    expect(analyzerFor('en').terms(text)).toEqual(analyze(text));
  });
  it('reads CJK inside an English note as character pairs', () => expect(analyzerFor('en').terms('API設計')).toEqual(['api', '設計']));
  it('reads the Latin words of a Japanese note as English does', () =>
    expect(analyzerFor('ja').terms('Kubernetesのdeployment')).toEqual(['kubernet', 'deploy']));
});

describe('compounds split against the folder vocabulary', () => {
  const de = analyzerFor('de');
  const lexicon = buildLexicon(de.terms('Datenbankmigration Datenbank Migration Migrationsplan Plan Tabelle'), 'de');
  it('keeps as parts only words the folder uses alone', () => expect(lexicon.parts).toEqual(['datenbank', 'migration', 'plan']));
  it.each([
    ['datenbankmigration', ['datenbankmigration', 'datenbank', 'migration']],
    ['migrationsplan', ['migrationsplan', 'migration', 'plan']],
    ['datenbankmigrationsplan', ['datenbankmigrationsplan', 'datenbankmigration', 'datenbank', 'migration', 'plan']],
    ['tabellenplan', ['tabellenplan']],
    ['bankplan', ['bankplan']],
  ])('%s → %j', (term, terms) => expect(compoundTerms(lexicon, 'de')(term)).toEqual(terms));
});

describe('kb search in the folder’s language', () => {
  it.each<[Lang, string, string]>([
    ['de', 'Migrationen', 'patterns/migration-grosser-tabellen.md'],
    ['de', 'migrierte', 'lessons/2026-05-migration-sperrte-bestellungen.md'],
    ['de', 'Datenbanken', 'decisions/001-datenbankmigration-mit-flyway.md'],
    ['de', 'Erneuerung', 'lessons/2026-06-zertifikat-abgelaufen.md'],
    ['de', 'Sperre', 'patterns/migration-grosser-tabellen.md'],
    ['ja', 'ロールバック', 'guides/手順書-デプロイのロールバック.md'],
    ['ja', '冪等', 'patterns/冪等なワーカー.md'],
    ['ja', '滞留', 'guides/手順書-キューの滞留.md'],
    ['zh', '监控', 'lessons/2026-05-监控告警阈值.md'],
    ['zh', '告警', 'lessons/2026-05-监控告警阈值.md'],
    ['zh', '幂等', 'patterns/幂等的消费者.md'],
  ])('%s: %j finds %s', (lang, keyword, path) => expect(found(lang, keyword)).toContain(path));
  it.each([
    ['Migrationen', 'patterns/migration-grosser-tabellen.md'],
    ['Datenbanken', 'decisions/001-datenbankmigration-mit-flyway.md'],
  ])('finds by %j a note the literal search (English) does not: %s', (keyword, path) => {
    expect(found('de', keyword, 'en')).not.toContain(path);
    expect(found('de', keyword)).toContain(path);
  });
  it('names the line and cuts the snippet around the word', () => {
    const hit = search('de', 'migrierte').contentMatches.find((m) => m.path.startsWith('lessons/2026-05'))!;
    expect(hit.line).toBe(13);
    expect(hit.snippet).toMatch(/migrierten wir die Bestellungstabelle/);
  });
});

describe('kb context in the folder’s language', () => {
  it.each<[Lang, string, string]>([
    ['de', 'Datenbank migrieren', 'lessons/2026-05-migration-sperrte-bestellungen.md'],
    ['de', 'Migration', 'decisions/001-datenbankmigration-mit-flyway.md'],
    ['de', 'Wo liegen die Zugangsdaten?', 'decisions/003-zugangsdaten-im-tresor.md'],
    ['ja', 'ロールバック', 'guides/手順書-デプロイのロールバック.md'],
    ['ja', '注文テーブルに列を追加するとロックされる', 'patterns/ロックを取らない大規模テーブルの移行.md'],
    ['zh', '监控', 'lessons/2026-05-监控告警阈值.md'],
    ['zh', '怎样避免重复记账', 'patterns/幂等的消费者.md'],
  ])('%s: %j cites %s', (lang, task, path) => expect(cited(lang, task)).toContain(path));
  it('ranks each note of a mixed folder in its own language', () => {
    // English notes are stemmed as English: "rotate" finds "rotated"/"rotating"; the German decision is found in German.
    expect(cited('de', 'rotate the database password', 'en')[0]).toBe('guides/rotating-vault-credentials.md');
    expect(cited('de', 'Passwörter im Tresor')[0]).toBe('decisions/003-zugangsdaten-im-tresor.md');
  });
  it('reads a German task with German stop words: "die" and "der" match nothing', () => {
    const p = buildContextPack(folders.de.data, { task: 'die der das und', today: '2026-09-01' });
    expect(p.citations).toEqual([]);
  });
});

describe('a Japanese pack', () => {
  const task = '決済代行会社から同じ通知が何度も届くので二重計上を防ぎたい';
  it('matches its golden file', async () => {
    const p = buildContextPack(folders.ja.data, { task, today: '2026-09-01' });
    await expect(p.contextPackMarkdown).toMatchFileSnapshot(golden('japanese'));
  });
  it.each([300, 500, 800, 1200, 6000])('counts its tokens exactly and stays within %i', (maxTokens) => {
    const p = buildContextPack(folders.ja.data, { task, maxTokens, today: '2026-09-01' });
    expect(countTokens(p.contextPackMarkdown)).toBe(p.tokens);
    expect(p.tokens).toBeLessThanOrEqual(maxTokens);
  });
});

describe.each<[Lang, string, string | undefined]>([
  ['de', 'Datenbank migrieren ohne Sperren', undefined],
  ['de', 'rotate the credentials', 'en'],
  ['ja', 'キューの滞留アラート', undefined],
  ['zh', '监控告警', undefined],
])('CLI and island give the same pack (%s: %j)', (lang, task, requestLang) => {
  it('the same pack from published parts', async () => {
    const { data } = folders[lang];
    const files = new Map(packDataFiles(data).map((f) => [f.path, JSON.stringify(f.value)]));
    const island = createPackDataLoader(async (path) => JSON.parse(files.get(path)!) as unknown);
    const request = { task, ...(requestLang ? { lang: requestLang } : {}), today: '2026-09-01' };
    const cli = buildContextPack(data, request);
    expect(await island.pack(request)).toEqual(cli);
    expect(cli.citations.length).toBeGreaterThan(0);
  });
});

describe('a note’s language in the index', () => {
  const { index, issues } = indexKnowledgeFolder(fixture('lang-de'));
  it('is the folder’s locale unless the note says', () => {
    expect(index.locale).toBe('de');
    expect(index.notes.find((n) => n.path === 'guides/rotating-vault-credentials.md')!.lang).toBe('en');
    expect(index.notes.find((n) => n.path === 'decisions/003-zugangsdaten-im-tresor.md')!.lang).toBe('de');
  });
  it('has no warnings for valid tags', () => expect(issues.filter((i) => i.code === 'lang-invalid')).toEqual([]));
});
