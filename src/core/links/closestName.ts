/**
 * The candidate nearest to `wanted` by edit distance (case-insensitive), or undefined when none is close
 * enough to be a plausible typo (more than 3 edits, or more than a third of the name). Ties go to the earlier
 * candidate. Names whose length differs by more than the limit are skipped before any distance is computed,
 * so one lookup over 10,000 notes stays near a millisecond.
 */
export function closestName<T>(wanted: string, candidates: readonly T[], namesOf: (c: T) => readonly string[]): T | undefined {
  const w = wanted.toLowerCase();
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of candidates)
    for (const name of namesOf(c)) {
      const n = name.toLowerCase();
      const limit = Math.min(bestDistance - 1, 3, Math.floor(Math.max(w.length, n.length) / 3));
      if (Math.abs(n.length - w.length) > limit) continue;
      const d = distance(w, n, limit);
      if (d <= limit && d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
  return best;
}

/** Levenshtein distance, giving up (returning limit + 1) as soon as every path costs more than `limit`. */
function distance(a: string, b: string, limit: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    prev = row;
  }
  return prev[b.length]!;
}
