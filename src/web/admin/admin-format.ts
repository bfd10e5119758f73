/** How the admin app writes numbers, days and times: through `i18n/format.ts`, in the app's language. */
import { formatDateTime, formatNumber, formatRelative, formatUtcDay } from '../i18n/format';
import { adminTimeText } from '../i18n/messages/admin';

export function formatCount(value: number): string {
  return formatNumber(value);
}

/** 'YYYY-MM-DD' (a UTC day) as a short date: "Nov 3". */
export function dayLabel(day: string): string {
  return formatUtcDay(new Date(`${day}T00:00:00Z`));
}

/** An ISO time as "3 days ago" (or "just now" within a minute); null as "never". */
export function timeAgo(iso: string | null, now = Date.now()): string {
  const t = adminTimeText.get();
  if (!iso) return t.never;
  const at = new Date(iso).getTime();
  if (Math.abs(at - now) < 60_000) return t.justNow;
  return formatRelative(at, now);
}

/** An ISO time as a full date and time (for titles and the audit log). */
export function fullTime(iso: string): string {
  return formatDateTime(new Date(iso));
}
