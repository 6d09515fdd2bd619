// Isomorphic: "About this note", how the portal files a note: the index's reading of it (category, type, status,
// project, …, its source and size). A row whose frontmatter key the properties panel already shows is left out,
// except category, status and project, which link to their pages and carry the search page's filters.
import type { NoteEntry } from '../index/kbIndexSchema.js';
import type { SitePaths } from './sitePaths.js';

export interface NoteFact {
  label: string;
  value: string;
  href?: string | undefined;
  /** The search page's filter this row carries (Pagefind). */
  filter?: 'category' | 'project' | 'status' | undefined;
}

/** Frontmatter keys each row is read from (src/core/model/frontmatterSchema.ts). */
const FROM_KEYS: Record<string, readonly string[]> = {
  Type: ['type', 'kind'],
  Scope: ['scope'],
  Repo: ['repo'],
  Date: ['date', 'created'],
  Updated: ['updated', 'last updated', 'last_updated'],
};

/** The rows, in order; `shown` holds the keys the properties panel shows, lower-case. */
export function noteFacts(
  note: Pick<NoteEntry, 'category' | 'type' | 'status' | 'project' | 'scope' | 'repo' | 'date' | 'updated' | 'path' | 'tokens'>,
  paths: Pick<SitePaths, 'category' | 'project'>,
  shown: ReadonlySet<string>,
): NoteFact[] {
  const rows: (NoteFact | undefined)[] = [
    note.category ? { label: 'Category', value: note.category, href: paths.category(note.category), filter: 'category' } : undefined,
    note.type ? { label: 'Type', value: note.type } : undefined,
    { label: 'Status', value: note.status, filter: 'status' },
    note.project
      ? { label: 'Project', value: note.project, href: note.project !== 'cross' ? paths.project(note.project) : undefined, filter: 'project' }
      : undefined,
    note.scope ? { label: 'Scope', value: note.scope } : undefined,
    note.repo ? { label: 'Repo', value: note.repo } : undefined,
    note.date ? { label: 'Date', value: note.date } : undefined,
    note.updated ? { label: 'Updated', value: note.updated } : undefined,
    { label: 'Source', value: note.path },
    { label: 'Tokens', value: String(note.tokens) },
  ];
  return rows.filter((r): r is NoteFact => r !== undefined && !(FROM_KEYS[r.label] ?? []).some((k) => shown.has(k)));
}
