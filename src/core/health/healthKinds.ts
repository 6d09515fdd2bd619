// Isomorphic: how the health page and the home page name each kind of problem, in the order they show them. The
// words are the interface's (src/core/i18n/en/healthStrings.ts): `health.<key>.title`, `.count` and `.why`.
import { englishI18n, type I18n } from '../i18n/createI18n.js';
import { ages } from '../i18n/en/agesStrings.js';
import { health } from '../i18n/en/healthStrings.js';
import { layout } from '../i18n/en/layoutStrings.js';
import type { HealthCounts } from './knowledgeHealth.js';

export interface HealthKind {
  key: keyof HealthCounts;
  /** The section's id on the health page (the home page links to it). */
  id: string;
}

export const HEALTH_KINDS: readonly HealthKind[] = [
  { key: 'staleCited', id: 'stale' },
  { key: 'deprecatedCited', id: 'deprecated' },
  { key: 'lowConfidencePacks', id: 'low-confidence' },
  { key: 'brokenLinks', id: 'broken-links' },
  { key: 'orphans', id: 'orphans' },
  { key: 'untagged', id: 'untagged' },
];

/** The health page's words in a page's language (default English). */
export type HealthWords = Pick<I18n<keyof typeof health | keyof typeof ages | keyof typeof layout>, 't' | 'date'>;

const ENGLISH = { ...health, ...ages, ...layout };

export function englishHealthWords(): HealthWords {
  return englishI18n(ENGLISH);
}

/** The section's heading. */
export function healthTitle(kind: HealthKind, words: HealthWords = englishHealthWords()): string {
  return words.t(`health.${kind.key}.title`);
}

/** Why it matters and what to do, under the heading. */
export function healthWhy(kind: HealthKind, words: HealthWords = englishHealthWords()): string {
  return words.t(`health.${kind.key}.why`);
}

/** `1 broken link` / `2 broken links`. */
export function healthPhrase(kind: HealthKind, count: number, words: HealthWords = englishHealthWords()): string {
  return words.t(`health.${kind.key}.count`, { count });
}
