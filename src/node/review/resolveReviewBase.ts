import { GitError, runGit } from '../git/runGit.js';

/** The side a review compares the working tree with. */
export interface ReviewBase {
  /** The ref as given, or the default branch it was found from (`origin/main`). */
  ref: string;
  /** Its full commit id. */
  commit: string;
  /** How it was chosen, for the comment: `as given`, `merge base of HEAD and origin/main`. */
  how: string;
}

/** A base that cannot be found: a usage error (exit 2), its message says what to pass instead. */
export class ReviewBaseError extends Error {}

/** Default branches in the order they are tried: the remote's own choice, then the usual names. */
const DEFAULT_BRANCHES = ['refs/remotes/origin/HEAD', 'refs/remotes/origin/main', 'refs/remotes/origin/master', 'refs/heads/main', 'refs/heads/master'];

/** `--base REF` as a commit, or (no REF) the merge base of HEAD and the repository's default branch. */
export function resolveReviewBase(repoDir: string, asked: string | undefined): ReviewBase {
  if (asked !== undefined) {
    const commit = commitOf(repoDir, asked);
    if (!commit) throw new ReviewBaseError(`--base ${asked}: no such commit, branch or tag here (fetched? in CI, check out with the whole history)`);
    return { ref: asked, commit, how: 'as given' };
  }
  const branch = defaultBranch(repoDir);
  if (!branch)
    throw new ReviewBaseError('no default branch found (no origin/HEAD, origin/main, origin/master, main or master); pass --base REF, e.g. --base origin/main');
  if (!commitOf(repoDir, 'HEAD')) throw new ReviewBaseError('HEAD has no commit yet; pass --base REF, or commit first');
  let commit: string;
  try {
    commit = runGit(repoDir, ['merge-base', 'HEAD', branch]).trim();
  } catch (err) {
    if (!(err instanceof GitError)) throw err;
    commit = '';
  }
  if (!commit)
    throw new ReviewBaseError(
      `HEAD and ${branch} have no merge base (a shallow clone? fetch the whole history, e.g. actions/checkout with fetch-depth: 0), or pass --base REF`,
    );
  return { ref: branch, commit, how: `merge base of HEAD and ${branch}` };
}

/** The short name of the first default branch that exists (`origin/main`), from one `git for-each-ref`. */
function defaultBranch(repoDir: string): string | undefined {
  // %00 separates a ref from the ref it points to (origin/HEAD → refs/remotes/origin/main); one ref a line.
  const found = new Map(
    runGit(repoDir, ['for-each-ref', '--format=%(refname)%00%(symref)', ...DEFAULT_BRANCHES])
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\0') as [string, string]),
  );
  for (const ref of DEFAULT_BRANCHES) {
    if (!found.has(ref)) continue;
    const target = found.get(ref) || ref;
    return target.replace(/^refs\/(remotes|heads)\//, '');
  }
  return undefined;
}

function commitOf(repoDir: string, ref: string): string | undefined {
  try {
    return runGit(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).trim() || undefined;
  } catch (err) {
    if (err instanceof GitError) return undefined;
    throw err;
  }
}
