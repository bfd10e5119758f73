import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupsOfRanking } from './ballot';
import type { Item } from './game';
import { bordaOrder, irvOrder, meanOrder, schulzeOrder, schulzeWinner } from './methods';
import { addRanking, emptyTally, summarize } from './results';

const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({ id: `i${i}`, label: `Item ${i}` }));

/** Complete ballots over `n` items: permutations of their ids. */
const ballots = (n: number, max = 30) =>
  fc.array(
    fc.shuffledSubarray(
      items(n).map((item) => item.id),
      { minLength: n, maxLength: n },
    ),
    { minLength: 1, maxLength: max },
  );

const sized = fc.integer({ min: 2, max: 7 }).chain((n) => fc.tuple(fc.constant(n), ballots(n)));

function all(n: number, cast: readonly string[][]) {
  const list = items(n);
  const results = summarize(cast.reduce(addRanking, emptyTally()), list);
  const mean = meanOrder(results);
  return {
    list,
    results,
    mean,
    borda: bordaOrder(results),
    schulze: schulzeOrder(results),
    irv: irvOrder(cast.map(groupsOfRanking), list, mean.order),
  };
}

describe('voting methods', () => {
  it('each gives every item exactly once', () => {
    fc.assert(
      fc.property(sized, ([n, cast]) => {
        const { list, mean, borda, schulze, irv } = all(n, cast);
        const ids = list.map((item) => item.id).sort();
        for (const method of [mean, borda, schulze, irv]) {
          expect([...method.order].sort()).toEqual(ids);
          expect(method.winner).toBe(method.order[0]);
        }
      }),
    );
  });

  it('all agree with unanimous ballots', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 8 })
          .chain((n) => fc.tuple(ballots(n, 1), fc.integer({ min: 1, max: 9 }))),
        ([[ballot], copies]) => {
          const cast = Array.from({ length: copies }, () => ballot as string[]);
          const { mean, borda, schulze, irv } = all((ballot as string[]).length, cast);
          for (const method of [mean, borda, schulze, irv]) expect(method.order).toEqual(ballot);
        },
      ),
    );
  });

  it('Borda orders as the mean position does when every ranking is complete', () => {
    fc.assert(
      fc.property(sized, ([n, cast]) => {
        const { mean, borda } = all(n, cast);
        expect(borda.order).toEqual(mean.order);
      }),
    );
  });

  it('a Condorcet winner is Schulze’s winner (and the shortcut gives the same winner)', () => {
    fc.assert(
      fc.property(sized, ([n, cast]) => {
        const { results, schulze } = all(n, cast);
        if (results.condorcetWinner) expect(schulze.winner).toBe(results.condorcetWinner);
        expect(schulzeWinner(results)).toBe(schulze.winner);
      }),
    );
  });

  it('instant runoff: the winner has a majority of the ballots still counting at the end', () => {
    fc.assert(
      fc.property(sized, ([n, cast]) => {
        const { irv } = all(n, cast);
        const final = irv.rounds.at(-1);
        expect(final?.eliminated).toBeNull();
        const before = irv.rounds.at(-2);
        if (!before) return;
        // The last two standing: the winner had at least as many votes as the runner-up.
        const winner = irv.winner ?? '';
        const runnerUp = before.eliminated ?? '';
        expect(before.counts[winner] ?? 0).toBeGreaterThanOrEqual(before.counts[runnerUp] ?? 0);
      }),
    );
  });

  it('can crown different winners: a Condorcet winner with few first places', () => {
    // C (i2) beats A (i0) and B (i1) head to head, 3 to 2 each, with one first place only.
    const cast = [
      ['i0', 'i2', 'i1'],
      ['i0', 'i2', 'i1'],
      ['i1', 'i2', 'i0'],
      ['i1', 'i2', 'i0'],
      ['i2', 'i0', 'i1'],
    ];
    const { results, schulze, irv, mean } = all(3, cast);
    expect(results.condorcetWinner).toBe('i2');
    expect(schulze.winner).toBe('i2');
    expect(mean.winner).toBe('i2');
    // Instant runoff drops C first (one first place), then A wins 3-2.
    expect(irv.rounds[0]?.eliminated).toBe('i2');
    expect(irv.winner).toBe('i0');
  });

  it('skips removed items on ballots and counts no exhausted ballot', () => {
    const list = items(3);
    const cast = [['gone', 'i1'], ['i0'], ['i0', 'i1']].map(groupsOfRanking);
    const irv = irvOrder(cast, list, ['i0', 'i1', 'i2']);
    expect(irv.rounds[0]?.counts).toEqual({ i0: 2, i1: 1, i2: 0 });
    expect(irv.winner).toBe('i0');
    expect(irvOrder([], list, ['i0', 'i1', 'i2']).winner).toBeNull();
  });
});
