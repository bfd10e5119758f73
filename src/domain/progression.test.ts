import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addXp, nextXpToNext } from './progression';

const start = { level: 1, xp: 0, xpToNext: 100, crowns: 0 };

describe('levels', () => {
  it('levels up at xpToNext, keeps the rest, adds 5 crowns and grows the next step', () => {
    expect(addXp(start, 99)).toEqual({ level: 1, xp: 99, xpToNext: 100, crowns: 0 });
    expect(addXp(start, 105)).toEqual({ level: 2, xp: 5, xpToNext: 135, crowns: 5 });
    expect(nextXpToNext(135)).toBe(179);
    expect(addXp(start, 100 + 135 + 1)).toEqual({ level: 3, xp: 1, xpToNext: 179, crowns: 10 });
  });

  it('gives the same result in one award or in many', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 20 }), (awards) => {
        const stepwise = awards.reduce((p, amount) => addXp(p, amount), start);
        const total = addXp(
          start,
          awards.reduce((sum, amount) => sum + amount, 0),
        );
        expect(stepwise).toEqual(total);
        expect(stepwise.xp).toBeLessThan(stepwise.xpToNext);
        expect(stepwise.crowns).toBe((stepwise.level - 1) * 5);
      }),
    );
  });
});
