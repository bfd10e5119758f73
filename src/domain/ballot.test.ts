import { describe, expect, it } from 'vitest';
import {
  BALLOT_MESSAGES,
  ballotGroups,
  canChangePlayedBallot,
  checkBallotFits,
  checkBallotSpec,
  DEFAULT_TIERS,
  groupsOfRanking,
  keepGroups,
  rankedIds,
  savedGroups,
  storedGroups,
  type BallotSpec,
} from './ballot';
import { AppError } from './errors';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid-argument');
    return (error as AppError).message;
  }
  throw new Error('expected a failure');
}

const tier = (label: string, color = '#aabbcc') => ({ label, color });

describe('a creator’s ballot', () => {
  it('takes a full ranking, a top N from 1 to the item count, and tiers', () => {
    expect(checkBallotSpec({ kind: 'ranking' }, 5)).toEqual({ kind: 'ranking' });
    expect(checkBallotSpec({ kind: 'top', n: 1 }, 5)).toEqual({ kind: 'top', n: 1 });
    expect(checkBallotSpec({ kind: 'top', n: 5 }, 5)).toEqual({ kind: 'top', n: 5 });
    expect(checkBallotSpec({ kind: 'tiers', tiers: [tier('Yes'), tier('No')] }, 3)).toEqual({
      kind: 'tiers',
      tiers: [tier('Yes'), tier('No')],
    });
  });

  it('refuses a top N outside 1 to the item count', () => {
    for (const n of [0, -1, 6, 1.5, Number.NaN]) {
      expect(messageOf(() => checkBallotSpec({ kind: 'top', n }, 5))).toBe(
        'Top N must be a whole number from 1 to 5',
      );
    }
  });

  it('gives a tier list without tiers the default S to D, each its own colour', () => {
    const spec = checkBallotSpec({ kind: 'tiers' }, 3);
    expect(spec).toEqual({ kind: 'tiers', tiers: DEFAULT_TIERS });
    expect(DEFAULT_TIERS.map((t) => t.label)).toEqual(['S', 'A', 'B', 'C', 'D']);
    expect(new Set(DEFAULT_TIERS.map((t) => t.color)).size).toBe(5);
  });

  it('needs 2 to 10 tiers', () => {
    const tiers = (count: number) => Array.from({ length: count }, (_, i) => tier(`T${i}`));
    expect(checkBallotSpec({ kind: 'tiers', tiers: tiers(2) }, 3).kind).toBe('tiers');
    expect(checkBallotSpec({ kind: 'tiers', tiers: tiers(10) }, 3).kind).toBe('tiers');
    for (const count of [0, 1, 11]) {
      expect(messageOf(() => checkBallotSpec({ kind: 'tiers', tiers: tiers(count) }, 3))).toBe(
        'A tier list needs 2 to 10 tiers',
      );
    }
  });

  it('cleans tier labels and keeps them 1 to 24 characters, each its own', () => {
    const spec = checkBallotSpec(
      { kind: 'tiers', tiers: [tier('  Top\u200b  '), tier('x'.repeat(24), '#ABCDEF')] },
      3,
    );
    expect(spec).toEqual({ kind: 'tiers', tiers: [tier('Top'), tier('x'.repeat(24), '#abcdef')] });
    for (const label of ['', '   ', '\u200b', 'x'.repeat(25)]) {
      expect(
        messageOf(() => checkBallotSpec({ kind: 'tiers', tiers: [tier(label), tier('B')] }, 3)),
      ).toBe(BALLOT_MESSAGES.tierLabel);
    }
    expect(
      messageOf(() => checkBallotSpec({ kind: 'tiers', tiers: [tier('Top'), tier('TOP')] }, 3)),
    ).toBe('Each tier needs its own label');
  });

  it('takes colours as #rrggbb only', () => {
    for (const color of ['red', '#fff', '#12345g', 'ff7f7f', '#ff7f7f00', '']) {
      expect(
        messageOf(() =>
          checkBallotSpec({ kind: 'tiers', tiers: [tier('A', color), tier('B')] }, 3),
        ),
      ).toBe(BALLOT_MESSAGES.tierColor);
    }
  });

  it('keeps a top N within the items after an edit', () => {
    expect(() => checkBallotFits({ kind: 'top', n: 3 }, 3)).not.toThrow();
    expect(messageOf(() => checkBallotFits({ kind: 'top', n: 3 }, 2))).toBe(
      'A top 3 needs at least 3 items',
    );
    expect(() => checkBallotFits({ kind: 'ranking' }, 1)).not.toThrow();
    expect(() => checkBallotFits({ kind: 'tiers', tiers: [...DEFAULT_TIERS] }, 1)).not.toThrow();
  });

  it('once played, lets only tier labels and colours change', () => {
    const tiers: BallotSpec = { kind: 'tiers', tiers: [tier('A'), tier('B')] };
    expect(
      canChangePlayedBallot(tiers, { kind: 'tiers', tiers: [tier('X', '#000000'), tier('Y')] }),
    ).toBe(true);
    expect(
      canChangePlayedBallot(tiers, { kind: 'tiers', tiers: [tier('A'), tier('B'), tier('C')] }),
    ).toBe(false);
    expect(canChangePlayedBallot(tiers, { kind: 'ranking' })).toBe(false);
    expect(canChangePlayedBallot({ kind: 'top', n: 3 }, { kind: 'top', n: 3 })).toBe(true);
    expect(canChangePlayedBallot({ kind: 'top', n: 3 }, { kind: 'top', n: 4 })).toBe(false);
    expect(canChangePlayedBallot({ kind: 'ranking' }, { kind: 'top', n: 3 })).toBe(false);
    expect(canChangePlayedBallot({ kind: 'ranking' }, { kind: 'ranking' })).toBe(true);
  });
});

