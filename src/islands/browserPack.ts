// Building a pack in the browser, as the query page and "Pack for this page" both do: the tokenizer's ranks and
// the registered codebases' digests once, then the pack data's head and only the parts this pack asks for (the
// task's term shards, then the note shards of the notes they rank). The same buildContextPack as `kb context`,
// so the pack is the CLI's, byte for byte.
import type { PackDataLoader, PackHint } from '../core/context/packLoader.ts';
import type { TokenCounter } from '../core/tokens/tokenCounter.ts';
import type { ContextPack, PackRequest } from '../core/context/packTypes.ts';
import { projectRepo } from '../core/context/repoContext.ts';
import { digestsForRequest } from '../core/site/packDigests.ts';
import type { SiteJsonKey, SiteFileValue } from '../core/outputs/siteContract.ts';
import type { SitePaths } from '../core/site/sitePaths.ts';

// The contract brings zod and every file's schema: it is loaded with the first file fetched, so a page whose
// islands fetch nothing until the reader asks (a note's query blocks and page pack) does not load it.
const contract = () => import('../core/outputs/siteContract.ts');
const jsonCache = new Map<string, Promise<unknown>>();

/** A JSON file of the site as fetched (not validated), once per page. */
function fetchRaw(url: string): Promise<unknown> {
  if (!jsonCache.has(url))
    jsonCache.set(
      url,
      fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        return r.json();
      }),
    );
  return jsonCache.get(url)!;
}

const parsedCache = new Map<string, Promise<unknown>>();

/**
 * A JSON file of the site named by siteContract.ts, fetched once per page and validated with its schema. A failed
 * fetch is forgotten, so the next caller asks again.
 */
export async function fetchSiteJson<K extends SiteJsonKey>(paths: SitePaths, key: K, arg?: string | number): Promise<SiteFileValue<K>> {
  const { parseSiteFile, siteFileUrl } = await contract();
  const url = siteFileUrl(paths, key, arg);
  if (!parsedCache.has(url))
    parsedCache.set(
      url,
      fetchRaw(url)
        .then((json) => parseSiteFile(key, json, arg))
        .catch((err: unknown) => {
          jsonCache.delete(url);
          parsedCache.delete(url);
          throw err;
        }),
    );
  return parsedCache.get(url) as Promise<SiteFileValue<K>>;
}

/** A text file of the site. */
export async function fetchText(url: string): Promise<string> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
}

/** A loader per pack data folder, and the token counter its packs share (their notes' lines repeat from pack to pack). */
const loaders = new Map<string, { loader: PackDataLoader; count: TokenCounter }>();

/** The pack for `request` and the paths of the task that name folders the browser cannot read. */
export async function browserPack(paths: SitePaths, request: PackRequest, hint?: PackHint): Promise<{ pack: ContextPack; unreadPaths: string[] }> {
  const [{ createPackDataLoader }, { createTokenCounter }, { PACK_DATA_DIR }, all, head] = await Promise.all([
    import('../core/context/packLoader.ts'),
    import('../core/tokens/tokenCounter.ts'),
    contract(),
    fetchSiteJson(paths, 'digests'),
    // The loader reads the head through the same cache; here it names a project's registered codebase.
    fetchSiteJson(paths, 'packHead'),
    // The tokenizer's ranks, a file of the site (tokenRanks.ts): the pack counts its tokens as kb context does.
    // Parsed once and copied into the ranks; not kept in the JSON cache (~2 MB twice).
    import('./tokenRanks.ts').then(({ loadTokenRanks }) =>
      loadTokenRanks(async () => {
        const { parseSiteFile, siteFileUrl } = await contract();
        return parseSiteFile('tokenRanks', JSON.parse(await fetchText(siteFileUrl(paths, 'tokenRanks'))));
      }),
    ),
  ]);
  const root = paths.file(PACK_DATA_DIR);
  let packer = loaders.get(root);
  // The loader validates each part with the contract's schemas (packPartsSchema.ts) itself.
  if (!packer)
    loaders.set(root, (packer = { loader: createPackDataLoader((part) => fetchRaw(paths.file(`${PACK_DATA_DIR}${part}`))), count: createTokenCounter() }));
  // kb context also reads the project's registered codebase when no repo is named (digestsFor.ts).
  const { digests, unreadPaths } = digestsForRequest(all, { task: request.task, repo: request.repo ?? projectRepo(head.index, request.project) });
  return { pack: await packer.loader.pack(request, digests, { count: packer.count }, hint), unreadPaths };
}

/** Offer `text` as a download named `name`. */
export function saveFile(host: HTMLElement, name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  host.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
