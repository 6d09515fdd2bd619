// Isomorphic: "About this note", how the portal files a note: the index's reading of it (category, type, status,
// project, …, its source and size). A row whose frontmatter key the properties panel already shows is left out,
// except category, status and project, which link to their pages and carry the search page's filters.
import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { layout } from '../i18n/en/layoutStrings.js';
import { note as noteWords } from '../i18n/en/noteStrings.js';
import type { NoteEntry } from '../index/kbIndexSchema.js';
import type { SitePaths } from '../site/sitePaths.js';

export interface AboutRow {
  label: string;
  value: string;
  href?: string | undefined;
  /** The search page's filter this row carries (Pagefind). */
  filter?: 'category' | 'project' | 'status' | undefined;
}

/** Frontmatter keys each row is read from (src/core/model/frontmatterSchema.ts). */
const FROM_KEYS: Partial<Record<FactKey, readonly string[]>> = {
  'fact.type': ['type', 'kind'],
  'fact.scope': ['scope'],
  'fact.repo': ['repo'],
  'fact.date': ['date', 'created'],
  'fact.updated': ['updated', 'last updated', 'last_updated'],
};

type FactKey = Extract<keyof typeof noteWords, `fact.${string}`>;

/** The rows' words in a page's language: labels, statuses, days and numbers (default English). */
export type FactWords = Pick<I18n<FactKey | keyof typeof layout>, 't' | 'date' | 'number'>;

const ENGLISH = { ...noteWords, ...layout };

/** The rows, in order; `shown` holds the keys the properties panel shows, lower-case. */
export function aboutRows(
  note: Pick<NoteEntry, 'category' | 'type' | 'status' | 'project' | 'scope' | 'repo' | 'date' | 'updated' | 'path' | 'tokens'>,
  paths: Pick<SitePaths, 'category' | 'project'>,
  shown: ReadonlySet<string>,
  words: FactWords = englishI18n(ENGLISH),
): AboutRow[] {
  const row = (key: FactKey, fact: Omit<AboutRow, 'label'>) => ({ key, fact: { label: words.t(key), ...fact } });
  const rows = [
    note.category ? row('fact.category', { value: note.category, href: paths.category(note.category), filter: 'category' }) : undefined,
    note.type ? row('fact.type', { value: note.type }) : undefined,
    row('fact.status', { value: words.t(`status.${note.status}`), filter: 'status' }),
    note.project
      ? row('fact.project', { value: note.project, href: note.project !== 'cross' ? paths.project(note.project) : undefined, filter: 'project' })
      : undefined,
    note.scope ? row('fact.scope', { value: note.scope }) : undefined,
    note.repo ? row('fact.repo', { value: note.repo }) : undefined,
    note.date ? row('fact.date', { value: words.date(note.date) }) : undefined,
    note.updated ? row('fact.updated', { value: words.date(note.updated) }) : undefined,
    row('fact.source', { value: note.path }),
    row('fact.tokens', { value: words.number(note.tokens) }),
  ];
  return rows.filter((r) => r !== undefined && !(FROM_KEYS[r.key] ?? []).some((k) => shown.has(k))).map((r) => r!.fact);
}
