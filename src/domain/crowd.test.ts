import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  biggestDifference,
  closestBallot,
  controversy,
  differenceText,
  disagreements,
  ordinal,
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

describe('ordinal', () => {
  it('says 1st, 2nd, 3rd, 4th, 11th to 13th, 21st, 22nd, 101st, 111th', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '101st',
      '111th',
      '112th',
    ]);
  });
});

describe('controversy', () => {
  it('names the most divisive and most agreed items, and a unanimous place', () => {
    const r = results([
      ['m', 'a', 'o', 'p'],
      ['a', 'm', 'o', 'p'],
      ['o', 'm', 'a', 'p'],
    ]);
    const c = controversy(r.items, r.submissions);
    expect(c.unanimous).toBe('Everyone put Pineapple last');
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
    expect(c.unanimous).toBe('Everyone put Mushrooms first');
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
    expect(differenceText(gap!, 'Pineapple')).toBe('You put Pineapple 1st; the crowd put it 4th');
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

describe('disagreements', () => {
  const labels = new Map(ITEMS.map((item) => [item.id, item.label]));

  it('says which methods crown another winner, and why', () => {
    expect(
      disagreements({ mean: 'p', borda: 'p', schulze: 'm', irv: 'a' }, 'mean', labels, 'm'),
    ).toEqual([
      'Schulze crowns Mushrooms: it beats every other item head to head',
      'Instant runoff crowns Anchovies: it wins the instant runoff after the others drop out',
    ]);
    expect(disagreements({ mean: 'p', schulze: 'm' }, 'schulze', labels, null)).toEqual([
      'Average position crowns Pineapple: it has the best average position',
    ]);
    expect(disagreements({ mean: 'p', borda: 'p', schulze: 'p' }, 'mean', labels, 'p')).toEqual([]);
    expect(
      disagreements({ mean: 'm', borda: 'm', schulze: 'm', irv: 'p' }, 'irv', labels, 'm'),
    ).toEqual([
      'Average position, Borda count and Schulze crown Mushrooms: it beats every other item head to head',
    ]);
  });
});
