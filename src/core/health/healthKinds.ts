// Isomorphic: how the health page and the home page name each kind of problem, in the order they show them.
import type { HealthCounts } from './knowledgeHealth.js';

export interface HealthKind {
  key: keyof HealthCounts;
  /** The section's id on the health page (the home page links to it). */
  id: string;
  /** The section's heading. */
  title: string;
  /** The count as a phrase: `1 broken link`, `2 broken links`. */
  one: string;
  many: string;
  /** Why it matters and what to do, under the heading. */
  why: string;
}

export const HEALTH_KINDS: readonly HealthKind[] = [
  {
    key: 'staleCited',
    id: 'stale',
    title: 'Stale notes still cited',
    one: 'stale note still cited',
    many: 'stale notes still cited',
    why: 'A configured pack hands these to agents, but their updated (else date) day is older than the staleness threshold. Check the advice still holds and update the day, or retire the note.',
  },
  {
    key: 'deprecatedCited',
    id: 'deprecated',
    title: 'Deprecated notes still cited',
    one: 'deprecated note still cited',
    many: 'deprecated notes still cited',
    why: 'Deprecated or superseded, yet a configured pack still cites them (labelled). Link the note that replaces each, or take it out of the folder.',
  },
  {
    key: 'lowConfidencePacks',
    id: 'low-confidence',
    title: 'Packs of low confidence',
    one: 'pack of low confidence',
    many: 'packs of low confidence',
    why: 'Fewer than two of the notes each cites match its task’s own words: agents get little for the task. Write the missing notes, or word the existing ones the way the task is worded.',
  },
  {
    key: 'brokenLinks',
    id: 'broken-links',
    title: 'Broken links',
    one: 'broken link',
    many: 'broken links',
    why: 'Links to no published note or file; kb check names the closest note for each.',
  },
  {
    key: 'orphans',
    id: 'orphans',
    title: 'Orphans',
    one: 'orphan',
    many: 'orphans',
    why: 'No note links to these and they link to no note: readers find them only by search or tag.',
  },
  {
    key: 'untagged',
    id: 'untagged',
    title: 'Untagged notes',
    one: 'untagged note',
    many: 'untagged notes',
    why: 'No tag page lists them and no tag query finds them.',
  },
];

/** `1 broken link` / `2 broken links`. */
export function healthPhrase(kind: HealthKind, count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? kind.one : kind.many}`;
}
