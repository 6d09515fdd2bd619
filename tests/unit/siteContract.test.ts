// The site contract (src/core/outputs/siteContract.ts): every file the writer publishes for the sample folder is listed
// there and parses with its schema, a file that does not is rejected with its name, and the readers (the island's
// fetch in browserPack.ts and kb mcp --site's siteSource.ts) read through it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.ts';
import { checkGlobalGraphFile } from '../../src/core/graph/checkGlobalGraphFile.ts';
import { pagefindShardsOf } from '../../src/core/searchPages/pagefindShardList.ts';
import {
  parseSiteFile,
  SITE_FILES,
  siteFileKeyOf,
  siteFilePath,
  siteFileUrl,
  type SiteFileKey,
  type SiteJsonKey,
} from '../../src/core/outputs/siteContract.ts';
import { createSitePaths } from '../../src/core/site/sitePaths.ts';
import { siteDigests, writeSitePacks } from '../../src/site/prepare/preparePacks.ts';
import { siteFiles, writeSiteFiles, type SiteFile } from '../../src/site/emit/siteFiles.ts';
import { fetchSiteJson } from '../../src/islands/browserPack.ts';
import { siteSource } from '../../src/mcp/siteSource.ts';
import { CONTENT, tempDir } from './foundationSupport.ts';
import { prepareFixture } from './preparedSite.ts';

let files: SiteFile[];
let dist: string;

beforeAll(async () => {
  const site = await prepareFixture(CONTENT);
  const data = buildPackData(site.result.index, site.result.bodies);
  const packs = await writeSitePacks(site, data);
  files = siteFiles({
    model: site.model,
    bodies: site.result.bodies,
    packData: () => data,
    digests: () => siteDigests(site),
    packs: () => packs,
    boards: () => site.boards,
    redirects: site.redirects,
    wholeSite: true,
  });
  dist = tempDir('kb-site-contract-');
  writeSiteFiles(dist, files);
}, 120_000);

const jsonKeys = (Object.keys(SITE_FILES) as SiteFileKey[]).filter((k): k is SiteJsonKey => 'schema' in SITE_FILES[k]);
const read = (path: string) => readFileSync(join(dist, path), 'utf8');

describe('the writer publishes what the contract lists', () => {
  it('lists every JSON file the writer writes, and each parses with its schema to the same value', () => {
    const json = files.filter((f) => f.type === 'application/json');
    expect(json.length).toBeGreaterThan(10);
    for (const file of json) {
      const key = siteFileKeyOf(file.path);
      expect(key, `${file.path} is not in siteContract.ts`).toBeDefined();
      if (!key || !('schema' in SITE_FILES[key])) continue; // packs/<slug>.json: a download, read by no module
      const value: unknown = JSON.parse(read(file.path));
      expect(parseSiteFile(key as SiteJsonKey, value), file.path).toEqual(value);
    }
  });

  it('writes every file the contract lists (the sharded ones at least once)', () => {
    const written = new Set(files.map((f) => siteFileKeyOf(f.path)));
    const afterPagefind = (k: SiteFileKey) => SITE_FILES[k].writer === 'pagefindShards.ts';
    expect((Object.keys(SITE_FILES) as SiteFileKey[]).filter((k) => !written.has(k) && !afterPagefind(k))).toEqual([]);
  });

  it('pins the published names: a renamed file is a change to every site already published, and to its readers', () => {
    expect(Object.fromEntries(Object.entries(SITE_FILES).map(([key, spec]) => [key, spec.path]))).toEqual({
      index: 'kb-index.json',
      queryIndex: 'kb-query-index.json',
      noteCards: 'kb-notes/<shard>.json',
      bodySpans: 'kb-body-spans.json',
      digests: 'kb-digests.json',
      packHead: 'kb-pack/head.json',
      packTerms: 'kb-pack/t/<shard>.json',
      packNotes: 'kb-pack/n/<shard>.json',
      tokenRanks: 'kb-pack/o200k_base.json',
      graph: 'kb-graph.json',
      pagefindShards: 'pagefind/kb-shards.json',
      packJson: 'packs/<slug>.json',
      indexMd: 'index.md',
      noteMd: 'notes/<slug>.md',
      packMd: 'packs/<slug>.md',
      sidebar: 'kb-sidebar.html',
    });
  });

  it('names a sharded file from its placeholder, and a file URL under the base path', () => {
    expect(siteFilePath('noteCards', 3)).toBe('kb-notes/3.json');
    expect(siteFilePath('packTerms', 0)).toBe('kb-pack/t/0.json');
    expect(siteFilePath('noteMd', 'guides/a b')).toBe('notes/guides/a b.md');
    expect(() => siteFilePath('noteCards')).toThrow('kb-notes/<shard>.json needs its <shard>');
    expect(siteFileUrl(createSitePaths('/wiki/'), 'queryIndex')).toBe('/wiki/kb-query-index.json');
    expect(siteFileKeyOf('kb-notes/12.json')).toBe('noteCards');
    expect(siteFileKeyOf('kb-notes.json')).toBeUndefined();
  });
});

