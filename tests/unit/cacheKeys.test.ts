// One cache scheme (src/node/cache/cacheCode.ts): every cache is keyed by its inputs and by its code key, a
// hash of the module graph that produces its entries and of the packages that graph uses as the lockfile pins them.
// For each cache: change one of its producers' sources (through the module graph's reader, or in a copy on disk
// for the snapshot, which checks its code by the files' signatures), and the cache misses; the same code hits.
// Upgrading a package the producers use changes the key; upgrading one they do not use leaves it alone.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPackData } from '../../src/core/context/buildPackData.js';
import { countTokens } from '../../src/core/tokens/countTokens.js';
import { buildLinkGraph, type GraphSource } from '../../src/core/graph/buildLinkGraph.js';
import { pagefindShardKey } from '../../src/site/emit/pagefindShards.js';
import { pagesSalt } from '../../src/site/prepare/pagesSalt.js';
import type { PortalConfig } from '../../src/site/options/resolvePortal.js';
import { cachedGraphFile } from '../../src/node/cache/cachedGraphFile.js';
import { hashModuleGraph, hashModuleGraphFiles, walkModuleGraph } from '../../src/node/cache/codeHash.js';
import { openIndexCache } from '../../src/node/cache/indexCache.js';
import { loadFolderIndex } from '../../src/node/cache/loadFolderIndex.js';
import { CACHE_PRODUCERS, cacheCode, cacheCodeKey, producerFiles, type CacheName } from '../../src/node/cache/cacheCode.js';
import { cachedPackData, packDataFiled, packDataKey, previousTokenCounts } from '../../src/node/context/cachedPackData.js';
import { indexKnowledgeFolder } from '../../src/node/indexKnowledgeFolder.js';
import { hasNoteHtml, noteHtmlKey, writeNoteHtml } from '../../src/node/site/noteHtmlCache.js';
import { cachedMdxVerdicts, MDX_VERDICTS_FILE, mdxVerdictKey } from '../../src/node/site/cachedMdxVerdicts.js';
import { appEntries } from '../../src/site/app/compileApp.js';
import { copyFixture, fixture, tempDir } from './foundationSupport.js';

const ROOT = resolve(import.meta.dirname, '../..');
const LOCKFILE = join(ROOT, 'package-lock.json');
const src = (path: string) => join(ROOT, 'src', path);

/** The module graph's reader with `file` changed (a line added), everything else as on disk. */
const changing = (file: string) => (f: string) => (f === file ? Buffer.concat([readFileSync(f), Buffer.from('\n// changed\n')]) : readFileSync(f));

/** The lockfile with `key`'s version raised, as the module graph's reader reads it. */
function upgrading(key: string) {
  const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8')) as { packages: Record<string, { version: string }> };
  expect(lock.packages[key], `${key} is in the lockfile`).toBeDefined();
  lock.packages[key]!.version = `${lock.packages[key]!.version}-next`;
  const text = Buffer.from(JSON.stringify(lock));
  return (f: string) => (f === LOCKFILE ? text : readFileSync(f));
}

/** Each cache, a producer deep in its module graph, a package its producers use (none: the layout uses none) and one they do not. */
const CASES: [CacheName, string, string | undefined, string][] = [
  ['indexFacts', 'core/model/readBody.ts', 'node_modules/gray-matter/node_modules/js-yaml', 'node_modules/pagefind'],
  ['indexSnapshot', 'core/index/buildIndex.ts', 'node_modules/markdown-it', 'node_modules/pagefind'],
  ['packData', 'core/rank/searchIndex.ts', 'node_modules/gpt-tokenizer', 'node_modules/pagefind'],
  ['noteHtml', 'markdown/callouts.ts', 'node_modules/rehype-sanitize', 'node_modules/pagefind'],
  ['mdxVerdict', 'node/site/mdxCodeCheck.ts', 'node_modules/@mdx-js/mdx', 'node_modules/pagefind'],
  ['graph', 'core/graph/forceLayout.ts', undefined, 'node_modules/rehype-sanitize'],
  ['pagefind', 'core/searchPages/searchableHtml.ts', 'node_modules/@pagefind/linux-x64', 'node_modules/gray-matter'],
];

