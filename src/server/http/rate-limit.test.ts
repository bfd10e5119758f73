import { describe, expect, it } from 'vitest';
import { LocalRateLimit } from './rate-limit';

describe('LocalRateLimit', () => {
  it('allows max requests per window and key, then says how long to wait', () => {
    let now = 1_000_000;
    const limit = new LocalRateLimit({ windowMs: 60_000, max: 2 }, () => now);
    expect(limit.consume('a')).toBeNull();
    expect(limit.consume('a')).toBeNull();
    expect(limit.consume('b')).toBeNull();
    now += 15_000;
    expect(limit.consume('a')).toBe(45);
    now += 44_500;
    expect(limit.consume('a')).toBe(1);
    now += 500;
    expect(limit.consume('a')).toBeNull();
  });

  it('keeps at most maxKeys addresses, forgetting the oldest window', () => {
    const now = 0;
    const limit = new LocalRateLimit({ windowMs: 60_000, max: 1, maxKeys: 2 }, () => now);
    expect(limit.consume('a')).toBeNull();
    expect(limit.consume('b')).toBeNull();
    expect(limit.consume('c')).toBeNull();
    // 'a' was forgotten: a fresh window; 'c' is still counted.
    expect(limit.consume('a')).toBeNull();
    expect(limit.consume('c')).not.toBeNull();
  });
});
