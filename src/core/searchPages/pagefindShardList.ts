// Isomorphic, and kept free of zod: the list of extra Pagefind bundles a sharded site is indexed in
// (src/site/emit/pagefindShards.ts writes it, the search islands merge what it names). The islands load on every
// page, so they check it with isPagefindShardList instead of the contract's schema (siteContract.ts), which has the
// same rule.

/** The list's name inside the first bundle (`pagefind/kb-shards.json`). */
export const PAGEFIND_SHARD_LIST = 'kb-shards.json';

/** The bundle folder of shard `i` (from 0), relative to the portal's root: `pagefind`, `pagefind-2`, … */
export const pagefindBundleName = (i: number): string => (i === 0 ? 'pagefind' : `pagefind-${i + 1}`);

/** A name in the list: a folder the writer names (`pagefind-2/`), so a list can only point at the site's own bundles. */
export const PAGEFIND_SHARD_DIR = /^pagefind-[1-9]\d*\/$/;

export function isPagefindShardList(json: unknown): json is string[] {
  return Array.isArray(json) && json.every((name) => typeof name === 'string' && PAGEFIND_SHARD_DIR.test(name));
}

/** What a search island merges: the list's bundles, or none when the file is missing or malformed. */
export function pagefindShardsOf(json: unknown): string[] {
  return isPagefindShardList(json) ? json : [];
}
