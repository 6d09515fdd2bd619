// Build stage 4: full-text search. Pagefind (through its Node API) indexes the note pages. It holds ~300 kB per
// page while indexing (2.9 GB at 10,000 notes), so above `shardPages` pages it indexes them in shards, one after
// the other, each into its own bundle (`pagefind/`, `pagefind-2/`, …); `pagefind/kb-shards.json` names the
// others and the search page merges them. A page goes to a shard by a hash of its path, so an edit, addition or
// removal changes one shard; a shard whose pages are byte-identical to an earlier build's is reused from the cache.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pagefind from 'pagefind';
import { PAGEFIND_SHARD_LIST, pagefindBundleName } from '../core/site/pagefindShardList.js';
import { linkTree } from '../node/linkTree.js';

export interface PagefindInput {
  /** The output folder. */
  outDir: string;
  /** The note pages, relative to outDir (`kb/notes/a/index.html`). */
  pages: string[];
  /** URL path of outDir's root on the site (the site's base). */
  base: string;
  /** Where the Pagefind bundles go, relative to outDir (`pagefind/` under the portal's prefix). */
  bundleDir: string;
  /** Shard cache folder. */
  cacheDir: string;
  /** Pages per shard; default by the number of pages. */
  shardPages: number | undefined;
  log: (line: string) => void;
}

/**
 * Shards are small (250 pages: a rebuild after an edit re-indexes ~250 pages, ~2 s, where one index of 1,000 pages
 * took ~8 s; indexing in shards costs no more in all) until there would be more than 12 of them to merge in the
 * search page (each is fetched on a search); then they grow, up to 4,000 pages (Pagefind's memory).
 */
export const shardPagesFor = (pages: number, asked?: number) => asked ?? Math.min(4000, Math.max(250, Math.ceil(pages / 12)));

/**
 * Pagefind writes one fragment file per page (the result's excerpt and metadata); above this many it bundles them
 * into shared files. About 16 pages a file keeps a site near two files per note (its page and its `.md`) while a
 * search result still loads a small file (~16 excerpts, gzipped by Pagefind).
 */
export const fragmentFiles = (pages: number) => Math.max(1, Math.ceil(pages / 16));

/** A page's shard, from its path alone (FNV-1a). */
export function shardOf(page: string, count: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < page.length; i++) h = Math.imul(h ^ page.charCodeAt(i), 0x01000193) >>> 0;
  return h % count;
}

/** Folder by folder, as a directory walk meets them (Pagefind numbers pages in the order they are added). */
function bySegments(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

export async function indexWithPagefind(input: PagefindInput): Promise<void> {
  const { outDir, pages, cacheDir, log } = input;
  const split = Math.max(1, Math.ceil(pages.length / shardPagesFor(pages.length, input.shardPages)));
  const shards: string[][] = Array.from({ length: split }, () => []);
  for (const page of [...pages].sort(bySegments)) shards[shardOf(page, split)]!.push(page);
  const nonEmpty = shards.filter((s) => s.length > 0);
  if (nonEmpty.length === 0) nonEmpty.push([]);
  const names = nonEmpty.map((_, i) => pagefindBundleName(i));
  const version = readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8');
  const used = new Set<string>();
  try {
    for (const [i, shard] of nonEmpty.entries()) {
      const target = join(outDir, input.bundleDir.replace(/pagefind\/$/, ''), names[i]!);
      const hash = createHash('sha256').update(`${version}\0${names[i]}\0${input.base}\0`);
      const contents = shard.map((page) => readFileSync(join(outDir, page)));
      shard.forEach((page, j) => hash.update(`${page}\0`).update(contents[j]!).update('\0'));
      const key = hash.digest('hex').slice(0, 24);
      used.add(key);
      if (existsSync(join(cacheDir, key, 'pagefind-entry.json'))) {
        linkTree(join(cacheDir, key), target);
        if (nonEmpty.length > 1) log(`pagefind shard ${i + 1}/${nonEmpty.length} unchanged, reused`);
        continue;
      }
      const started = Date.now();
      const { index, errors } = await pagefind.createIndex({ maxFragments: fragmentFiles(shard.length) });
      if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
      for (const [j, page] of shard.entries()) {
        const url = `${input.base}${page.replace(/index\.html$/, '')}`;
        const added = await index.addHTMLFile({ url, content: contents[j]!.toString('utf8') });
        if (added.errors.length) throw new Error(`Pagefind could not index ${page}: ${added.errors.join('; ')}`);
      }
      const written = await index.writeFiles({ outputPath: target });
      if (written.errors.length) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
      await index.deleteIndex();
      if (nonEmpty.length > 1) log(`pagefind shard ${i + 1}/${nonEmpty.length} took ${((Date.now() - started) / 1000).toFixed(1)}s`);
      rmSync(join(cacheDir, key), { recursive: true, force: true });
      linkTree(target, join(cacheDir, key));
    }
  } finally {
    await pagefind.close();
  }
  if (existsSync(cacheDir)) for (const key of readdirSync(cacheDir)) if (!used.has(key)) rmSync(join(cacheDir, key), { recursive: true, force: true });
  const first = join(outDir, input.bundleDir);
  mkdirSync(first, { recursive: true });
  writeFileSync(join(first, PAGEFIND_SHARD_LIST), `${JSON.stringify(names.slice(1).map((n) => `${n}/`))}\n`);
}