describe('a player’s ballot', () => {
  const ids = ['a', 'b', 'c', 'd', 'e'];
  const ranking: BallotSpec = { kind: 'ranking' };
  const top3: BallotSpec = { kind: 'top', n: 3 };
  const tiers3: BallotSpec = { kind: 'tiers', tiers: [tier('S'), tier('A'), tier('B')] };

  it('a full ranking: every item once, as groups of one', () => {
    expect(ballotGroups(ranking, ids, { ranking: ['e', 'd', 'c', 'b', 'a'] }, false)).toEqual([
      ['e'],
      ['d'],
      ['c'],
      ['b'],
      ['a'],
    ]);
    expect(ballotGroups(ranking, ids, { ranking: ['b'] }, true)).toEqual([['b']]);
    expect(messageOf(() => ballotGroups(ranking, ids, { ranking: ['a', 'b'] }, false))).toBe(
      BALLOT_MESSAGES.rankingIncomplete,
    );
    expect(messageOf(() => ballotGroups(ranking, ids, { ranking: ['a', 'a'] }, true))).toBe(
      BALLOT_MESSAGES.rankingDuplicate,
    );
    expect(messageOf(() => ballotGroups(ranking, ids, { tiers: [['a']] }, false))).toBe(
      'This game asks for a ranking, not tiers',
    );
  });

  it('a top N: exactly N distinct items of the game, the rest unranked', () => {
    expect(ballotGroups(top3, ids, { ranking: ['c', 'a', 'e'] }, false)).toEqual([
      ['c'],
      ['a'],
      ['e'],
    ]);
    for (const picked of [['c', 'a'], ['c', 'a', 'e', 'b'], []]) {
      expect(messageOf(() => ballotGroups(top3, ids, { ranking: picked }, false))).toBe(
        'Pick exactly 3 items',
      );
    }
    expect(messageOf(() => ballotGroups({ kind: 'top', n: 1 }, ids, { ranking: [] }, false))).toBe(
      'Pick exactly 1 item',
    );
    expect(messageOf(() => ballotGroups(top3, ids, { ranking: ['c', 'a', 'x'] }, false))).toBe(
      BALLOT_MESSAGES.rankingUnknownItem,
    );
    expect(messageOf(() => ballotGroups(top3, ids, { ranking: ['c', 'a', 'c'] }, false))).toBe(
      BALLOT_MESSAGES.rankingDuplicate,
    );
    // Saved progress: up to N.
    expect(ballotGroups(top3, ids, { ranking: ['b'] }, true)).toEqual([['b']]);
    expect(messageOf(() => ballotGroups(top3, ids, { ranking: ['a', 'b', 'c', 'd'] }, true))).toBe(
      'Pick exactly 3 items',
    );
    expect(messageOf(() => ballotGroups(top3, ids, { tiers: [] }, false))).toBe(
      BALLOT_MESSAGES.rankingExpected,
    );
  });

  it('tiers: one list per tier, each item in one tier at most, empty tiers kept', () => {
    expect(ballotGroups(tiers3, ids, { tiers: [['b', 'a'], [], ['e']] }, false)).toEqual([
      ['b', 'a'],
      [],
      ['e'],
    ]);
    expect(messageOf(() => ballotGroups(tiers3, ids, { tiers: [['a'], ['b']] }, false))).toBe(
      'Send 3 tiers: one list of items per tier',
    );
    expect(
      messageOf(() => ballotGroups(tiers3, ids, { tiers: [['a'], ['b'], [], []] }, false)),
    ).toBe('Send 3 tiers: one list of items per tier');
    expect(
      messageOf(() => ballotGroups(tiers3, ids, { tiers: [['a'], ['b', 'a'], []] }, false)),
    ).toBe('An item can be in one tier only');
    expect(messageOf(() => ballotGroups(tiers3, ids, { tiers: [['a', 'a'], [], []] }, false))).toBe(
      'An item can be in one tier only',
    );
    expect(messageOf(() => ballotGroups(tiers3, ids, { tiers: [['a'], ['x'], []] }, false))).toBe(
      BALLOT_MESSAGES.tierUnknownItem,
    );
    expect(messageOf(() => ballotGroups(tiers3, ids, { tiers: [[], [], []] }, false))).toBe(
      'Put at least one item in a tier',
    );
    expect(ballotGroups(tiers3, ids, { tiers: [[], [], []] }, true)).toEqual([[], [], []]);
    expect(messageOf(() => ballotGroups(tiers3, ids, { ranking: ids }, false))).toBe(
      'This game asks for tiers, not a ranking',
    );
  });
});

describe('a ballot as stored', () => {
  it('keeps groups only for tiers; the ranked ids say the rest', () => {
    const tiers: BallotSpec = { kind: 'tiers', tiers: [tier('S'), tier('A')] };
    expect(storedGroups(tiers, [['a', 'b'], []])).toEqual([['a', 'b'], []]);
    expect(storedGroups({ kind: 'top', n: 2 }, [['a'], ['b']])).toBeNull();
    expect(savedGroups({ ranking: ['a', 'b'], groups: null })).toEqual(groupsOfRanking(['a', 'b']));
    expect(savedGroups({ ranking: ['a', 'b'], groups: [['a', 'b'], []] })).toEqual([
      ['a', 'b'],
      [],
    ]);
    expect(rankedIds([['a', 'b'], [], ['c']])).toEqual(['a', 'b', 'c']);
  });

  it('drops removed items and keeps emptied tiers in place', () => {
    expect(keepGroups([['a', 'b'], ['c'], ['d']], new Set(['a', 'd']))).toEqual([['a'], [], ['d']]);
  });
});
