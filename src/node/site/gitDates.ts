import { existsSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runGit } from '../git/runGit.js';

/** What git says about the knowledge folder's history, read once per build. */
export type GitDates =
  | {
      source: 'git';
      /** Relative path → UTC day of the last commit that touched it. */
      dates: Map<string, string>;
      /** Old relative path → the path its file has now, for every file renamed or moved (a chain of renames followed). */
      renames: Map<string, string>;
    }
  | { source: 'none'; reason: 'not-a-repo' | 'nested' | 'shallow' | 'git-failed' };

/**
 * The day each file of `absRoot` was last committed and every old path of a renamed file, from one `git log` over
 * the folder's whole history (with rename detection, so a moved note keeps its old URL as a redirect).
 * Only a folder that is the top of its own git repository counts (as for `kb discover`'s recency): a folder
 * nested in another project's repository (the sample in content/, the test fixtures, the bench corpus under
 * .bench/) would show that project's commits, which date its code, not the notes. A shallow clone has lost the
 * history, so every file would carry the clone's commit date: refused, and the caller falls back to frontmatter.
 * The history is read once per commit in a process: `kb dev` reads the folder on every save, and a save moves no HEAD.
 */
export function readGitDates(absRoot: string): GitDates {
  const git = (args: string[], timeout: number) => runGit(absRoot, args, { timeout });
  // Without a `.git` here or above, git finds no repository: asked of no git (`kb dev` reads the folder on every save).
  if (gitAbove(absRoot) === undefined) return { source: 'none', reason: 'not-a-repo' };
  let top: string;
  let shallow: boolean;
  let head: string | undefined;
  try {
    // The top, whether shallow, and HEAD in one call; a repository without a commit has no HEAD, asked apart below.
    [top = '', shallow, head] = topShallowHead(git(['rev-parse', '--show-toplevel', '--is-shallow-repository', 'HEAD'], 10_000));
  } catch {
    try {
      [top = '', shallow] = topShallowHead(git(['rev-parse', '--show-toplevel', '--is-shallow-repository'], 10_000));
    } catch {
      return { source: 'none', reason: 'not-a-repo' };
    }
    try {
      head = git(['rev-parse', '--verify', '--quiet', 'HEAD'], 10_000).trim() || undefined;
    } catch {
      head = undefined; // no commit yet: `git log` says so below
    }
  }
  const root = realpathSync(absRoot);
  if (realpathSync(top) !== root) return { source: 'none', reason: 'nested' };
  if (shallow) return { source: 'none', reason: 'shallow' };
  // The history up to a commit never changes: read again only when HEAD moved (`kb dev` reads the folder on every save).
  const known = readHistories.get(root);
  if (head !== undefined && known?.head === head) return known.dates;
  try {
    // One record per commit, newest first: \x1e, the committer's Unix time, NUL, then NUL-separated status and paths.
    const dates: GitDates = { source: 'git', ...parseGitLog(git(['log', '-z', '-M', '--format=%x1e%ct', '--name-status', '--', '.'], 120_000)) };
    if (head !== undefined) readHistories.set(root, { head, dates });
    return dates;
  } catch {
    return { source: 'none', reason: 'git-failed' };
  }
}

/** `git rev-parse --show-toplevel --is-shallow-repository [HEAD]`'s lines: the top folder, whether shallow, HEAD. */
function topShallowHead(output: string): [top: string, shallow: boolean, head: string | undefined] {
  const [top, shallow, head] = output.split('\n').map((line) => line.trim());
  return [top ?? '', shallow === 'true', head || undefined];
}

/** The nearest `.git` at or above `dir` (a repository's folder, or the file a worktree or submodule has); undefined when none. */
export function gitAbove(dir: string): string | undefined {
  let at: string;
  try {
    at = realpathSync(dir);
  } catch {
    return undefined;
  }
  for (;;) {
    if (existsSync(join(at, '.git'))) return join(at, '.git');
    const up = dirname(at);
    if (up === at) return undefined;
    at = up;
  }
}

/** The history this process read for each repository's top folder, and at which commit. */
const readHistories = new Map<string, { head: string; dates: GitDates }>();

/**
 * The output of `git log -z -M --format=%x1e%ct --name-status`: each record is the commit's time, then a status
 * (`A`, `M`, `D`, `R<score>`, …) and its path, or for a rename (`R`) or copy (`C`) the old path and the new one.
 * The first (newest) commit naming a path dates it. Renames are read newest first, so a path renamed twice
 * (`a` → `b` → `c`) leads to where its file is now (`a` → `c`, `b` → `c`).
 */
export function parseGitLog(output: string): { dates: Map<string, string>; renames: Map<string, string> } {
  const dates = new Map<string, string>();
  const renames = new Map<string, string>();
  const date = (path: string, day: string) => path && !dates.has(path) && dates.set(path, day);
  for (const record of output.split('\x1e')) {
    const [time, ...fields] = record.split('\0');
    const seconds = Number(time);
    if (!time || !Number.isFinite(seconds)) continue;
    const day = new Date(seconds * 1000).toISOString().slice(0, 10);
    for (let i = 0; i < fields.length; i++) {
      const status = fields[i]!.replace(/^\n/, '');
      if (!/^[A-Z]/.test(status)) continue;
      if (status.startsWith('R') || status.startsWith('C')) {
        const from = fields[++i] ?? '';
        const to = fields[++i] ?? '';
        date(from, day);
        date(to, day);
        if (status.startsWith('R') && from && to && !renames.has(from)) renames.set(from, renames.get(to) ?? to);
      } else date(fields[++i] ?? '', day);
    }
  }
  return { dates, renames };
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
