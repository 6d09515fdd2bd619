// The build caches and the code each one's entries come from: one scheme for all of them (CONTRIBUTING.md,
// "Caches"). An entry is keyed by its inputs (each cache's own) and by its cache's code key: a hash of the module
// graph of the code that produces it, the versions of the packages that code imports and of their dependencies as
// the lockfile pins them (codeHash.ts), and the Unicode version of the runtime (regular expressions' classes).
// Change a producer, upgrade one of its packages, and the cache misses; no version is kept by hand.
import { fileURLToPath } from 'node:url';
import { kbLockfile } from '../packageRoot.js';
import { hashModuleGraphFiles, type GraphReader } from './codeHash.js';

/** Each cache and the modules that produce what it keeps (relative to this module; `.js` is `.ts` in the sources). */
export const CACHE_PRODUCERS = {
  /** `index/file-facts.bin`: one file's facts, derived from its bytes and name (deriveFileReading). */
  indexFacts: ['./fileReading.js'],
  /** `index/index-snapshot.bin`: the folder's index and bodies (indexKnowledgeFolder), the snapshot's format, the pack data read beside it. */
  indexSnapshot: ['../indexKnowledgeFolder.js', './indexSnapshot.js', './loadFolderIndex.js', '../context/cachedPackData.js'],
  /** `pack-data/`, `kb-pack-data/`: the ranker's index, excerpts and token counts (buildPackData). */
  packData: ['../../core/context/buildPackData.js'],
  /** `kb-note-html/`: a note's HTML (the Markdown pipeline, the sanitiser's allow-list). */
  noteHtml: ['../site/noteRenderer.js'],
  /** `mdx-verdicts.json`: whether each `.mdx` note compiles, and why not (compileVerdict). */
  mdxVerdict: ['../site/compileVerdict.js'],
  /** `graph/`: the global graph's layout. */
  graph: ['../../core/graph/globalGraph.js'],
  /** `pagefind/`: a search shard's Pagefind bundle (the page text it is given, the shard plan, Pagefind itself). */
  pagefind: ['../../site/emit/pagefindShards.js'],
} as const;

export type CacheName = keyof typeof CACHE_PRODUCERS;

/** A cache's producers as files: the sources (tests), or the compiled package's `.js`. */
export function producerFiles(cache: CacheName): string[] {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return CACHE_PRODUCERS[cache].map((p) => fileURLToPath(new URL(p, import.meta.url)).replace(/\.js$/, ext));
}

/**
 * A cache's code key, and every file it read (so a caller can check by their signatures that the code is unchanged).
 * `reader` reads the sources instead of the disk (tests change a producer through it); `lockfile` defaults to the
 * one that pins kb-portal's dependencies (kbLockfile).
 */
export function cacheCode(cache: CacheName, options: GraphReader & { lockfile?: string | undefined } = {}): { key: string; files: string[] } {
  const lockfile = 'lockfile' in options ? options.lockfile : kbLockfile(process.cwd());
  const code = hashModuleGraphFiles(producerFiles(cache), lockfile, options);
  return { key: `${cache}:${code.hash}:unicode-${process.versions.unicode ?? '?'}`, files: code.files };
}

const memo = new Map<CacheName, string>();

/** A cache's code key, computed once per process. */
export function cacheCodeKey(cache: CacheName): string {
  let key = memo.get(cache);
  if (key === undefined) memo.set(cache, (key = cacheCode(cache).key));
  return key;
}

/** Part of every note HTML cache key (noteHtmlCache.ts). */
export function rendererCodeHash(): string {
  return cacheCodeKey('noteHtml');
}

/** Part of the pack data cache key (cachedPackData.ts). */
export function rankerCodeHash(): string {
  return cacheCodeKey('packData');
}

/** Part of the global graph file's cache key (cachedGraphFile.ts). */
export function graphLayoutCodeHash(): string {
  return cacheCodeKey('graph');
}

/** Part of every Pagefind shard's cache key (pagefindShardKey in src/site/emit/pagefindShards.ts). */
export function pagefindCodeHash(): string {
  return cacheCodeKey('pagefind');
}
