/**
 * The results' words other screens show too (the play page's unlock status, the create screen's
 * and the owner's rules summary, rankings counts): kept apart from `results.ts` so that those
 * screens do not download the whole results screen's catalog.
 */
import { count, params } from '@nanostores/i18n';
import { i18n } from '../i18n';

/**
 * Numbers as people read them. `{count}` plurals whose number is shown in the app's language
 * ("1,500 rankings") take it twice: `t.rankings({ count: formatNumber(n) })(n)` (see
 * `game/format.ts`, `counted`).
 */
export const resultsFormatText = i18n('results/format', {
  rankings: params<{ count: string }>(count({ one: '{count} ranking', many: '{count} rankings' })),
  /** Ordinals by `Intl.PluralRules` ordinal category: 1st, 2nd, 3rd, 4th. */
  ordinalOne: params('{n}st'),
  ordinalTwo: params('{n}nd'),
  ordinalFew: params('{n}rd'),
  ordinalOther: params('{n}th'),
});

/** The closing rules in words (the create screen, the owner's summary, the locked card). */
export const rulesText = i18n('results/rules', {
  today: params('today at {time}'),
  tomorrow: params('tomorrow at {time}'),
  onDay: params('{day} at {time}'),
  players: params<{ count: string }>(count({ one: '{count} player', many: '{count} players' })),
  afterPlayers: params('after {players}'),
  either: params('{first} or {second}'),
  summary: params('Results unlock {rules}'),
  playersNeeded: params<{ count: string }>(
    count({ one: '{count} more player needed', many: '{count} more players needed' }),
  ),
  /** A countdown, the two largest units: "2d 03h", "3h 05m", "4m 09s", "9s". */
  daysHours: params('{days}d {hours}h'),
  hoursMinutes: params('{hours}h {minutes}m'),
  minutesSeconds: params('{minutes}m {seconds}s'),
  seconds: params('{seconds}s'),
});

export const unlockText = i18n('results/unlock', {
  unlocking: 'Unlocking…',
  /** {countdown} is the timer, {deadline} the date after it. */
  unlocksIn: 'Unlocks in {countdown} {deadline}',
  deadline: params('({deadline})'),
  enoughPlayers: 'Enough players: unlocking…',
  or: 'or',
});