describe.each(CASES)('the %s cache’s code key', (cache, producer, used, unused) => {
  const key = cacheCode(cache).key;
  it(`changes when a producer changes (${producer})`, () => expect(cacheCode(cache, { read: changing(src(producer)) }).key).not.toBe(key));
  if (used) it(`changes when a package it uses is upgraded (${used})`, () => expect(cacheCode(cache, { read: upgrading(used) }).key).not.toBe(key));
  else it('uses no package (a package it comes to use needs a row here)', () => expect(walkModuleGraph(producerFiles(cache)).packages.size).toBe(0));
  it(`stays when a package it does not use is upgraded (${unused})`, () => expect(cacheCode(cache, { read: upgrading(unused) }).key).toBe(key));
  it('is the same when nothing changed, and the one the caches use', () => expect(cacheCodeKey(cache)).toBe(key));
});

it('every cache is tested here', () => expect(CASES.map(([cache]) => cache).sort()).toEqual(Object.keys(CACHE_PRODUCERS).sort()));

/** The key a cache would have if `producer` changed. */
const changedKey = (cache: CacheName, producer: string) => cacheCode(cache, { read: changing(src(producer)) }).key;

describe('each cache misses after its code changed, and hits before', () => {
  it('index facts (index/file-facts.bin)', () => {
    const cacheDir = join(tempDir(), 'cache');
    indexKnowledgeFolder(fixture('index-cache'), { cacheDir });
    expect(openIndexCache(cacheDir, cacheCodeKey('indexFacts')).loaded).toBeGreaterThan(0);
    expect(openIndexCache(cacheDir, changedKey('indexFacts', 'core/model/readBody.ts')).loaded).toBe(0);
  });

  it('the index snapshot (index/index-snapshot.bin): a producer edited in a copy of the code', async () => {
    // A copy of the snapshot's code (its sources, as the module graph finds them), hashed as the build hashes it.
    const code = tempDir();
    const sources = walkModuleGraph(producerFiles('indexSnapshot')).files.filter((f) => f.startsWith(join(ROOT, 'src')));
    for (const f of sources) {
      mkdirSync(join(code, relative(ROOT, f), '..'), { recursive: true });
      cpSync(f, join(code, relative(ROOT, f)));
    }
    const copy = () => {
      const c = hashModuleGraphFiles(
        producerFiles('indexSnapshot').map((f) => join(code, relative(ROOT, f))),
        LOCKFILE,
      );
      return { key: c.hash, files: c.files };
    };
    const kb = copyFixture('index-cache');
    const cacheDir = join(tempDir(), 'cache');
    // The files were just written: the racy window is closed (a reading started long after them), as in indexSnapshot.test.ts.
    const load = () => loadFolderIndex(kb, { cacheDir, code: copy, racyMs: 0, now: () => Number.MAX_SAFE_INTEGER });
    expect((await load()).from).toBe('reading');
    expect((await load()).from).toBe('snapshot');
    writeFileSync(join(code, 'src/core/index/buildIndex.ts'), `${readFileSync(join(code, 'src/core/index/buildIndex.ts'), 'utf8')}\n// changed\n`);
    expect((await load()).from).toBe('reading');
  });

  it('pack data (pack-data/, kb-pack-data/)', () => {
    const { index, bodies } = indexKnowledgeFolder(fixture('context-basic'));
    const dir = tempDir();
    cachedPackData(index, bodies, dir, cacheCodeKey('packData'));
    expect(packDataFiled(dir, packDataKey(index, bodies, cacheCodeKey('packData')))).toBe(true);
    const changed = changedKey('packData', 'core/rank/searchIndex.ts');
    expect(packDataFiled(dir, packDataKey(index, bodies, changed))).toBe(false);
    expect(cachedPackData(index, bodies, dir, changed)).toEqual(buildPackData(index, bodies));
    expect(packDataFiled(dir, packDataKey(index, bodies, changed))).toBe(true);
  });

  it('pack data: the token counts of the entry before are taken only from one the same code made', () => {
    const { index, bodies } = indexKnowledgeFolder(fixture('context-basic'));
    const dir = tempDir();
    const code = cacheCodeKey('packData');
    cachedPackData(index, bodies, dir, code);
    const counts = previousTokenCounts(dir, 'another-key', code);
    expect(counts?.size).toBeGreaterThan(10);
    expect([...counts!].every(([block, tokens]) => tokens === countTokens(`${block}\n\n`))).toBe(true);
    expect(previousTokenCounts(dir, 'another-key', changedKey('packData', 'core/tokens/countTokens.ts'))).toBeUndefined();
    // The entry itself is not the one before.
    expect(previousTokenCounts(dir, packDataKey(index, bodies, code), code)).toBeUndefined();
    // One note edited: built with the counts of the entry before, the same pack data as built from nothing.
    const [first] = index.notes;
    const edited = new Map(bodies).set(first!.path, `${bodies.get(first!.path)}\n\nA paragraph added after the build.\n`);
    expect(cachedPackData(index, edited, dir, code)).toEqual(buildPackData(index, edited));
  });

  it('note HTML (kb-note-html/)', () => {
    const dir = tempDir();
    const inputs = { base: '/', trustHtml: false, links: [], markdown: '> [!note]\n> x' };
    const rendered = { html: '<p>x</p>', hasMath: false, hasMermaid: false, headings: [], attachments: [], embeds: [] } as never;
    writeNoteHtml(dir, noteHtmlKey({ ...inputs, version: cacheCodeKey('noteHtml') }), rendered);
    expect(hasNoteHtml(dir, noteHtmlKey({ ...inputs, version: cacheCodeKey('noteHtml') }))).toBe(true);
    expect(hasNoteHtml(dir, noteHtmlKey({ ...inputs, version: changedKey('noteHtml', 'markdown/callouts.ts') }))).toBe(false);
  });

  it('MDX verdicts (mdx-verdicts.json)', async () => {
    const dir = tempDir();
    const body = '# A\n\n<Aside>MDX</Aside>\n';
    await cachedMdxVerdicts(dir, cacheCodeKey('mdxVerdict'), [body], { deadlineMs: 0 });
    const file = JSON.parse(readFileSync(join(dir, MDX_VERDICTS_FILE), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(file)).toEqual([mdxVerdictKey(cacheCodeKey('mdxVerdict'), false, body)]);
    expect(file[mdxVerdictKey(changedKey('mdxVerdict', 'node/site/mdxCodeCheck.ts'), false, body)]).toBeUndefined();
  });

  it('the global graph (graph/)', () => {
    const note = (path: string, links: string[]): GraphSource => ({ path, slug: path.replace(/\.md$/, ''), title: path, kind: 'note', tags: [], links });
    const sources = [note('a.md', ['b']), note('b.md', [])];
    const graph = buildLinkGraph(sources, (t) => sources.find((s) => s.slug === t)?.slug);
    const dir = join(tempDir(), 'graph');
    cachedGraphFile(dir, graph, cacheCodeKey('graph'));
    const [before] = readdirSync(dir);
    cachedGraphFile(dir, graph, cacheCodeKey('graph'));
    expect(readdirSync(dir)).toEqual([before]);
    cachedGraphFile(dir, graph, changedKey('graph', 'core/graph/forceLayout.ts'));
    expect(readdirSync(dir)).not.toEqual([before]);
  });

  it('a Pagefind shard (pagefind/): its key with the code key, as src/site/emit/pagefindShards.ts should take it', () => {
    const dir = tempDir();
    const key = (code: string) => pagefindShardKey(`1.6.0\0${code}`, 'pagefind', '/', ['a/index.html'], [Buffer.from('<p>a</p>')]);
    mkdirSync(join(dir, key(cacheCodeKey('pagefind'))));
    writeFileSync(join(dir, key(cacheCodeKey('pagefind')), 'pagefind-entry.json'), '{}');
    expect(existsSync(join(dir, key(cacheCodeKey('pagefind')), 'pagefind-entry.json'))).toBe(true);
    expect(existsSync(join(dir, key(changedKey('pagefind', 'core/searchPages/searchableHtml.ts')), 'pagefind-entry.json'))).toBe(false);
  });

  it('page manifests (pages/): the salt of the compiled site’s code (src/site/app/appStamp.ts)', () => {
    const config = { root: '/', siteUrl: undefined, trustHtml: false, title: undefined } as unknown as PortalConfig;
    const salt = (read?: (f: string) => Buffer) => pagesSalt(hashModuleGraph(appEntries(), LOCKFILE, { read }), config);
    expect(salt()).toBe(salt());
    expect(salt(changing(src('components/PagePack.astro')))).not.toBe(salt());
  });
});
