/**
 * Numbers, percentages, dates and relative times for people, through `Intl` in the app's
 * language: never concatenated by hand ("3 days ago", "1,234", "25 %" differ by language).
 */
import { locale } from './i18n';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: (language: string) => T,
): T {
  const language = locale.get();
  const id = `${language}|${key}`;
  let formatter = cache.get(id) as T | undefined;
  if (!formatter) {
    formatter = make(language);
    cache.set(id, formatter);
  }
  return formatter;
}

export function formatNumber(value: number): string {
  return cached('number', (l) => new Intl.NumberFormat(l)).format(value);
}

/** A size in bytes as people read it: "0 kB", "840 kB", "1.5 MB" (decimal units, as the server's). */
export function formatBytes(bytes: number): string {
  const units = ['kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  const name = units[unit] ?? 'kilobyte';
  const digits = value < 10 && value > 0 ? 1 : 0;
  return cached(
    `bytes|${name}|${digits}`,
    (l) =>
      new Intl.NumberFormat(l, {
        style: 'unit',
        unit: name,
        unitDisplay: 'short',
        maximumFractionDigits: digits,
      }),
  ).format(value);
}

/** A share in [0, 1] as a whole percentage ("25%"). */
export function formatPercent(share: number): string {
  return cached('percent', (l) => new Intl.NumberFormat(l, { style: 'percent' })).format(share);
}

export function formatDate(date: Date | number): string {
  return cached('date', (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' })).format(date);
}

export function formatDateTime(date: Date | number): string {
  return cached(
    'datetime',
    (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}

/**
 * A time of day, 24-hour in every language ("18:30", "09:05"): the clock the app's closing rules
 * are set and read in.
 */
export function formatTime(date: Date | number): string {
  return cached(
    'time',
    (l) => new Intl.DateTimeFormat(l, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(date);
}

/** A day with its weekday ("Sat, Nov 28"), and its year when asked ("Sat, Jan 2, 2027"). */
export function formatWeekday(date: Date | number, withYear = false): string {
  return cached(
    withYear ? 'weekday-year' : 'weekday',
    (l) =>
      new Intl.DateTimeFormat(l, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        ...(withYear ? { year: 'numeric' } : {}),
      }),
  ).format(date);
}

/** A calendar day of UTC days ('YYYY-MM-DD' at 00:00Z, the admin charts) without its year: "Nov 3". */
export function formatUtcDay(date: Date | number): string {
  return cached(
    'utc-day',
    (l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "3 days ago", "in 2 hours", "now": the largest whole unit, in words. */
export function formatRelative(date: Date | number, now: number = Date.now()): string {
  const diff = (typeof date === 'number' ? date : date.getTime()) - now;
  const format = cached('relative', (l) => new Intl.RelativeTimeFormat(l, { numeric: 'auto' }));
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.trunc(diff / ms), unit);
  }
  return format.format(0, 'second');
}
