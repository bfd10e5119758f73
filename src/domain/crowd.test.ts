import { agreement, ballotAgreement, orderAgreement } from './agreement';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  biggestDifference,
  closestBallot,
  closestWeakBallot,
  coarseAgreement,
  controversy,
} from './crowd';
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

describe('ballots of every kind', () => {
  it('finds the closest tier or top-N ballot by tier (or place) over the items both rank', () => {
    const mine = [['a', 'b'], [], ['c']];
    const ballots = [
      { name: 'Swapped', groups: [['c'], [], ['a', 'b']] },
      { name: 'Same tiers, other order', groups: [['b', 'a'], [], ['c']] },
      { name: 'One off', groups: [['a'], ['b'], ['c']] },
      { name: null, groups: [['a', 'b'], [], ['c']] },
      { name: 'Shares one item', groups: [['a'], [], []] },
    ];
    expect(closestWeakBallot(mine, ballots)).toBe(1);
    expect(closestWeakBallot(mine, [ballots[0]!, ballots[2]!])).toBe(1);
    expect(closestWeakBallot(mine, [ballots[3]!, ballots[4]!])).toBe(-1);
  });

  it('gives two full rankings closestBallot’s answer', () => {
    fc.assert(
      fc.property(
        fc.array(fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e'], { minLength: 5 }), {
          minLength: 1,
          maxLength: 6,
        }),
        fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e'], { minLength: 5 }),
        (others, mine) => {
          const named = others.map((ranking, i) => ({ name: `p${i}`, ranking }));
          const groups = named.map((b) => ({ name: b.name, groups: b.ranking.map((id) => [id]) }));
          expect(
            closestWeakBallot(
              mine.map((id) => [id]),
              groups,
            ),
          ).toBe(closestBallot(mine, named));
        },
      ),
    );
  });

  it('agrees as before for full rankings, and by tau-b for ballots with ties or unranked items', () => {
    const ids = ['a', 'b', 'c', 'd'];
    const one = (list: string[]) => list.map((id) => [id]);
    expect(ballotAgreement('ranking', one(['a', 'b', 'c', 'd']), one(ids), ids)).toBe(100);
    expect(ballotAgreement('ranking', one(['d', 'c', 'b', 'a']), one(ids), ids)).toBe(0);
    // A full ranking made before 'd' was added: compared over the items both hold.
    expect(ballotAgreement('ranking', one(['b', 'a', 'c']), one(ids), ids)).toBe(
      agreement(['b', 'a', 'c'], ids),
    );
    // A top 2 in the crowd's order agrees fully on every pair it orders.
    expect(ballotAgreement('top', one(['a', 'b']), one(ids), ids)).toBe(
      orderAgreement(one(['a', 'b']), one(ids), ids),
    );
    // (c, d tied in the top 2 and ordered by the crowd: tau-b counts that pair for neither side.)
    expect(ballotAgreement('top', one(['a', 'b']), one(ids), ids)).toBeGreaterThan(90);
    expect(
      ballotAgreement(
        'tiers',
        [
          ['c', 'd'],
          ['a', 'b'],
        ],
        one(ids),
        ids,
      ),
    ).toBeLessThan(50);
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
