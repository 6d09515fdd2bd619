/**
 * The candidate nearest to `wanted` by edit distance (case-insensitive), or undefined when none is close
 * enough to be a plausible typo (more edits than half the longer name). Ties go to the earlier candidate.
 */
export function closestName<T>(wanted: string, candidates: readonly T[], namesOf: (c: T) => readonly string[]): T | undefined {
  const w = wanted.toLowerCase();
  let best: T | undefined;
  let bestDistance = Infinity;
  for (const c of candidates)
    for (const name of namesOf(c)) {
      const n = name.toLowerCase();
      const limit = Math.min(bestDistance - 1, Math.floor(Math.max(w.length, n.length) / 2));
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
