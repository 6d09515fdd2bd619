// The extra Pagefind bundles of a sharded site, for both search islands (the header box and the search page):
// `kb-shards.json` in the first bundle, checked without zod (pagefindShardList.ts); a missing or malformed list
// is no shards. The names come back as URLs under the site's root, ready to merge.
import { PAGEFIND_SHARD_LIST, pagefindShardsOf } from '../core/searchPages/pagefindShardList.ts';

/** `bundle`: the first bundle's URL (`/wiki/pagefind/`). */
export function loadPagefindShards(bundle: string): Promise<string[]> {
  const root = bundle.replace(/pagefind\/$/, '');
  return fetch(`${bundle}${PAGEFIND_SHARD_LIST}`)
    .then((r): Promise<unknown> | [] => (r.ok ? r.json() : []))
    .then(pagefindShardsOf, () => [])
    .then((names) => names.map((name) => `${root}${name}`));
}
