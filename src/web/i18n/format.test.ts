import { describe, expect, it } from 'vitest';
import { formatBytes, formatNumber, formatPercent, formatRelative, formatUtcDay } from './format';

describe('format', () => {
  it('writes numbers and shares the way the language does', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatPercent(0.25)).toBe('25%');
  });

  it('writes sizes in decimal units, one decimal below ten', () => {
    expect(formatBytes(0)).toBe('0 kB');
    expect(formatBytes(300)).toBe('0.3 kB');
    expect(formatBytes(840_000)).toBe('840 kB');
    expect(formatBytes(1_520_000)).toBe('1.5 MB');
    expect(formatBytes(500_000_000)).toBe('500 MB');
  });

  it('writes a UTC day without its year, whatever the time zone', () => {
    expect(formatUtcDay(new Date('2026-11-03T00:00:00Z'))).toBe('Nov 3');
  });

  it('says relative times in words, by the largest whole unit', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(formatRelative(now - 3 * 24 * 3600_000, now)).toBe('3 days ago');
    expect(formatRelative(now + 2 * 3600_000 + 5, now)).toBe('in 2 hours');
    expect(formatRelative(now - 24 * 3600_000, now)).toBe('yesterday');
    expect(formatRelative(now - 10_000, now)).toBe('now');
  });
});
