import type { RepoDigest } from '../discover/repoDigest.js';
import { createTokenCounter, type TokenCounter } from '../tokens/tokenCounter.js';
import type { PackData } from './packParts.js';
import type { ContextPack, PackRequest } from './packTypes.js';
import { rankPack, type PackTuning } from './rankPack.js';
import { packRenderer } from './renderPack.js';
import { selectPack } from './selectPack.js';

export type { PackTuning } from './rankPack.js';

/** What a caller may add to a pack request: its token counter, and the eval's tuning. */
export interface PackOptions {
  /**
   * Counts the pack's text; a caller that builds many packs passes one counter to all of them
   * (createTokenCounter), so their common lines are counted once. Default: a counter for this pack alone.
   */
  count?: TokenCounter | undefined;
  /** Tuning knobs for evaluation (the eval's levers); default none. */
  tuning?: Partial<PackTuning> | undefined;
}

/**
 * The task-context pack (docs/packs.md) in three stages: rank the notes for the task (rankPack.ts), select what
 * the budget holds of them, sections, lines and the Further reading tail (selectPack.ts), and render the pack's
 * sections in their fixed order (renderPack.ts), whose exact counts the selection is made with.
 * Pure and synchronous; the final Markdown never has more than `maxTokens` o200k tokens.
 * On partial pack data (the island's) it throws MissingPackParts naming what to fetch (packLoader.ts).
 */
export function buildContextPack(data: PackData, request: PackRequest, digests: readonly RepoDigest[] = [], options: PackOptions = {}): ContextPack {
  const count = options.count ?? createTokenCounter();
  const ranked = rankPack(data, request, digests, options.tuning);
  const renderer = packRenderer(ranked, count);
  return renderer.render(selectPack(ranked, renderer, count));
}
