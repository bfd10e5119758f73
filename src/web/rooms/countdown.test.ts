import { describe, expect, it } from 'vitest';
import { clockText, secondsLeft } from './countdown';

describe('a round countdown', () => {
  it('counts by the server clock, whatever the phone clock says', () => {
    const room = { deadline: 100_000, serverTime: 70_000 };
    // The phone's clock is 50 s ahead of the server's: received at 120 s by its clock.
    expect(secondsLeft(room, 120_000, 120_000)).toBe(30);
    expect(secondsLeft(room, 120_000, 129_500)).toBe(21);
    expect(secondsLeft(room, 120_000, 150_000)).toBe(0);
    expect(secondsLeft(room, 120_000, 999_000)).toBe(0);
  });

  it('has nothing to count without a deadline', () => {
    expect(secondsLeft({ deadline: null, serverTime: 5 }, 5, 5)).toBeNull();
  });

  it('shows minutes and seconds', () => {
    expect(clockText(65)).toBe('1:05');
    expect(clockText(9)).toBe('0:09');
    expect(clockText(300)).toBe('5:00');
  });
});
