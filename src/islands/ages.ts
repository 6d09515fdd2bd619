// Ages and stale markers are rendered at build time and redone here with the reader's date, so a site
// published weeks ago does not keep saying "fresh". Elements: <span data-age="artifact|age|marker"
// data-date="YYYY-MM-DD" data-threshold="14" data-remediation="run /codemap update">.
import { ages } from '../core/i18n/en/agesStrings.ts';
import { staleness } from '../core/util/staleness.ts';
import { islandI18n } from './islandI18n.ts';

export function refreshAges(root: ParentNode = document): void {
  const today = localDay(new Date());
  const rows = root.querySelectorAll<HTMLElement>('[data-age][data-date]');
  if (!rows.length) return;
  const words = islandI18n(['ages'], ages);
  for (const el of rows) {
    const { date, threshold, remediation } = el.dataset;
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const s = staleness(date, today, Number(threshold ?? Infinity), remediation ?? '', words);
    const kind = el.dataset['age'];
    el.textContent = kind === 'artifact' ? `${s.ageString}${s.stale ? s.marker : words.t('ages.freshAfter')}` : kind === 'marker' ? s.marker : s.ageString;
    el.closest('[data-stale-row]')?.classList.toggle('stale', s.stale);
  }
}

/** The reader's calendar day, not UTC's. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

refreshAges();
