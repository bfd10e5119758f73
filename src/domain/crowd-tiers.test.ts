import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crowdTiers, gameResults } from './crowd-tiers';
import type { Item } from './game';
import { summarize, tallyOfBallots } from './results';

const ITEMS: Item[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: id.toUpperCase() }));
const TIER_COUNT = 3;

/** A tier ballot as where each item goes: a tier index, or -1 for the pool. */
const placement = fc
  .array(fc.integer({ min: -1, max: TIER_COUNT - 1 }), {
    minLength: ITEMS.length,
    maxLength: ITEMS.length,
  })
  .filter((where) => where.some((tier) => tier >= 0));

const groupsOf = (where: number[]) =>
  Array.from({ length: TIER_COUNT }, (_, t) =>
    ITEMS.filter((_, i) => where[i] === t).map((item) => item.id),
  );

describe('crowdTiers', () => {
  it('puts each item once, in the tier its mean over the ballots placing it rounds to', () => {
    fc.assert(
      fc.property(fc.array(placement, { minLength: 1, maxLength: 8 }), (ballots) => {
        const crowd = crowdTiers(tallyOfBallots(ballots.map(groupsOf)), ITEMS, TIER_COUNT);
        const listed = [...crowd.tiers.flat(), ...crowd.pool].map((item) => item.id);
        expect([...listed].sort()).toEqual(ITEMS.map((item) => item.id));
        ITEMS.forEach((item, i) => {
          const placed = ballots.map((where) => where[i] ?? -1).filter((tier) => tier >= 0);
          const row = [...crowd.tiers.flat(), ...crowd.pool].find((r) => r.id === item.id);
          const counts = Array.from(
            { length: TIER_COUNT },
            (_, t) => placed.filter((tier) => tier === t).length,
          );
          expect(row?.counts).toEqual(counts);
          expect(row?.pool).toBe(ballots.length - placed.length);
          if (placed.length === 0) {
            expect(crowd.pool.map((r) => r.id)).toContain(item.id);
            return;
          }
          const mean = placed.reduce((sum, tier) => sum + tier, 0) / placed.length;
          // Halfway rounds to the better tier: the smaller index.
          const tier =
            2 * mean === Math.floor(2 * mean) && mean % 1 !== 0 ? mean - 0.5 : Math.round(mean);
          expect(row?.meanTier).toBeCloseTo(mean, 12);
          expect(crowd.tiers[tier]?.map((r) => r.id)).toContain(item.id);
        });
        // Inside a tier, the best mean first.
        for (const tier of crowd.tiers) {
          const means = tier.map((r) => r.meanTier ?? Infinity);
          expect(means).toEqual([...means].sort((x, y) => x - y));
        }
      }),
    );
  });

  it('comes with the results of a tiers game only', () => {
    const tally = tallyOfBallots([[['a'], ['b', 'c'], []]]);
    const tiers = [
      { label: 'S', color: '#ff7f7f' },
      { label: 'A', color: '#ffbf7f' },
      { label: 'B', color: '#ffdf80' },
    ];
    const results = gameResults(tally, ITEMS, { kind: 'tiers', tiers });
    expect(results).toEqual({
      ...summarize(tally, ITEMS),
      crowdTiers: crowdTiers(tally, ITEMS, 3),
    });
    expect(gameResults(tally, ITEMS, { kind: 'top', n: 2 })).toEqual(summarize(tally, ITEMS));
    expect(gameResults(tally, ITEMS, { kind: 'ranking' }).crowdTiers).toBeUndefined();
  });
});
