import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupsOfRanking } from './ballot';
import type { Item } from './game';
import { methodStandings, methodsSplit, tiedGroups, type Standings } from './methods-standings';
import { bordaOrder, irvOrder, meanOrder, METHODS, schulzeOrder } from './methods';
import { addRanking, emptyTally, summarize, tallyOfBallots } from './results';

const PASTA: Item[] = ['Rigatoni', 'Penne', 'Fusilli', 'Farfalle', 'Spaghetti'].map((label) => ({
  id: label.slice(0, 3).toLowerCase(),
  label,
}));

function game(items: readonly Item[], cast: readonly string[][]) {
  const results = summarize(cast.reduce(addRanking, emptyTally()), items);
  const runoff = irvOrder(cast.map(groupsOfRanking), items, meanOrder(results).order);
  return {
    results,
    runoff,
    all: Object.fromEntries(
      METHODS.map((method) => [method, methodStandings(results, method, runoff) as Standings]),
    ) as Record<(typeof METHODS)[number], Standings>,
  };
}

const places = (s: Standings) => s.rows.map((row) => `${row.tied ? '=' : ''}${row.place}`);
const ids = (s: Standings) => s.rows.map((row) => row.item.id);

describe('methodStandings', () => {
  // Issue 24: two players put Rigatoni first, a third puts it last.
  const pasta = game(PASTA, [
    ['rig', 'pen', 'fus', 'far', 'spa'],
    ['rig', 'pen', 'fus', 'far', 'spa'],
    ['pen', 'fus', 'far', 'spa', 'rig'],
  ]);

  it('orders by average position with each row’s mean and first places', () => {
    const { mean } = pasta.all;
    expect(ids(mean)).toEqual(['pen', 'rig', 'fus', 'far', 'spa']);
    expect(mean.winners).toEqual(['pen']);
    expect(places(mean)).toEqual(['1', '2', '3', '4', '5']);
    expect(mean.rows[0]?.evidence).toEqual({
      method: 'mean',
      meanPosition: 5 / 3,
      firstShare: 1 / 3,
    });
  });

  it('orders by Borda points', () => {
    const { borda } = pasta.all;
    expect(ids(borda)).toEqual(['pen', 'rig', 'fus', 'far', 'spa']);
    expect(borda.rows.map((row) => row.evidence)).toEqual(
      [10, 8, 7, 4, 1].map((points) => ({ method: 'borda', points })),
    );
  });

  it('orders by Schulze with wins and losses from the matrix and the strongest paths', () => {
    const { schulze } = pasta.all;
    expect(ids(schulze)).toEqual(['rig', 'pen', 'fus', 'far', 'spa']);
    expect(schulze.winners).toEqual(['rig']);
    const [rig, pen] = schulze.rows;
    expect(rig?.evidence).toMatchObject({ method: 'schulze', wins: 4, losses: 0 });
    expect(pen?.evidence).toMatchObject({ wins: 3, losses: 1 });
    const paths = rig?.evidence.method === 'schulze' ? rig.evidence.paths : [];
    expect(paths[0]).toEqual({ other: 'pen', strength: 2, against: 0 });
  });

  it('orders by instant runoff with the round each item went out in; never-chosen items tie', () => {
    const { irv } = pasta.all;
    expect(ids(irv)).toEqual(['rig', 'pen', 'fus', 'far', 'spa']);
    expect(irv.rows.map((row) => row.evidence)).toEqual([
      { method: 'irv', round: 5, votes: 3, won: true },
      { method: 'irv', round: 4, votes: 1, won: false },
      { method: 'irv', round: 3, votes: 0, won: false },
      { method: 'irv', round: 2, votes: 0, won: false },
      { method: 'irv', round: 1, votes: 0, won: false },
    ]);
    expect(places(irv)).toEqual(['1', '2', '=3', '=3', '=3']);
  });

  it('is not known for instant runoff before the ballots are counted', () => {
    expect(methodStandings(pasta.results, 'irv')).toBeNull();
  });

  it('gives tied items one place under every method', () => {
    const two: Item[] = PASTA.slice(0, 3);
    const { all } = game(two, [
      ['rig', 'pen', 'fus'],
      ['pen', 'rig', 'fus'],
    ]);
    for (const method of METHODS) {
      expect(places(all[method]), method).toEqual(['=1', '=1', '3']);
      expect([...all[method].winners].sort(), method).toEqual(['pen', 'rig']);
    }
  });

  it('names no winner before anyone ranked, and ties every unranked item', () => {
    const { mean } = game(PASTA, []).all;
    expect(mean.winners).toEqual([]);
    expect(places(mean)).toEqual(['=1', '=1', '=1', '=1', '=1']);
  });

  it('keeps each method’s own order, with places that only tie neighbours', () => {
    const n = 5;
    const list = PASTA.slice(0, n);
    const ballot = fc.shuffledSubarray(
      list.map((item) => item.id),
      { minLength: n, maxLength: n },
    );
    fc.assert(
      fc.property(fc.array(ballot, { minLength: 1, maxLength: 12 }), (cast) => {
        const { results, runoff, all } = game(list, cast);
        const orders = {
          mean: meanOrder(results).order,
          borda: bordaOrder(results).order,
          schulze: schulzeOrder(results).order,
          irv: runoff.order,
        };
        for (const method of METHODS) {
          const s = all[method];
          expect(ids(s)).toEqual(orders[method]);
          s.rows.forEach((row, i) => {
            const previous = s.rows[i - 1];
            expect(row.place === i + 1 || row.place === previous?.place).toBe(true);
            if (row.place !== i + 1) expect(row.tied && previous?.tied).toBe(true);
          });
          expect(s.winners[0]).toBe(orders[method][0]);
        }
      }),
    );
  });
});

