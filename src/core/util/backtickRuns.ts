/** A line's runs of backticks, as CommonMark's code spans are read from them: each run, and the runs by length. */
export interface BacktickRuns {
  /** Each run: where it starts and ends (exclusive), in line order. */
  runs: [start: number, end: number][];
  /** Run length → the indexes in `runs` of the runs that long, ascending (a span closes at the next run as long). */
  byLength: Map<number, number[]>;
}

/** The backtick runs of a line, listed once and grouped by length, so finding where a span closes is a binary search. */
export function backtickRuns(line: string): BacktickRuns {
  const runs: [start: number, end: number][] = [];
  for (let i = line.indexOf('`'); i >= 0; i = line.indexOf('`', i)) {
    let end = i;
    while (line[end] === '`') end++;
    runs.push([i, end]);
    i = end;
  }
  const byLength = new Map<number, number[]>();
  runs.forEach(([start, end], r) => {
    const same = byLength.get(end - start);
    if (same) same.push(r);
    else byLength.set(end - start, [r]);
  });
  return { runs, byLength };
}
