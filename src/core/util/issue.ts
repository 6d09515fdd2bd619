/** A problem found in the input: a person reads it, so it names the file and line and says what to do. */
export interface KbIssue {
  /** `error` stops the index; `warning` keeps the note and reports it. */
  severity: 'error' | 'warning';
  /** Stable machine code, e.g. `yaml-invalid`, `alias-chain`. */
  code: string;
  /** Path relative to the knowledge folder. */
  file: string;
  /** 1-based line in the file, when known. */
  line?: number;
  message: string;
}

/** One format for the build and the CLI alike: `file:line: severity: message`. */
export function formatIssue(issue: KbIssue): string {
  const where = issue.line ? `${issue.file}:${issue.line}` : issue.file;
  return `${where}: ${issue.severity}: ${issue.message}`;
}
