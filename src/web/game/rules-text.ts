/**
 * Words for a game's closing rules and what still unlocks its results: the create screen's
 * summary line, the owner's settings summary, and the locked-results card. Pure, so it is tested
 * without a browser; times are epoch milliseconds. The words come from `rulesText` (i18n).
 */
import { formatTime, formatWeekday } from '../i18n/format';
import { rulesText } from '../i18n/messages/rules';
import { counted } from './format';

export type RuleSettings = { sizeLimit: number | null; deadlineAt: number | null };

const pad = (n: number) => String(n).padStart(2, '0');

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

/**
 * A deadline as people say it, by `Intl` in the app's language: "today at 18:30", "tomorrow at
 * 09:00", "Fri, Nov 28 at 18:30" (the year only when it is not this one).
 */
export function formatDeadline(at: number, now: number = Date.now()): string {
  const when = new Date(at);
  const today = new Date(now);
  const time = formatTime(when);
  const t = rulesText.get();
  if (sameDay(when, today)) return t.today({ time });
  const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  if (sameDay(when, tomorrow)) return t.tomorrow({ time });
  const day = formatWeekday(when, when.getFullYear() !== today.getFullYear());
  return t.onDay({ day, time });
}

export function playersText(n: number): string {
  return counted(rulesText.get().players, n);
}

/**
 * The one-line summary of a game's rules, or null when it has none (results show at once).
 * Whichever rule is met first closes the game, so two rules read "or".
 */
export function rulesSummary(rules: RuleSettings, now: number = Date.now()): string | null {
  const t = rulesText.get();
  const parts: string[] = [];
  if (rules.sizeLimit !== null) {
    parts.push(t.afterPlayers({ players: playersText(rules.sizeLimit) }));
  }
  if (rules.deadlineAt !== null) parts.push(formatDeadline(rules.deadlineAt, now));
  const [first, second] = parts;
  if (first === undefined) return null;
  return t.summary({ rules: second === undefined ? first : t.either({ first, second }) });
}

/** "1 more player needed", "12 more players needed". */
export function playersNeededText(n: number): string {
  return counted(rulesText.get().playersNeeded, n);
}

/** Time left as a countdown: "2d 03h", "3h 05m", "4m 09s", "9s"; never negative. */
export function countdownText(msLeft: number): string {
  const total = Math.max(0, Math.ceil(msLeft / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const t = rulesText.get();
  if (days > 0) return t.daysHours({ days, hours: pad(hours) });
  if (hours > 0) return t.hoursMinutes({ hours, minutes: pad(minutes) });
  if (minutes > 0) return t.minutesSeconds({ minutes, seconds: pad(seconds) });
  return t.seconds({ seconds });
}
