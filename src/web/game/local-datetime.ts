/**
 * `<input type="datetime-local">` values ("2026-11-28T18:30") and epoch milliseconds, in the
 * browser's own time zone (the one the person picked the time in). Pure.
 */

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The moment a datetime-local value names, or null for an empty or malformed value (a month 13,
 * 30 February). A time skipped by a daylight-saving change reads as the time the clocks jumped to.
 */
export function parseLocalDateTime(value: string): number | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const hours = Number(match[4]);
  const minutes = Number(match[5]);
  const seconds = Number(match[6] ?? 0);
  const ms = Number((match[7] ?? '0').padEnd(3, '0'));
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  const date = new Date(2000, month - 1, day, hours, minutes, seconds, ms);
  // The constructor would read years 0-99 as 1900-1999.
  date.setFullYear(year, month - 1, day);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  const date = new Date(2000, month, 0);
  date.setFullYear(year, month, 0);
  return date.getDate();
}

/** A moment as a datetime-local value to the minute ("2026-11-28T18:30"), for `value` and `min`. */
export function formatLocalDateTime(at: number): string {
  const date = new Date(at);
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
