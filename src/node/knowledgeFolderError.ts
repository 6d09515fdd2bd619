/** What is wrong with the folder asked for, as a whole (not with one of its files). */
export type KnowledgeFolderProblem = 'missing' | 'not-a-folder' | 'no-notes';

/**
 * The knowledge folder cannot be used: it does not exist, is a file, or holds no note. One line that says
 * what to do, for the CLI (exit 2 for a folder that is not there, 1 for one without notes) and the site
 * build alike.
 */
export class KnowledgeFolderError extends Error {
  constructor(
    readonly problem: KnowledgeFolderProblem,
    /** The folder as it was asked for (`--kb`, `KB_DIR`), not resolved. */
    readonly dir: string,
  ) {
    super(knowledgeFolderMessage(problem, dir));
    this.name = 'KnowledgeFolderError';
  }
}

export function knowledgeFolderMessage(problem: KnowledgeFolderProblem, dir: string): string {
  switch (problem) {
    case 'missing':
      return `no knowledge folder at ${dir} — is --kb right? (default: content/)`;
    case 'not-a-folder':
      return `${dir} is a file, not a folder — is --kb right? (pass the knowledge folder)`;
    case 'no-notes':
      return `no notes found in ${dir} — is --kb right? (notes are .md/.mdx files the layout indexes; \`kb index --json\` lists what happened to each file)`;
  }
}

/** The folder indexed, when it holds at least one note; else KnowledgeFolderError `no-notes` (the CLI exits 1, the build fails). */
export function requireNotes<T extends { index: { notes: readonly unknown[] } }>(folder: T, kbDirArg: string): T {
  if (folder.index.notes.length === 0) throw new KnowledgeFolderError('no-notes', kbDirArg);
  return folder;
}
