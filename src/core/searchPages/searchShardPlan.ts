// Isomorphic: which search shard each note page goes to, and in what order Pagefind is given a shard's pages
// (pagefindShards.ts indexes them; the notes route renders its pages shard by shard).

/**
 * Shards are small (250 pages: a rebuild after an edit re-indexes ~250 pages, ~2 s, where one index of 1,000 pages
 * took ~8 s; indexing in shards costs no more in all) until there would be more than 12 of them to merge in the
 * search page (each is fetched on a search); then they grow, up to 4,000 pages (Pagefind's memory).
 */
export const shardPagesFor = (pages: number, asked?: number) => asked ?? Math.min(4000, Math.max(250, Math.ceil(pages / 12)));

/** How many shards `pages` note pages are hashed into (some may stay empty). */
export const shardCountFor = (pages: number, asked?: number) => Math.max(1, Math.ceil(pages / shardPagesFor(pages, asked)));

/**
 * Pagefind writes one fragment file per page (the result's excerpt and metadata); above this many it bundles them
 * into shared files. About 16 pages a file keeps a site near two files per note (its page and its `.md`) while a
 * search result still loads a small file (~16 excerpts, gzipped by Pagefind).
 */
export const fragmentFiles = (pages: number) => Math.max(1, Math.ceil(pages / 16));

/** A page's shard, from its path alone (FNV-1a), so an edit, addition or removal changes one shard. */
export function shardOf(page: string, count: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < page.length; i++) h = Math.imul(h ^ page.charCodeAt(i), 0x01000193) >>> 0;
  return h % count;
}

/** Folder by folder, as a directory walk meets them (Pagefind numbers pages in the order they are added). */
export function bySegments(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return x.length - y.length;
}

/**
 * The shards of a site's note pages (paths in the output folder), each in the order its pages are added; empty
 * shards are left out (the bundles are named by position in this list), and a site without pages has one empty shard.
 */
export function planSearchShards(pages: readonly string[], asked?: number): string[][] {
  const count = shardCountFor(pages.length, asked);
  const shards: string[][] = Array.from({ length: count }, () => []);
  for (const page of [...pages].sort(bySegments)) shards[shardOf(page, count)]!.push(page);
  const nonEmpty = shards.filter((s) => s.length > 0);
  return nonEmpty.length ? nonEmpty : [[]];
}

/** `items` in the order their pages are indexed: shard by shard, each shard's pages in its order (a stable sort). */
export function inShardOrder<T>(items: readonly T[], pageOf: (item: T) => string, asked?: number): T[] {
  const count = shardCountFor(items.length, asked);
  const keyed = items.map((item) => ({ item, page: pageOf(item) }));
  return keyed
    .map((k) => ({ ...k, shard: shardOf(k.page, count) }))
    .sort((a, b) => a.shard - b.shard || bySegments(a.page, b.page))
    .map((k) => k.item);
}