describe('methodStandings with ties and unranked items', () => {
  // Two tier ballots and a top 1: Rigatoni and Penne share the first tier twice.
  const items = PASTA.slice(0, 4);
  const cast = [[['rig', 'pen'], ['fus']], [['rig', 'pen'], [], ['far']], [['fus']]];
  const results = summarize(tallyOfBallots(cast), items);
  const runoff = irvOrder(cast, items, meanOrder(results).order);
  const all = Object.fromEntries(
    METHODS.map((method) => [method, methodStandings(results, method, runoff) as Standings]),
  ) as Record<(typeof METHODS)[number], Standings>;

  it('ties the items every ballot ties, under every method', () => {
    for (const method of ['mean', 'borda', 'schulze'] as const) {
      expect(places(all[method]).slice(0, 2), method).toEqual(['=1', '=1']);
      expect([...all[method].winners].sort(), method).toEqual(['pen', 'rig']);
    }
    // Instant runoff: one ballot each for Rigatoni, Penne (halves) and Fusilli, round after
    // round, so the three drop out by coin toss and share the first place.
    expect([...all.irv.winners].sort()).toEqual(['fus', 'pen', 'rig']);
  });

  it('gives split Borda points and fractional runoff votes as evidence', () => {
    // n = 4. Rigatoni: 1.5, 1.5 and (top 1 by Fusilli) the mean of places 2..4, 3 → 2.5 + 2.5 + 1.
    expect(all.borda.rows[0]?.evidence).toEqual({ method: 'borda', points: 6 });
    // Round 1: Rigatoni and Penne hold half of two ballots each; Fusilli one; Farfalle none.
    expect(runoff.rounds[0]?.counts).toEqual({ rig: 1, pen: 1, fus: 1, far: 0 });
    expect(all.irv.rows.at(-1)?.evidence).toEqual({
      method: 'irv',
      round: 1,
      votes: 0,
      won: false,
    });
  });
});

describe('methodsSplit', () => {
  const winners = { mean: 'pen', borda: 'pen', schulze: 'rig', irv: 'rig' } as const;

  it('groups the winners, the shown method’s first', () => {
    expect(methodsSplit(winners, 'mean')).toEqual([
      { winner: 'pen', methods: ['mean', 'borda'] },
      { winner: 'rig', methods: ['schulze', 'irv'] },
    ]);
    expect(methodsSplit(winners, 'irv')).toEqual([
      { winner: 'rig', methods: ['schulze', 'irv'] },
      { winner: 'pen', methods: ['mean', 'borda'] },
    ]);
  });

  it('says nothing when the counted methods agree', () => {
    expect(methodsSplit({ mean: 'pen', borda: 'pen', schulze: 'pen' }, 'mean')).toEqual([]);
    expect(methodsSplit({ mean: null, borda: null }, 'mean')).toEqual([]);
  });
});

describe('tiedGroups', () => {
  it('cuts the order where the place changes: a top N’s never-ranked items are one group', () => {
    const items: Item[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: id.toUpperCase() }));
    const results = summarize(
      tallyOfBallots([
        [['a'], ['b']],
        [['a'], ['c']],
      ]),
      items,
    );
    const mean = methodStandings(results, 'mean') as Standings;
    expect(tiedGroups(mean)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('holds every row once, in order, and a new group exactly where a row is not tied', () => {
    const ballot = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { maxLength: 5 });
    const items: Item[] = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, label: id }));
    fc.assert(
      fc.property(fc.array(ballot, { minLength: 1, maxLength: 6 }), (ballots) => {
        const results = summarize(tallyOfBallots(ballots.map(groupsOfRanking)), items);
        for (const method of ['mean', 'borda', 'schulze'] as const) {
          const standings = methodStandings(results, method) as Standings;
          const groups = tiedGroups(standings);
          expect(groups.flat()).toEqual(ids(standings));
          const starts = standings.rows.filter(
            (row, i) => i === 0 || row.place !== standings.rows[i - 1]?.place,
          );
          expect(groups.length).toBe(starts.length);
          for (const group of groups) {
            const rows = standings.rows.filter((row) => group.includes(row.item.id));
            expect(new Set(rows.map((row) => row.place)).size).toBe(1);
            expect(rows.every((row) => row.tied)).toBe(group.length > 1);
          }
        }
      }),
    );
  });
});
