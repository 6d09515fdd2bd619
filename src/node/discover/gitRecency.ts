import { realpathSync } from 'node:fs';
import { compareStrings } from '../../core/util/compare.js';
import { runGit } from '../git/runGit.js';

/** Pass 6 keeps this many files. */
const HEAD = 20;

/**
 * Pass 6, recency (discoveryRules.ts): files touched by the last 20 commits under the root, most often first
 * (`git log --name-only --pretty=format: -20 | sort | uniq -c | sort -rn | head -20`). Read-only; an empty
 * list when the folder is not the top of its own git repository (a folder nested in another project's
 * repository, like the sample repos in content/, would otherwise rank by that project's unrelated
 * history, and packs would change with every commit), or git fails or takes more than 5 s.
 */
export function gitRecency(absRoot: string): string[] {
  let output: string;
  try {
    const git = (args: string[]) => runGit(absRoot, args, { timeout: 5000, maxBuffer: 16 * 1024 * 1024 });
    if (realpathSync(git(['rev-parse', '--show-toplevel']).trim()) !== realpathSync(absRoot)) return [];
    output = git(['-c', 'core.quotepath=off', 'log', '--name-only', '--relative', '--pretty=format:', '-20', '--', '.']);
  } catch {
    return [];
  }
  const counts = new Map<string, number>();
  for (const line of output.split('\n')) {
    const file = line.trim();
    if (file) counts.set(file, (counts.get(file) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, na], [b, nb]) => nb - na || compareStrings(a, b))
    .slice(0, HEAD)
    .map(([file]) => file);
}
