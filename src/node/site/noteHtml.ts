import { availableParallelism } from 'node:os';

/** Render threads for a build: the option when set, else one per core; small folders render in the build's own thread. */
export function renderWorkers(jobs: number, asked?: number): number {
  if (asked !== undefined) return asked;
  return jobs < 200 ? 0 : availableParallelism();
}

/** The page shows the title as its own heading; a first `# Title` line that repeats it is dropped. */
export function withoutTitleHeading(body: string, title: string): string {
  const m = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body); // leading blank lines, `# heading`, optional closing hashes
  return m && m[1]!.trim() === title.trim() ? body.slice(m[0].length) : body;
}
