import { describe, expect, it } from 'vitest';
import { countdownText, formatDeadline, playersNeededText, rulesSummary } from './rules-text';

// Local times, so the expectations hold in any time zone.
const now = new Date(2026, 10, 23, 10, 0).getTime();
const at = (month: number, day: number, h: number, m: number, year = 2026) =>
  new Date(year, month, day, h, m).getTime();

describe('formatDeadline', () => {
  it('says today, tomorrow, a weekday with date, and the year only when it differs', () => {
    expect(formatDeadline(at(10, 23, 18, 30), now)).toBe('today at 18:30');
    expect(formatDeadline(at(10, 24, 9, 5), now)).toBe('tomorrow at 09:05');
    expect(formatDeadline(at(10, 28, 18, 0), now)).toBe('Sat, Nov 28 at 18:00');
    expect(formatDeadline(at(0, 2, 8, 0, 2027), now)).toBe('Sat, Jan 2, 2027 at 08:00');
    expect(formatDeadline(at(10, 23, 0, 0), now)).toBe('today at 00:00');
  });
});

describe('rulesSummary', () => {
  it('is null without rules, and joins two rules with "or"', () => {
    expect(rulesSummary({ sizeLimit: null, deadlineAt: null }, now)).toBeNull();
    expect(rulesSummary({ sizeLimit: 1, deadlineAt: null }, now)).toBe(
      'Results unlock after 1 player',
    );
    expect(rulesSummary({ sizeLimit: 1500, deadlineAt: null }, now)).toBe(
      'Results unlock after 1,500 players',
    );
    expect(rulesSummary({ sizeLimit: null, deadlineAt: at(10, 23, 18, 30) }, now)).toBe(
      'Results unlock today at 18:30',
    );
    expect(rulesSummary({ sizeLimit: 10, deadlineAt: at(10, 24, 9, 0) }, now)).toBe(
      'Results unlock after 10 players or tomorrow at 09:00',
    );
  });
});

describe('playersNeededText', () => {
  it('counts players still needed', () => {
    expect(playersNeededText(1)).toBe('1 more player needed');
    expect(playersNeededText(12)).toBe('12 more players needed');
  });
});

describe('countdownText', () => {
  it('shows the two largest units, padded, and never goes below zero', () => {
    expect(countdownText(2 * 86_400_000 + 3 * 3_600_000)).toBe('2d 03h');
    expect(countdownText(3 * 3_600_000 + 5 * 60_000)).toBe('3h 05m');
    expect(countdownText(4 * 60_000 + 9_000)).toBe('4m 09s');
    expect(countdownText(9_000)).toBe('9s');
    expect(countdownText(8_001)).toBe('9s');
    expect(countdownText(-5_000)).toBe('0s');
  });
});
