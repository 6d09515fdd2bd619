// Ages and stale markers are rendered at build time and redone here with the reader's date, so a site
// published weeks ago does not keep saying "fresh". Elements: <span data-age="artifact|age|marker"
// data-date="YYYY-MM-DD" data-threshold="14" data-remediation="run /codemap update">.
import { staleness } from '../core/util/staleness.ts';

export function refreshAges(root: ParentNode = document): void {
  const today = localDay(new Date());
  for (const el of root.querySelectorAll<HTMLElement>('[data-age][data-date]')) {
    const { date, threshold, remediation } = el.dataset;
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
    const s = staleness(date, today, Number(threshold ?? Infinity), remediation ?? '');
    const kind = el.dataset['age'];
    el.textContent = kind === 'artifact' ? `${s.ageString}${s.stale ? s.marker : ' — fresh'}` : kind === 'marker' ? s.marker : s.ageString;
    el.closest('[data-stale-row]')?.classList.toggle('stale', s.stale);
  }
}

/** The reader's calendar day, not UTC's. */
export function localDay(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

refreshAges();
