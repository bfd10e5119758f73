import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { biggestDifference, closestBallot, coarseAgreement, controversy } from './crowd';
import { addRanking, emptyTally, summarize } from './results';

const ITEMS = [
  { id: 'p', label: 'Pineapple' },
  { id: 'm', label: 'Mushrooms' },
  { id: 'a', label: 'Anchovies' },
  { id: 'o', label: 'Olives' },
];

function results(cast: string[][]) {
  return summarize(cast.reduce(addRanking, emptyTally()), ITEMS);
}

describe('controversy', () => {
  it('names the most divisive and most agreed items, and a unanimous place', () => {
    const r = results([
      ['m', 'a', 'o', 'p'],
      ['a', 'm', 'o', 'p'],
      ['o', 'm', 'a', 'p'],
    ]);
    const c = controversy(r.items, r.submissions);
    expect(c.unanimous).toMatchObject({ item: { id: 'p' }, place: 4, last: true });
    expect(c.mostAgreed?.label).toBe('Pineapple');
    expect(c.mostDivisive?.label).toBe('Olives');
  });

  it('says nothing on too few rankings, and "first" for a shared first place', () => {
    const r = results([
      ['m', 'a', 'o', 'p'],
      ['m', 'o', 'a', 'p'],
    ]);
    const c = controversy(r.items, r.submissions);
    expect(c.mostDivisive).toBeNull();
    expect(c.unanimous).toMatchObject({ item: { id: 'm' }, place: 1, last: false });
    expect(
      controversy(
        results([
          ['p', 'a', 'm', 'o'],
          ['m', 'a', 'p', 'o'],
          ['o', 'a', 'p', 'm'],
        ]).items,
        3,
      ).unanimous,
    ).toMatchObject({ item: { id: 'a' }, place: 2, last: false });
    expect(controversy(results([]).items, 0)).toEqual({
      mostDivisive: null,
      mostAgreed: null,
      unanimous: null,
    });
  });
});

describe('you vs the crowd', () => {
  it('finds the biggest gap, the item the crowd ranks higher winning a tie', () => {
    const consensus = ['m', 'a', 'o', 'p'];
    const gap = biggestDifference(['p', 'm', 'a', 'o'], consensus);
    expect(gap).toEqual({ itemId: 'p', mine: 1, crowd: 4 });
    expect(biggestDifference(consensus, consensus)).toBeNull();
    expect(biggestDifference(['a', 'm', 'o', 'p'], consensus)).toEqual({
      itemId: 'm',
      mine: 2,
      crowd: 1,
    });
  });

  it('never reports a gap larger than the list, and none for the same order', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e'], { minLength: 5 }), (mine) => {
        const consensus = ['a', 'b', 'c', 'd', 'e'];
        const gap = biggestDifference(mine, consensus);
        if (mine.join() === consensus.join()) expect(gap).toBeNull();
        else expect(Math.abs(gap!.mine - gap!.crowd)).toBeGreaterThan(0);
      }),
    );
  });

  it('picks the closest named ballot', () => {
    const ballots = [
      { name: null, ranking: ['m', 'a', 'o', 'p'] },
      { name: 'Far', ranking: ['p', 'o', 'a', 'm'] },
      { name: 'Near', ranking: ['m', 'o', 'a', 'p'] },
      { name: 'Also near', ranking: ['a', 'm', 'o', 'p'] },
    ];
    expect(closestBallot(['m', 'a', 'o', 'p'], ballots)).toBe(2);
    expect(closestBallot(['m', 'a', 'o', 'p'], [ballots[0]!])).toBe(-1);
  });
});

describe('coarseAgreement', () => {
  it('rounds another player’s agreement to the nearest 10%', () => {
    expect(coarseAgreement(null)).toBeNull();
    expect(coarseAgreement(100)).toBe(100);
    expect(coarseAgreement(100 * (1 - 1 / 28))).toBe(100);
    expect(coarseAgreement(100 * (1 - 3 / 28))).toBe(90);
    expect(coarseAgreement(44.9)).toBe(40);
    expect(coarseAgreement(0)).toBe(0);
  });
});
