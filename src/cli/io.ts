/** Where a command writes: stdout for results, stderr for errors and progress. Tests pass their own. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Environment variables the command may read (KB_TODAY, KB_DIR). */
  env: Record<string, string | undefined>;
  /** Working directory, for relative paths. */
  cwd: string;
}

export const processIo: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  env: process.env,
  cwd: process.cwd(),
};

/** Exit codes: 0 ok, 1 problems found (or a folder without notes), 2 usage error (a bad flag, a missing task or folder). */
export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** A usage mistake: printed to stderr with exit 2. Its message is one line that says what to do. */
export class UsageError extends Error {}

/** `kb <command>: <problem>; run `kb <command> --help` for usage.` — the one-line usage error. */
export function usageError(command: string, problem: string): UsageError {
  return new UsageError(`kb ${command}: ${problem.replace(/[.;]$/, '')}; run \`kb ${command} --help\` for usage.`);
}
