import { execFileSync } from 'node:child_process';

export interface GitOptions {
  /** Milliseconds before git is stopped. Default 10,000. */
  timeout?: number | undefined;
  /** Largest output kept, in bytes. Default 1 GiB. */
  maxBuffer?: number | undefined;
  /** Written to git's standard input (`cat-file --batch` reads object names from it). Default: none. */
  input?: string | undefined;
}

/** Git failed: its first line on stderr (`fatal: bad revision 'x'`), or why it could not run. */
export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(stderr.split('\n').find((l) => l.trim()) ?? `git ${args.join(' ')} failed`);
    this.name = 'GitError';
  }
}

/**
 * Every git command kb runs goes through here: read-only, in `cwd`, never waiting for a password or taking the
 * index lock, and never steered by a GIT_DIR or GIT_WORK_TREE the caller's shell happens to carry (the folder
 * asked about is the repository asked about). Throws GitError.
 */
export function runGitBytes(cwd: string, args: readonly string[], options: GitOptions = {}): Buffer {
  const env: Record<string, string | undefined> = { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
  delete env['GIT_DIR'];
  delete env['GIT_WORK_TREE'];
  try {
    return execFileSync('git', args, {
      cwd,
      env,
      timeout: options.timeout ?? 10_000,
      maxBuffer: options.maxBuffer ?? 1 << 30,
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(options.input === undefined ? {} : { input: options.input }),
    });
  } catch (err) {
    const e = err as { stderr?: Buffer | string; message: string };
    throw new GitError(args, e.stderr ? String(e.stderr) : e.message);
  }
}

/** `runGitBytes` as UTF-8 text. */
export function runGit(cwd: string, args: readonly string[], options: GitOptions = {}): string {
  return runGitBytes(cwd, args, options).toString('utf8');
}
