import { taskTriggers } from '../context/taskTriggers.js';
import type { RepoDigest } from '../discover/repoDigest.js';

/**
 * The digests `kb context` would read for a request, picked from those the site emitted: `repo` and
 * `@context <alias>` in the task, in that order (src/node/context/digestsFor.ts). Path literals in a
 * task name folders the browser cannot read; they are left out (the island warns).
 */
export function digestsForRequest(
  all: readonly RepoDigest[],
  request: { task: string; repo?: string | undefined },
): { digests: RepoDigest[]; unreadPaths: string[] } {
  const triggers = taskTriggers(request.task);
  const aliases = [...new Set([...(request.repo ? [request.repo] : []), ...triggers.aliases])];
  const digests = aliases.map((a) => all.find((d) => d.alias === a)).filter((d): d is RepoDigest => d !== undefined);
  return { digests, unreadPaths: triggers.paths };
}
