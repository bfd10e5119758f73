import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addXp, nextXpToNext, type Progress } from './progression';

const start: Progress = { level: 1, xp: 0, xpToNext: 100, crowns: 0 };
const award = fc.integer({ min: 0, max: 500 });
const awards = fc.array(award, { maxLength: 40 });
const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** The xpToNext of every level from 1: 100, then round(previous × 1.25 + 10). */
function stepsUpTo(level: number): number[] {
  const steps = [start.xpToNext];
  while (steps.length < level) steps.push(Math.round(steps[steps.length - 1]! * 1.25 + 10));
  return steps;
}

describe('levels', () => {
  it('levels up at xpToNext, keeps the rest, adds 5 crowns and grows the next step', () => {
    expect(addXp(start, 0)).toEqual(start);
    expect(addXp(start, 99)).toEqual({ level: 1, xp: 99, xpToNext: 100, crowns: 0 });
    expect(addXp(start, 100)).toEqual({ level: 2, xp: 0, xpToNext: 135, crowns: 5 });
    expect(addXp(start, 105)).toEqual({ level: 2, xp: 5, xpToNext: 135, crowns: 5 });
    expect(nextXpToNext(135)).toBe(179);
    expect(addXp(start, 100 + 135 + 1)).toEqual({ level: 3, xp: 1, xpToNext: 179, crowns: 10 });
    // Several level-ups from one award.
    expect(addXp(start, 100 + 135 + 179 + 234)).toEqual({
      level: 5,
      xp: 0,
      xpToNext: 303,
      crowns: 20,
    });
  });

  it('never takes XP away', () => {
    expect(addXp({ level: 3, xp: 7, xpToNext: 179, crowns: 10 }, -50)).toEqual({
      level: 3,
      xp: 7,
      xpToNext: 179,
      crowns: 10,
    });
  });

  it('gives the same result in one award or in many', () => {
    fc.assert(
      fc.property(awards, (amounts) => {
        const stepwise = amounts.reduce((p, amount) => addXp(p, amount), start);
        expect(stepwise).toEqual(addXp(start, sum(amounts)));
      }),
    );
  });

  it('is path independent: adding a then b equals adding a + b, from any reachable state', () => {
    fc.assert(
      fc.property(awards, award, award, (before, a, b) => {
        const from = before.reduce((p, amount) => addXp(p, amount), start);
        expect(addXp(addXp(from, a), b)).toEqual(addXp(from, a + b));
      }),
    );
  });

  it('keeps xp below xpToNext, 5 crowns per level gained, and the spec step sequence', () => {
    fc.assert(
      fc.property(awards, (amounts) => {
        let progress = start;
        for (const amount of amounts) {
          const next = addXp(progress, amount);
          expect(next.xp).toBeGreaterThanOrEqual(0);
          expect(next.xp).toBeLessThan(next.xpToNext);
          expect(next.level).toBeGreaterThanOrEqual(progress.level);
          expect(next.crowns).toBe(5 * (next.level - 1));
          expect(next.xpToNext).toBe(stepsUpTo(next.level)[next.level - 1]);
          progress = next;
        }
        // The XP spent on levels plus what is left is everything earned.
        const spent = sum(stepsUpTo(progress.level).slice(0, progress.level - 1));
        expect(spent + progress.xp).toBe(sum(amounts));
      }),
    );
  });

  it('follows round(previous × 1.25 + 10) for every step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (previous) => {
        const next = nextXpToNext(previous);
        expect(next).toBe(Math.round(previous * 1.25 + 10));
        expect(next).toBeGreaterThan(previous);
      }),
    );
    expect(stepsUpTo(6)).toEqual([100, 135, 179, 234, 303, 389]);
  });
});
