import { realpathSync } from 'node:fs';
import { runGit } from '../git/runGit.js';

/** What git says about the knowledge folder's history, read once per build. */
export type GitDates =
  | { source: 'git'; /** Relative path → UTC day of the last commit that touched it. */ dates: Map<string, string> }
  | { source: 'none'; reason: 'not-a-repo' | 'nested' | 'shallow' | 'git-failed' };

/**
 * The day each file of `absRoot` was last committed, from one `git log` over the folder's whole history.
 * Only a folder that is the top of its own git repository counts (as for `kb discover`'s recency): a folder
 * nested in another project's repository (the sample in content/, the test fixtures, the bench corpus under
 * .bench/) would show that project's commits, which date its code, not the notes. A shallow clone has lost the
 * history, so every file would carry the clone's commit date: refused, and the caller falls back to frontmatter.
 */
export function readGitDates(absRoot: string): GitDates {
  const git = (args: string[], timeout: number) => runGit(absRoot, args, { timeout });
  let top: string;
  let shallow: boolean;
  try {
    const [topLine, shallowLine] = git(['rev-parse', '--show-toplevel', '--is-shallow-repository'], 10_000).split('\n');
    top = topLine ?? '';
    shallow = shallowLine?.trim() === 'true';
  } catch {
    return { source: 'none', reason: 'not-a-repo' };
  }
  if (realpathSync(top.trim()) !== realpathSync(absRoot)) return { source: 'none', reason: 'nested' };
  if (shallow) return { source: 'none', reason: 'shallow' };
  try {
    // One record per commit, newest first: \x1e, the committer's Unix time, NUL, then NUL-separated paths.
    return { source: 'git', dates: parseGitLog(git(['log', '-z', '--no-renames', '--format=%x1e%ct', '--name-only', '--', '.'], 120_000)) };
  } catch {
    return { source: 'none', reason: 'git-failed' };
  }
}

/** The output of `git log -z --format=%x1e%ct --name-only`: the first (newest) commit naming a path dates it. */
export function parseGitLog(output: string): Map<string, string> {
  const dates = new Map<string, string>();
  for (const record of output.split('\x1e')) {
    const [time, ...paths] = record.split('\0');
    const seconds = Number(time);
    if (!time || !Number.isFinite(seconds)) continue;
    const day = new Date(seconds * 1000).toISOString().slice(0, 10);
    for (const raw of paths) {
      const path = raw.replace(/^\n/, '');
      if (path && !dates.has(path)) dates.set(path, day);
    }
  }
  return dates;
}

/** The line the build log shows about where "Last updated" comes from. */
export function gitDatesSummary(result: GitDates): string {
  if (result.source === 'git') return `kb: last-updated dates from git history (${result.dates.size} files)`;
  switch (result.reason) {
    case 'shallow':
      return 'kb: the knowledge folder is a shallow git clone, so its history is incomplete: last-updated dates come from frontmatter (updated, Last updated, date). Run `git fetch --unshallow` for dates from git.';
    case 'git-failed':
      return 'kb: `git log` failed: last-updated dates come from frontmatter (updated, Last updated, date)';
    case 'not-a-repo':
      return "kb: last-updated dates from frontmatter (updated, Last updated, date), else the files' modification times: the knowledge folder is not in a git repository";
    default:
      return 'kb: last-updated dates from frontmatter (updated, Last updated, date): the knowledge folder is not the top of a git repository';
  }
}
