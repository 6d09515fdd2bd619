/**
 * The notes pseudo-relevance feedback reads, chosen by maximal marginal relevance: from the `pool` best notes,
 * each step takes the one whose score, discounted by `diversity` times its keyword overlap with the notes
 * already taken, is highest. The top notes of a long task are often near-copies on one of its facets; feedback
 * read from them adds that facet's words again, where a note on another facet adds the words the task lacks.
 * `diversity` 0 (or a pool no larger than `n`) gives the `n` best notes. Returned best first (ties: index order).
 */
export function feedbackDocs(
  best: readonly number[],
  scores: ArrayLike<number>,
  keysOf: (i: number) => ReadonlySet<string>,
  n: number,
  diversity: number,
): number[] {
  if (diversity <= 0 || best.length <= n) return best.slice(0, n);
  const left = [...best];
  const near = left.map(() => 0);
  const taken: number[] = [];
  while (taken.length < n && left.length > 0) {
    let pick = 0;
    for (let k = 1; k < left.length; k++) if (discounted(k) > discounted(pick)) pick = k;
    const [i] = left.splice(pick, 1);
    near.splice(pick, 1);
    taken.push(i!);
    const keys = keysOf(i!);
    left.forEach((j, k) => (near[k] = Math.max(near[k]!, keywordCosine(keys, keysOf(j)))));
  }
  return taken.sort((a, b) => scores[b]! - scores[a]! || a - b);

  function discounted(k: number): number {
    return scores[left[k]!]! * (1 - diversity * near[k]!);
  }
}

/** Cosine of two keyword sets: the keywords they share over the geometric mean of their sizes (0 when one is empty). */
export function keywordCosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  return both / Math.sqrt(a.size * b.size);
}
