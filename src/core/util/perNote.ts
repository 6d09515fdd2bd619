import type { KbIssue } from './issue.js';

/** Where the warnings of notes a step could not handle go (a command prints them; the build's summary lists them). */
export type NoteWarn = (issue: KbIssue) => void;

/**
 * One note's share of a step over every note, under a guard: when it throws (a stack overflow on a note nested past
 * any limit, a bug a note's shape finds), that note gets `fallback` and a warning naming the file and the step, and
 * every other note goes on as always. No note stops the index, the packs, the graph or the build for the others.
 */
export function perNote<T>(file: string, step: string, run: () => T, fallback: () => T, warn: NoteWarn | undefined): T {
  try {
    return run();
  } catch (err) {
    warn?.(noteFailure(file, step, err));
    return fallback();
  }
}

/** The warning of a note a step could not handle: the file, the step, the error's first line and what became of the note. */
export function noteFailure(file: string, step: string, err: unknown, outcome = 'the note is left out of it, everything else goes on'): KbIssue {
  const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
  return {
    severity: 'warning',
    code: 'note-failed',
    file,
    message: `${step} failed on this note (${reason}); ${outcome}. Please report it with the note.`,
  };
}
