import type { I18n } from '../i18n/createI18n.js';
import type { ages } from '../i18n/en/agesStrings.js';
import { daysBetween } from './isoDate.js';

/** The words of ages and markers in a page's language (src/core/i18n/en/agesStrings.ts); without them, the CLI's English. */
export type AgeWords = Pick<I18n<keyof typeof ages>, 't'>;

/** The staleness marker of tracked artifacts and pending ideas in `kb query`: age, age string, stale flag and marker. */
export interface Staleness {
  ageDays: number;
  ageString: string;
  stale: boolean;
  marker: string;
}

export function staleness(dateSource: string, today: string, thresholdDays: number, remediation: string, words?: AgeWords): Staleness {
  // Future dates (clock skew, mis-dated frontmatter) clamp to today and are never stale.
  const ageDays = Math.max(0, daysBetween(dateSource, today));
  const stale = ageDays > thresholdDays;
  if (words) {
    const ageString = words.t(ageDays === 0 ? 'ages.today' : ageDays === 1 ? 'ages.yesterday' : 'ages.daysAgo', { count: ageDays });
    return { ageDays, ageString, stale, marker: stale ? words.t('ages.stale', { remedy: remediation }) : '' };
  }
  const ageString = ageDays === 0 ? '(today)' : ageDays === 1 ? '(yesterday)' : `(${ageDays} days ago)`;
  return { ageDays, ageString, stale, marker: stale ? ` [STALE — ${remediation}]` : '' };
}
