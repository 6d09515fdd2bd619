import { fileURLToPath } from 'node:url';
import { kbLockfile } from '../packageRoot.js';
import { hashModuleGraph } from './codeHash.js';

const lockfile = () => kbLockfile(process.cwd());

let renderer: string | undefined;
let ranker: string | undefined;
let graph: string | undefined;

/** Part of every note HTML cache key: the Markdown pipeline's code (src/markdown, the sanitiser's allow-list included) and packages. */
export function rendererCodeHash(): string {
  return (renderer ??= hashModuleGraph([fileURLToPath(new URL('../site/noteRenderer.js', import.meta.url)).replace(/\.js$/, ext())], lockfile()));
}

/** Part of the pack data cache key: the code that builds the pack data and its packages. */
export function rankerCodeHash(): string {
  return (ranker ??= hashModuleGraph([fileURLToPath(new URL('../../core/context/buildPackData.js', import.meta.url)).replace(/\.js$/, ext())], lockfile()));
}

/** Part of the global graph file's cache key (cachedGraphFile.ts): the layout's code. */
export function graphLayoutCodeHash(): string {
  return (graph ??= hashModuleGraph([fileURLToPath(new URL('../../core/graph/globalGraph.js', import.meta.url)).replace(/\.js$/, ext())], lockfile()));
}

/** `.ts` when running from the sources (tests), `.js` from the compiled package. */
function ext(): string {
  return import.meta.url.endsWith('.ts') ? '.ts' : '.js';
}
