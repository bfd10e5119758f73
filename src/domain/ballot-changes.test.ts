import { describe, expect, it } from 'vitest';
import { decodeBallotChanges, encodeBallotChanges } from './ballot-changes';
import { replaceBallots, tallyOfBallots, type BallotChange } from './results';

const items = ['a', 'b', 'c', 'd'];

describe('ballot changes in a live event', () => {
  it('round-trip plain rankings, ties, empty groups and replaced ballots, and tally alike', () => {
    const changes: BallotChange[] = [
      { previous: null, next: [['a'], ['b'], ['c'], ['d']] },
      { previous: null, next: [['c', 'a'], [], ['d']] },
      { previous: [['b'], ['a']], next: [['d'], ['b', 'c']] },
    ];
    const encoded = encodeBallotChanges(items, changes, 1000);
    expect(encoded).toEqual([
      [null, [0, 1, 2, 3]],
      [null, [[2, 0], [], 3]],
      [
        [1, 0],
        [3, [1, 2]],
      ],
    ]);
    const decoded = decodeBallotChanges(items, JSON.parse(JSON.stringify(encoded)));
    expect(decoded).toEqual(changes);
    const base = tallyOfBallots([
      [['b'], ['a']],
      [['a'], ['c']],
    ]);
    expect(replaceBallots(base, decoded!)).toEqual(replaceBallots(base, changes));
  });

  it('carry nothing when an item is not the game’s or the changes are too long', () => {
    expect(encodeBallotChanges(items, [{ previous: null, next: [['z']] }], 1000)).toBeNull();
    const many = Array.from({ length: 100 }, () => ({
      previous: null,
      next: [['a'], ['b'], ['c'], ['d']],
    }));
    expect(encodeBallotChanges(items, many, 500)).toBeNull();
    expect(encodeBallotChanges(items, many.slice(0, 10), 500)).toHaveLength(10);
  });

  it('read nothing from a malformed encoding', () => {
    for (const bad of [null, {}, [[null]], [[null, [4]]], [[null, [0.5]]], [[null, 'a']]]) {
      expect(decodeBallotChanges(items, bad)).toBeNull();
    }
  });
});
