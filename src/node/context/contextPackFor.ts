import { buildContextPack } from '../../core/context/buildContextPack.js';
import type { ContextPack, PackRequest } from '../../core/context/packTypes.js';
import type { TokenCounter } from '../../core/tokens/tokenCounter.js';
import { digestsFor } from './digestsFor.js';
import type { PackInputs } from './loadPackInputs.js';

/**
 * The pack `kb context` prints for a request over a folder's pack inputs: the codebases the request names are
 * read under discovery's security rules, and every warning (no folder, a codebase skipped) leads `warnings`.
 * `kb context` and `kb mcp`'s `context` tool both call it, so their JSON is the same for the same inputs. The
 * caller's token counter (createTokenCounter) counts the pack: a server keeps one for all its packs.
 */
export function contextPackFor(kbDir: string, inputs: PackInputs, request: PackRequest, env: { home: string; cwd: string }, count: TokenCounter): ContextPack {
  const { digests, warnings } = digestsFor(kbDir, inputs.index, request, env);
  const pack = buildContextPack(inputs.data, request, digests, { count });
  pack.warnings.unshift(...inputs.warnings, ...warnings);
  return pack;
}