describe.each(jsonKeys)('%s: a file that does not match its schema', (key) => {
  it('is rejected with an error naming the file', () => {
    const name = siteFilePath(key, SITE_FILES[key].path.includes('<') ? 0 : undefined);
    expect(() => parseSiteFile(key, { version: -1 }, 0)).toThrow(`${name} is not what this kb-portal expects`);
  });
});

describe('a wrong file fails in both readers', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The island's fetch, served from the written site with one file replaced. */
  const serve = (replaced: Record<string, string>) =>
    vi.stubGlobal('fetch', async (url: string) => {
      const path = decodeURIComponent(url.replace(/^\/wiki\//, ''));
      const text = replaced[path] ?? read(path);
      return new Response(text, { status: 200 });
    });

  it('the island: reads a good file through the contract, and names a wrong one', async () => {
    const paths = createSitePaths('/wiki/');
    serve({ 'kb-body-spans.json': JSON.stringify({ files: ['../secrets.txt'], notes: {} }) });
    expect((await fetchSiteJson(paths, 'index')).notes.length).toBeGreaterThan(10);
    expect(await fetchSiteJson(paths, 'noteCards', 0)).toEqual(JSON.parse(read('kb-notes/0.json')));
    await expect(fetchSiteJson(paths, 'bodySpans')).rejects.toThrow(
      /^kb-body-spans\.json is not what this kb-portal expects \(files\.0: is not a llms-full file\)/,
    );
  });

  it('kb mcp --site: names the wrong file', async () => {
    const good = read('kb-body-spans.json');
    writeFileSync(join(dist, 'kb-body-spans.json'), JSON.stringify({ files: ['../secrets.txt'], notes: {} }));
    try {
      const snapshot = await siteSource(dist, '/').snapshot();
      expect(snapshot.index.notes.length).toBeGreaterThan(10);
      await expect(snapshot.searchBodies()).rejects.toThrow(
        `${dist}: kb-body-spans.json is not what this kb-portal expects (files.0: is not a llms-full file)`,
      );
    } finally {
      writeFileSync(join(dist, 'kb-body-spans.json'), good);
    }
  });

  it('the graph island: its check without zod rejects what the contract’s schema rejects', () => {
    const graph: unknown = JSON.parse(read('kb-graph.json'));
    expect(checkGlobalGraphFile(graph, '/kb-graph.json')).toEqual(parseSiteFile('graph', graph));
    const wrong = [
      { ...(graph as object), version: 0 },
      { ...(graph as object), x: [] },
      { ...(graph as object), edges: ['a'] },
      { ...(graph as object), clusters: [{}] },
      null,
    ];
    for (const bad of wrong) {
      expect(() => parseSiteFile('graph', bad)).toThrow('kb-graph.json is not what this kb-portal expects');
      expect(() => checkGlobalGraphFile(bad, '/kb-graph.json')).toThrow('/kb-graph.json is not what this kb-portal expects');
    }
  });

  it.each<[string, unknown, boolean]>([
    ['none, on a site in one bundle', [], true],
    ['the writer’s folders', ['pagefind-2/', 'pagefind-12/'], true],
    ['not a list', { shards: ['pagefind-2/'] }, false],
    ['a name that is not a string', ['pagefind-2/', 2], false],
    ['a folder without its slash', ['pagefind-2'], false],
    ['another site’s bundle', ['//evil.example/pagefind/'], false],
    ['a folder outside the portal', ['../pagefind-2/'], false],
    ['the first bundle again', ['pagefind/'], false],
  ])('the search islands: a shard list with %s is merged as the contract’s schema allows, else ignored', (_name, json, ok) => {
    expect(pagefindShardsOf(json)).toEqual(ok ? json : []);
    if (ok) expect(parseSiteFile('pagefindShards', json)).toEqual(json);
    else expect(() => parseSiteFile('pagefindShards', json)).toThrow('pagefind/kb-shards.json is not what this kb-portal expects');
  });
});
