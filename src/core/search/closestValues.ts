import { distance } from 'fastest-levenshtein';
import { compareStrings } from '../util/compare.js';

/** How many near values a miss is answered with. */
export const CLOSEST_LIMIT = 5;

/**
 * The known values nearest to one that is not known (`strpe` → `stripe`), at most `limit`: by edit
 * distance, a value that contains the other (or is contained in it) counting as one edit; then by
 * length difference and name. Values too far to be a slip (more edits than half the length, and more
 * than 2) are left out, so a miss may get none.
 */
export function closestValues(value: string, known: Iterable<string>, limit = CLOSEST_LIMIT): string[] {
  const wanted = value.toLowerCase();
  const reach = Math.max(2, Math.ceil(wanted.length / 2));
  const scored: { v: string; d: number }[] = [];
  for (const v of new Set(known)) {
    if (v === wanted) continue;
    let d = distance(wanted, v);
    if (Math.min(v.length, wanted.length) >= 3 && (v.includes(wanted) || wanted.includes(v))) d = Math.min(d, 1);
    if (d <= reach) scored.push({ v, d });
  }
  return scored
    .sort((a, b) => a.d - b.d || Math.abs(a.v.length - wanted.length) - Math.abs(b.v.length - wanted.length) || compareStrings(a.v, b.v))
    .slice(0, limit)
    .map((s) => s.v);
}
