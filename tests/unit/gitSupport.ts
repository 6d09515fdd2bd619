// The tests' one git runner: repositories with a pinned author, committer and date, so a commit id is the same on
// every run (the review golden quotes one), and no global or system git config of the machine to steer them.
import { execFileSync } from 'node:child_process';

/** Runs git in `cwd`, authored and committed at `date`; its output, trimmed. Throws when git fails. */
export function git(cwd: string, args: readonly string[], date = '2026-10-01T12:00:00Z'): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.com',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.com',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    },
  }).trim();
}
