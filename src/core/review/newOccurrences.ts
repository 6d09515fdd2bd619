/**
 * The items of `after` that `before` does not have, counted by key: a key found twice before and three times after
 * gives one item. Lines move when a note is edited above a finding, so they never decide whether an item is new;
 * among the items of a grown key, those on lines the key had no item on before are taken first. Order of `after` kept.
 */
export function newOccurrences<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string, lineOf: (item: T) => number | undefined): T[] {
  const old = new Map<string, { count: number; lines: Set<number | undefined> }>();
  for (const item of before) {
    const key = keyOf(item);
    const entry = old.get(key) ?? { count: 0, lines: new Set() };
    entry.count++;
    entry.lines.add(lineOf(item));
    old.set(key, entry);
  }
  const byKey = new Map<string, T[]>();
  for (const item of after) {
    const key = keyOf(item);
    byKey.set(key, [...(byKey.get(key) ?? []), item]);
  }
  const fresh = new Set<T>();
  for (const [key, items] of byKey) {
    const was = old.get(key);
    const grown = items.length - (was?.count ?? 0);
    if (grown <= 0) continue;
    const onNewLines = items.filter((i) => !was?.lines.has(lineOf(i)));
    const rest = items.filter((i) => was?.lines.has(lineOf(i)));
    for (const item of [...onNewLines, ...rest.reverse()].slice(0, grown)) fresh.add(item);
  }
  return after.filter((item) => fresh.has(item));
}
