// Isomorphic: dates and durations for Bases, in UTC only (the same output on every machine, whatever its zone),
// and `now()`/`today()` from the build's day (`--today` / KB_TODAY), never from the clock.
import { dateValue, durationValue, type DateValue, type DurationValue } from './baseValue.js';

const DAY = 86_400_000;
// YYYY-MM-DD · optional (T or space) HH:mm · optional :ss · optional .fraction · optional Z or ±hh:mm
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/** `2025-01-01`, `2025-01-01 12:00:00`, `2025-01-01T12:00Z` as a date; undefined for anything else. */
export function parseDate(text: string): DateValue | undefined {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), Number((frac ?? '0').padEnd(3, '0')));
  const back = new Date(ms);
  if (back.getUTCMonth() !== Number(mo) - 1 || back.getUTCDate() !== Number(d)) return undefined; // 2025-02-30
  let offset = 0;
  if (zone && zone !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3])) * 60_000;
  }
  return dateValue(ms - offset, h !== undefined);
}

/** The build's day at midnight UTC (`today()`), and the same moment with a time of day (`now()`). */
export function buildDay(today: string): { today: DateValue; now: DateValue } {
  const d = parseDate(today);
  if (!d) throw new Error(`"${today}" is not a day (YYYY-MM-DD)`);
  return { today: dateValue(d.ms, false), now: dateValue(d.ms, true) };
}

const UNITS: Record<string, { ms?: number; months?: number }> = {
  y: { months: 12 },
  year: { months: 12 },
  years: { months: 12 },
  M: { months: 1 },
  month: { months: 1 },
  months: { months: 1 },
  w: { ms: 7 * DAY },
  week: { ms: 7 * DAY },
  weeks: { ms: 7 * DAY },
  d: { ms: DAY },
  day: { ms: DAY },
  days: { ms: DAY },
  h: { ms: 3_600_000 },
  hour: { ms: 3_600_000 },
  hours: { ms: 3_600_000 },
  m: { ms: 60_000 },
  minute: { ms: 60_000 },
  minutes: { ms: 60_000 },
  s: { ms: 1000 },
  second: { ms: 1000 },
  seconds: { ms: 1000 },
};
// optional sign · digits (with a fraction) · optional spaces · a unit word; repeated, so "1d 4h" reads
const DURATION_PART = /([+-]?\d+(?:\.\d+)?)\s*([A-Za-z]+)/g;

/** `"1d"`, `"2 weeks"`, `"1M"`, `"1y 2M"` as a duration; undefined when any part is not a known unit. */
export function parseDuration(text: string): DurationValue | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  let ms = 0;
  let months = 0;
  let rest = trimmed;
  for (const m of trimmed.matchAll(DURATION_PART)) {
    // One-letter units are case-sensitive (M is a month, m a minute); the words read in any case.
    const word = m[2]!;
    const unit = UNITS[word] ?? (word.length > 1 ? UNITS[word.toLowerCase()] : undefined);
    if (!unit) return undefined;
    const n = Number(m[1]);
    ms += (unit.ms ?? 0) * n;
    months += (unit.months ?? 0) * n;
    rest = rest.replace(m[0], '');
  }
  return rest.trim() === '' ? durationValue(ms, months) : undefined;
}

/** A date moved by a duration (sign +1 or -1): calendar months first (clamped to the month's last day), then the rest. */
export function addDuration(date: DateValue, duration: DurationValue, sign: 1 | -1): DateValue {
  let ms = date.ms;
  if (duration.months) {
    const d = new Date(ms);
    const month = d.getUTCMonth() + sign * Math.trunc(duration.months);
    const last = new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate();
    ms = Date.UTC(d.getUTCFullYear(), month, Math.min(d.getUTCDate(), last), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  }
  ms += sign * duration.ms;
  return dateValue(ms, date.time || duration.ms % DAY !== 0);
}

/** The date's fields (`date.year`, `date.month`, …), in UTC; month 1–12. */
export function dateField(date: DateValue, name: string): number | undefined {
  const d = new Date(date.ms);
  const fields: Record<string, number> = {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    millisecond: d.getUTCMilliseconds(),
  };
  return fields[name];
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// Moment.js tokens, longest first; text in [brackets] is copied as written
const FORMAT_TOKEN = /\[([^\]]*)\]|YYYY|YY|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|s|SSS|A|a/g;

/** `date.format("YYYY-MM-DD")`: the common Moment.js tokens (in UTC; names in English). */
export function formatDate(date: DateValue, format: string): string {
  const d = new Date(date.ms);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h12 = d.getUTCHours() % 12 || 12;
  const day = d.getUTCDate();
  const ordinal = day % 10 === 1 && day !== 11 ? 'st' : day % 10 === 2 && day !== 12 ? 'nd' : day % 10 === 3 && day !== 13 ? 'rd' : 'th';
  const values: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    YY: pad(d.getUTCFullYear() % 100),
    MMMM: MONTHS[d.getUTCMonth()]!,
    MMM: MONTHS[d.getUTCMonth()]!.slice(0, 3),
    MM: pad(d.getUTCMonth() + 1),
    M: String(d.getUTCMonth() + 1),
    Do: `${day}${ordinal}`,
    DD: pad(day),
    D: String(day),
    dddd: WEEKDAYS[d.getUTCDay()]!,
    ddd: WEEKDAYS[d.getUTCDay()]!.slice(0, 3),
    HH: pad(d.getUTCHours()),
    H: String(d.getUTCHours()),
    hh: pad(h12),
    h: String(h12),
    mm: pad(d.getUTCMinutes()),
    m: String(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
    s: String(d.getUTCSeconds()),
    SSS: pad(d.getUTCMilliseconds(), 3),
    A: d.getUTCHours() < 12 ? 'AM' : 'PM',
    a: d.getUTCHours() < 12 ? 'am' : 'pm',
  };
  return format.replace(FORMAT_TOKEN, (token, literal: string | undefined) => literal ?? values[token] ?? token);
}

/** `date.relative()`: "today", "3 days ago", "in 2 months", measured from the build's day. */
export function relativeDate(date: DateValue, now: DateValue): string {
  const days = Math.round((date.ms - now.ms) / DAY);
  if (days === 0) return 'today';
  const abs = Math.abs(days);
  const [n, unit] = abs < 45 ? [abs, 'day'] : abs < 365 ? [Math.round(abs / 30), 'month'] : [Math.round(abs / 365), 'year'];
  const phrase = `${n} ${unit}${n === 1 ? '' : 's'}`;
  return days < 0 ? `${phrase} ago` : `in ${phrase}`;
}
