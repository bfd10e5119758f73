/**
 * Words for a game's closing rules and what still unlocks its results: the create screen's
 * summary line, the owner's settings summary, and the locked-results card. Pure, so it is tested
 * without a browser; times are epoch milliseconds.
 */

export type RuleSettings = { sizeLimit: number | null; deadlineAt: number | null };

const pad = (n: number) => String(n).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/** A deadline as people say it: "today at 18:30", "tomorrow at 09:00", "Fri 28 Nov at 18:30". */
export function formatDeadline(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const today = new Date(now);
  const time = `${pad(when.getHours())}:${pad(when.getMinutes())}`;
  if (sameDay(when, today)) return `today at ${time}`;
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (sameDay(when, tomorrow)) return `tomorrow at ${time}`;
  const day = when.toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(when.getFullYear() === today.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${day.replace(',', '')} at ${time}`;
}

export function playersText(n: number): string {
  return n === 1 ? '1 player' : `${n.toLocaleString('en-US')} players`;
}

/**
 * The one-line summary of a game's rules, or null when it has none (results show at once).
 * Whichever rule is met first closes the game, so two rules read "or".
 */
export function rulesSummary(rules: RuleSettings, now: number = Date.now()): string | null {
  const parts: string[] = [];
  if (rules.sizeLimit !== null) parts.push(`after ${playersText(rules.sizeLimit)}`);
  if (rules.deadlineAt !== null) parts.push(formatDeadline(rules.deadlineAt, now));
  return parts.length === 0 ? null : `Results unlock ${parts.join(' or ')}`;
}

/** "1 more player needed", "12 more players needed". */
export function playersNeededText(n: number): string {
  return `${n === 1 ? '1 more player' : `${n.toLocaleString('en-US')} more players`} needed`;
}

/** Time left as a countdown: "2d 03h", "3h 05m", "4m 09s", "9s"; never negative. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${pad(hours)}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}
