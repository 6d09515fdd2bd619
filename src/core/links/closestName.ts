/**
 * The candidate nearest to `wanted` by edit distance (case-insensitive), or undefined when none is close
 * enough to be a plausible typo (more than 3 edits, or more than a third of the name). Ties go to the earlier
 * candidate. Names whose length differs by more than the limit are skipped before any distance is computed,
 * so one lookup over 10,000 notes stays near a millisecond.
 */
export function closestName<T>(wanted: string, candidates: readonly T[], namesOf: (c: T) => readonly string[]): T | undefined {
  return createNameIndex(candidates, namesOf).closest(wanted);
}

/** A name lookup over one set of candidates, for many names: what closestName does for each, with the work shared. */
export interface NameIndex<T> {
  closest(wanted: string): T | undefined;
}

/**
 * Names read per index before it stops suggesting: a cap on the whole lookup's work, counted, not timed, so it is
 * the same on every machine. A lookup reads the names of a length within its limit, so a check of a few hundred
 * broken links in a folder of 10,000 notes stays far below it; thousands of broken links against thousands of names
 * and aliases of one length meet it, and the links past it get no suggestion.
 */
export const MAX_NAMES_READ = 30_000_000;

/**
 * closestName for many names: the candidates' names lower-cased once and grouped by length, each with the set of
 * its characters (as bits), so a lookup reads only names of a length within its limit, and computes a distance only
 * for names whose characters differ by few enough (an edit changes at most two of the set). Past MAX_NAMES_READ
 * names read in all, it suggests nothing more.
 */
export function createNameIndex<T>(candidates: readonly T[], namesOf: (c: T) => readonly string[], maxNamesRead = MAX_NAMES_READ): NameIndex<T> {
  type Entry = { name: string; bits: number; order: number; candidate: T };
  const byLength = new Map<number, Entry[]>();
  let order = 0;
  for (const candidate of candidates)
    for (const raw of namesOf(candidate)) {
      const name = raw.toLowerCase();
      const entry = { name, bits: charBits(name), order: order++, candidate };
      const same = byLength.get(name.length);
      if (same) same.push(entry);
      else byLength.set(name.length, [entry]);
    }
  let spent = 0;
  return {
    closest(wanted) {
      const w = wanted.toLowerCase();
      const bits = charBits(w);
      let best: Entry | undefined;
      let bestDistance = Infinity;
      const most = Math.min(3, Math.floor((w.length + 3) / 3));
      for (let len = Math.max(0, w.length - most); len <= w.length + most; len++) {
        const same = byLength.get(len) ?? [];
        if (spent + same.length > maxNamesRead) {
          spent = maxNamesRead;
          return undefined;
        }
        spent += same.length;
        for (const e of same) {
          const limit = Math.min(3, Math.floor(Math.max(w.length, len) / 3), best && e.order > best.order ? bestDistance - 1 : bestDistance);
          if (Math.abs(len - w.length) > limit || popcount(bits ^ e.bits) > 2 * limit) continue;
          const d = distance(w, e.name, limit);
          if (d <= limit && (d < bestDistance || (d === bestDistance && best && e.order < best.order))) {
            best = e;
            bestDistance = d;
          }
        }
      }
      return best?.candidate;
    },
  };
}

/** The characters of a name as a set of 32 bits (a character's code modulo 32): two names' sets differ by at most two bits an edit. */
function charBits(name: string): number {
  let bits = 0;
  for (let i = 0; i < name.length; i++) bits |= 1 << (name.charCodeAt(i) & 31);
  return bits;
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
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
