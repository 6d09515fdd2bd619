// gpt-tokenizer's o200k_base ranks in the browser. The site build resolves the tokenizer's ranks module to this
// one in client bundles (src/site/app/tokenRanksPlugin.ts), so the ~2 MB of ranks are a file the query island
// fetches before its first pack (`kb-pack/o200k_base.json`, written by the build from the same module) instead of
// a script chunk Vite bundles and minifies on every build. countTokens builds its encoding on first use, after this
// is filled; used before, it throws (never a count from missing ranks).

const ranks: (string | number[])[] = [];
export default ranks;

let loading: Promise<void> | undefined;

/** Fill the ranks once, from `fetchRanks` (the JSON array gpt-tokenizer's module holds, validated by the caller with siteContract.ts). */
export function loadTokenRanks(fetchRanks: () => Promise<readonly (string | number[])[]>): Promise<void> {
  loading ??= fetchRanks().then((data) => {
    for (const rank of data) ranks.push(rank);
  });
  loading.catch(() => (loading = undefined)); // a failed fetch is tried again by the next pack
  return loading;
}
