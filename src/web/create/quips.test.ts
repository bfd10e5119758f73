import { describe, expect, it } from 'vitest';
import { pickQuip, TOO_FEW_QUIPS } from './quips';

describe('pickQuip', () => {
  it("keeps the spec's example among 6 to 8 quips", () => {
    expect(TOO_FEW_QUIPS).toContain(
      "You need at least 3 contenders. Two's a duel, three's a rank!",
    );
    expect(TOO_FEW_QUIPS.length).toBeGreaterThanOrEqual(6);
    expect(TOO_FEW_QUIPS.length).toBeLessThanOrEqual(8);
    expect(new Set(TOO_FEW_QUIPS).size).toBe(TOO_FEW_QUIPS.length);
  });

  it('can pick every quip, and never the one shown just before', () => {
    const steps = 1000;
    for (const previous of [null, ...TOO_FEW_QUIPS]) {
      const picked = new Set<string>();
      for (let i = 0; i < steps; i++) picked.add(pickQuip(previous, () => i / steps));
      expect(picked.has(previous ?? '')).toBe(false);
      expect(picked.size).toBe(previous === null ? TOO_FEW_QUIPS.length : TOO_FEW_QUIPS.length - 1);
    }
  });

  it('stays in range when the random source returns its upper edge', () => {
    expect(TOO_FEW_QUIPS).toContain(pickQuip(null, () => 0.9999999));
  });
});
