import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, parseLocalDateTime } from './local-datetime';

// Local times, so the expectations hold in any time zone.
const local = (year: number, month: number, day: number, h: number, m: number, s = 0, ms = 0) =>
  new Date(year, month - 1, day, h, m, s, ms).getTime();

describe('parseLocalDateTime', () => {
  it('reads a datetime-local value as local time', () => {
    expect(parseLocalDateTime('2026-11-28T18:30')).toBe(local(2026, 11, 28, 18, 30));
    expect(parseLocalDateTime('2030-01-01T00:00')).toBe(local(2030, 1, 1, 0, 0));
    expect(parseLocalDateTime('2028-02-29T23:59')).toBe(local(2028, 2, 29, 23, 59));
  });

  it('reads seconds and fractions when the input carries them', () => {
    expect(parseLocalDateTime('2026-11-28T18:30:15')).toBe(local(2026, 11, 28, 18, 30, 15));
    expect(parseLocalDateTime('2026-11-28T18:30:15.5')).toBe(local(2026, 11, 28, 18, 30, 15, 500));
    expect(parseLocalDateTime('2026-11-28T18:30:15.045')).toBe(local(2026, 11, 28, 18, 30, 15, 45));
  });

  it('does not read years below 100 as the 1900s', () => {
    expect(new Date(parseLocalDateTime('0099-06-01T12:00') ?? 0).getFullYear()).toBe(99);
  });

  it('refuses empty, malformed and impossible values', () => {
    for (const value of [
      '',
      '2026-11-28',
      '18:30',
      '2026-11-28 18:30',
      '2026-11-28T18:30Z',
      '2026-11-28T18:30+01:00',
      '26-11-28T18:30',
      '2026-13-01T10:00',
      '2026-00-01T10:00',
      '2026-02-29T10:00',
      '2026-04-31T10:00',
      '2026-04-00T10:00',
      '2026-04-10T24:00',
      '2026-04-10T10:60',
      '2026-04-10T10:00:60',
      'tomorrow',
    ]) {
      expect(parseLocalDateTime(value), value).toBeNull();
    }
  });
});

describe('formatLocalDateTime', () => {
  it('writes a moment as a datetime-local value to the minute', () => {
    expect(formatLocalDateTime(local(2026, 11, 28, 18, 30, 59))).toBe('2026-11-28T18:30');
    expect(formatLocalDateTime(local(2027, 1, 2, 3, 4))).toBe('2027-01-02T03:04');
  });

  it('round-trips with parseLocalDateTime', () => {
    for (const value of ['2026-11-28T18:30', '2030-02-28T00:05', '2099-12-31T23:59']) {
      expect(formatLocalDateTime(parseLocalDateTime(value) ?? 0)).toBe(value);
    }
  });
});
