// The tokenizer's ranks (~2 MB of script) out of the client bundle: in browser code, gpt-tokenizer's ranks module
// resolves to src/islands/tokenRanks.ts, which the query island fills from siteContract.ts `tokenRanks` (written by the build
// from the real module, siteFiles.ts) before its first pack. Server code and the CLI keep the real module.
import type { Plugin } from 'vite';
import { PACKAGE_ROOT } from '../../node/packageRoot.js';

const RANKS = 'gpt-tokenizer/bpeRanks/o200k_base';

export function tokenRanksPlugin(): Plugin {
  const shim = `${PACKAGE_ROOT}src/islands/tokenRanks.ts`;
  return {
    name: 'kb-portal:token-ranks',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      return source === RANKS && !options?.ssr ? shim : undefined;
    },
  };
}
