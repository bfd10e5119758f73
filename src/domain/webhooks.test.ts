import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_SCHEDULE_MS, maxAttempts, RETRY_JITTER, retryDelay } from './webhooks';

describe('webhook retry schedule', () => {
  it('waits 10 s, 1 min, 5 min, 30 min, 2 h, then gives up after six attempts', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelay(attempts, undefined, middle))).toEqual([
      10_000, 60_000, 300_000, 1_800_000, 7_200_000,
    ]);
    expect(retryDelay(6, undefined, middle)).toBeNull();
    expect(retryDelay(0, undefined, middle)).toBeNull();
    expect(maxAttempts()).toBe(6);
  });

  it('spreads each wait by at most the jitter either way', () => {
    for (const [attempts, base] of DEFAULT_RETRY_SCHEDULE_MS.entries()) {
      const low = retryDelay(attempts + 1, undefined, () => 0)!;
      const high = retryDelay(attempts + 1, undefined, () => 0.999999)!;
      expect(low).toBe(Math.round(base * (1 - RETRY_JITTER)));
      expect(high).toBeLessThanOrEqual(Math.round(base * (1 + RETRY_JITTER)));
      expect(high).toBeGreaterThan(base);
    }
  });

  it('follows an injected schedule (tests use tiny waits)', () => {
    const schedule = [5, 7];
    expect(retryDelay(1, schedule, () => 0.5)).toBe(5);
    expect(retryDelay(2, schedule, () => 0.5)).toBe(7);
    expect(retryDelay(3, schedule, () => 0.5)).toBeNull();
    expect(maxAttempts(schedule)).toBe(3);
  });
});
