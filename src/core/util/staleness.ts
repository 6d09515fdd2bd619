import { daysBetween } from './isoDate.js';

/** The staleness marker of tracked artifacts and pending ideas in `kb query`: age, age string, stale flag and marker. */
export interface Staleness {
  ageDays: number;
  ageString: string;
  stale: boolean;
  marker: string;
}

export function staleness(dateSource: string, today: string, thresholdDays: number, remediation: string): Staleness {
  // Future dates (clock skew, mis-dated frontmatter) clamp to today and are never stale.
  const ageDays = Math.max(0, daysBetween(dateSource, today));
  const ageString = ageDays === 0 ? '(today)' : ageDays === 1 ? '(yesterday)' : `(${ageDays} days ago)`;
  const stale = ageDays > thresholdDays;
  return { ageDays, ageString, stale, marker: stale ? ` [STALE — ${remediation}]` : '' };
}
