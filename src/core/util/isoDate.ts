/** Dates in the model are plain `YYYY-MM-DD` strings (UTC) so output never depends on the machine's zone. */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/; // year - month - day at the start of the value

/** Normalise a frontmatter or file-name date to `YYYY-MM-DD`, or `undefined` when it is not a real date. */
export function toIsoDate(value: unknown): string | undefined {
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? undefined : value.toISOString().slice(0, 10);
  }
  if (typeof value === 'number' && Number.isFinite(value)) return toIsoDate(new Date(value));
  if (typeof value !== 'string') return undefined;
  const m = ISO_DAY.exec(value.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === m[0] ? m[0] : undefined;
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `from` is after `to`. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
