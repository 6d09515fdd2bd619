// Building a pack in the browser, as the query page and "Pack for this page" both do: the tokenizer's ranks and
// the registered codebases' digests once, then the pack data's head and only the parts this pack asks for (the
// task's term shards, then the note shards of the notes they rank). The same buildContextPack as `kb context`,
// so the pack is the CLI's, byte for byte.
import type { PackDataLoader, PackHint } from '../core/context/packLoader.ts';
import type { ContextPack, PackRequest } from '../core/context/packTypes.ts';
import { PACK_FILES, type PackHead } from '../core/context/packParts.ts';
import { projectRepo } from '../core/context/repoContext.ts';
import type { RepoDigest } from '../core/discover/repoDigest.ts';
import { digestsForRequest } from '../core/site/packDigests.ts';
import type { SitePaths } from '../core/site/sitePaths.ts';
import { TOKEN_RANKS_FILE } from '../core/tokens/tokenRanksFile.ts';

const jsonCache = new Map<string, Promise<unknown>>();

/** A JSON file of the site, fetched once per page. */
export function fetchJson<T>(url: string): Promise<T> {
  if (!jsonCache.has(url))
    jsonCache.set(
      url,
      fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
        return r.json();
      }),
    );
  return jsonCache.get(url) as Promise<T>;
}

/** Forget a failed fetch, so the next caller asks again. */
export function forgetJson(url: string): void {
  jsonCache.delete(url);
}

/** A text file of the site. */
export async function fetchText(url: string): Promise<string> {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.text();
}

const loaders = new Map<string, PackDataLoader>();

/** The pack for `request` and the paths of the task that name folders the browser cannot read. */
export async function browserPack(paths: SitePaths, request: PackRequest, hint?: PackHint): Promise<{ pack: ContextPack; unreadPaths: string[] }> {
  const [{ createPackDataLoader }, all, head] = await Promise.all([
    import('../core/context/packLoader.ts'),
    fetchJson<RepoDigest[]>(paths.file('kb-digests.json')),
    // The loader reads the head through the same cache; here it names a project's registered codebase.
    fetchJson<PackHead>(paths.file(`kb-pack/${PACK_FILES.head}`)),
    // The tokenizer's ranks, a file of the site (tokenRanks.ts): the pack counts its tokens as kb context does.
    // Parsed once and copied into the ranks; not kept in the JSON cache (~2 MB twice).
    import('./tokenRanks.ts').then(({ loadTokenRanks }) => loadTokenRanks(async () => JSON.parse(await fetchText(paths.file(TOKEN_RANKS_FILE))) as unknown)),
  ]);
  const root = paths.file('kb-pack/');
  let loader = loaders.get(root);
  if (!loader) loaders.set(root, (loader = createPackDataLoader((part) => fetchJson<unknown>(paths.file(`kb-pack/${part}`)))));
  // kb context also reads the project's registered codebase when no repo is named (digestsFor.ts).
  const { digests, unreadPaths } = digestsForRequest(all, { task: request.task, repo: request.repo ?? projectRepo(head.index, request.project) });
  return { pack: await loader.pack(request, digests, undefined, hint), unreadPaths };
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
