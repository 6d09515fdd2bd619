/** Index of the first value in the ascending list that is greater than `x` (the list's length when none is): a binary search. */
export function firstAbove(list: readonly number[], x: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
