import { agreement } from './agreement';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Item } from './game';
import {
  addRanking,
  emptyTally,
  removeRanking,
  replaceRanking,
  summarize,
  type Tally,
} from './results';

const items = (...ids: string[]): Item[] => ids.map((id) => ({ id, label: id.toUpperCase() }));
const tallyOf = (rankings: readonly (readonly string[])[], start: Tally = emptyTally()) =>
  rankings.reduce(addRanking, start);
const ids = (results: { items: { id: string }[] }) => results.items.map((item) => item.id);

/** Whether a value is made only of plain objects, arrays and safe non-negative integers. */
function isPlainJson(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  if (Array.isArray(value)) return value.every((v, i) => i in value && isPlainJson(v));
  if (typeof value !== 'object' || value === null) return false;
  return (
    Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isPlainJson)
  );
}

/** Fails unless the tally is plain JSON in canonical form. */
function expectCanonical(tally: Tally): void {
  expect(isPlainJson(tally)).toBe(true);
  for (const stats of Object.values(tally.items)) {
    expect(stats.dist.length).toBeGreaterThan(0);
    expect(stats.dist.at(-1)).not.toBe(0);
  }
  for (const row of Object.values(tally.wins)) {
    expect(Object.keys(row).length).toBeGreaterThan(0);
    for (const count of Object.values(row)) expect(count).toBeGreaterThan(0);
  }
}

// Arbitraries: a small item set, and full rankings (permutations) of it.
const itemIds = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), {
  minLength: 1,
  maxLength: 7,
});
const permutation = (pool: readonly string[]) =>
  fc.shuffledSubarray([...pool], { minLength: pool.length, maxLength: pool.length });
const game = itemIds.chain((pool) =>
  fc.record({
    pool: fc.constant(pool),
    rankings: fc.array(permutation(pool), { maxLength: 8 }),
  }),
);
/** Rankings of varying length, as when items are added to or removed from a game over time. */
const mixedRankings = fc.array(
  fc.shuffledSubarray(['a', 'b', 'c', 'd', 'e', 'f'], { minLength: 0, maxLength: 6 }),
  { maxLength: 8 },
);

describe('tally', () => {
  it('counts positions, first places and wins', () => {
    const tally = tallyOf([
      ['a', 'b', 'c'],
      ['b', 'a', 'c'],
    ]);
    expect(tally).toStrictEqual({
      submissions: 2,
      items: {
        a: { sum: 3, first: 1, dist: [1, 1] },
        b: { sum: 3, first: 1, dist: [1, 1] },
        c: { sum: 6, first: 0, dist: [0, 0, 2] },
      },
      wins: { a: { b: 1, c: 2 }, b: { a: 1, c: 2 } },
    });
  });

  it('never mutates its input', () => {
    const start = tallyOf([['a', 'b', 'c']]);
    const before = JSON.stringify(start);
    addRanking(start, ['c', 'b', 'a']);
    removeRanking(start, ['a', 'b', 'c']);
    replaceRanking(start, ['a', 'b', 'c'], ['b', 'a', 'c']);
    expect(JSON.stringify(start)).toBe(before);
  });

  it('refuses rankings it cannot have counted, and duplicates', () => {
    expect(() => removeRanking(emptyTally(), ['a'])).toThrow();
    expect(() => removeRanking(tallyOf([['a', 'b']]), ['b', 'a'])).toThrow();
    expect(() => addRanking(emptyTally(), ['a', 'a'])).toThrow();
  });

  it('is safe for ids that name Object.prototype members', () => {
    const odd = ['constructor', 'toString', 'hasOwnProperty'];
    const tally = tallyOf([odd, [...odd].reverse()]);
    expectCanonical(tally);
    expect(tally.wins.constructor).toStrictEqual({ toString: 1, hasOwnProperty: 1 });
    expect(removeRanking(removeRanking(tally, odd), [...odd].reverse())).toStrictEqual(
      emptyTally(),
    );
    expect(summarize(tally, items(...odd)).items.map((i) => i.meanPosition)).toStrictEqual([
      2, 2, 2,
    ]);
    expect(() => addRanking(emptyTally(), ['__proto__'])).toThrow();
  });

  it('replaceRanking with nothing on either side is the identity', () => {
    const start = tallyOf([['a', 'b']]);
    expect(replaceRanking(start, null, null)).toStrictEqual(start);
    expect(replaceRanking(start, null, ['b', 'a'])).toStrictEqual(addRanking(start, ['b', 'a']));
    expect(replaceRanking(start, ['a', 'b'], null)).toStrictEqual(emptyTally());
  });

  it('handles a 200-item ranking quickly and restores it exactly', () => {
    const big = Array.from({ length: 200 }, (_, i) => `item-${i}`);
    const start = tallyOf([big]);
    const added = addRanking(start, [...big].reverse());
    expect(Object.keys(added.wins['item-0'] ?? {})).toHaveLength(199);
    expect(JSON.stringify(removeRanking(added, [...big].reverse()))).toBe(JSON.stringify(start));
  });

  it('is order-invariant: the same rankings in any order give an equal tally and summary', () => {
    fc.assert(
      fc.property(
        game.chain(({ pool, rankings }) =>
          fc.tuple(
            fc.constant(pool),
            fc.constant(rankings),
            fc.shuffledSubarray(rankings, {
              minLength: rankings.length,
              maxLength: rankings.length,
            }),
          ),
        ),
        ([pool, rankings, shuffled]) => {
          const a = tallyOf(rankings);
          const b = tallyOf(shuffled);
          expect(b).toStrictEqual(a);
          expect(summarize(b, items(...pool))).toStrictEqual(summarize(a, items(...pool)));
        },
      ),
    );
  });

  it('resubmitting equals submitting once', () => {
    fc.assert(
      fc.property(
        game.chain(({ pool, rankings }) =>
          fc.tuple(fc.constant(rankings), permutation(pool), permutation(pool)),
        ),
        ([others, first, second]) => {
          const start = tallyOf(others);
          expect(replaceRanking(addRanking(start, first), first, second)).toStrictEqual(
            addRanking(start, second),
          );
        },
      ),
    );
  });

  it('add then remove restores the starting tally, as canonical JSON', () => {
    fc.assert(
      fc.property(mixedRankings, mixedRankings, (before, extra) => {
        const start = tallyOf(before);
        const added = tallyOf(extra, start);
        expectCanonical(added);
        const restored = extra.reduceRight(removeRanking, added);
        expect(restored).toStrictEqual(start);
        expect(JSON.stringify(restored)).toBe(JSON.stringify(start));
        expect(extra.reduceRight(removeRanking, tallyOf(extra))).toStrictEqual(emptyTally());
      }),
    );
  });
});

describe('summarize', () => {
  it('keeps every statistic in range', () => {
    fc.assert(
      fc.property(game, ({ pool, rankings }) => {
        const n = pool.length;
        const results = summarize(tallyOf(rankings), items(...pool));
        expect(results.submissions).toBe(rankings.length);
        expect([...ids(results)].sort()).toStrictEqual([...pool].sort());
        for (const item of results.items) {
          expect(item.distribution).toHaveLength(n);
          expect(item.distribution.reduce((s, c) => s + c, 0)).toBe(rankings.length);
          expect(item.contested).toBeGreaterThanOrEqual(0);
          expect(item.contested).toBeLessThanOrEqual(1);
          if (rankings.length === 0) {
            expect(item.meanPosition).toBeNull();
          } else {
            expect(item.meanPosition).toBeGreaterThanOrEqual(1);
            expect(item.meanPosition).toBeLessThanOrEqual(n);
          }
        }
        const shares = results.items.reduce((s, item) => s + item.firstShare, 0);
        expect(shares).toBeCloseTo(rankings.length > 0 ? 1 : 0, 9);
        // Consensus order: mean positions never decrease.
        const means = results.items.map((item) => item.meanPosition ?? Infinity);
        expect(means).toStrictEqual([...means].sort((x, y) => x - y));
      }),
    );
  });

  it('computes means, shares, distributions and contested', () => {
    const results = summarize(
      tallyOf([
        ['a', 'b', 'c'],
        ['a', 'c', 'b'],
        ['c', 'b', 'a'],
        ['a', 'b', 'c'],
      ]),
      items('a', 'b', 'c'),
    );
    expect(
      results.items.map(({ id, meanPosition, firstShare, distribution }) => ({
        id,
        meanPosition,
        firstShare,
        distribution,
      })),
    ).toStrictEqual([
      { id: 'a', meanPosition: 1.5, firstShare: 0.75, distribution: [3, 0, 1] },
      { id: 'b', meanPosition: 2.25, firstShare: 0, distribution: [0, 3, 1] },
      { id: 'c', meanPosition: 2.25, firstShare: 0.25, distribution: [1, 1, 2] },
    ]);
    // a: positions 1,1,1,3 → sd √0.75 of a possible 1.
    expect(results.items[0]?.contested).toBeCloseTo(Math.sqrt(0.75), 9);
  });

  it('contested is 0 for unanimous items and 1 for items split between first and last', () => {
    const results = summarize(
      tallyOf([
        ['a', 'b', 'c'],
        ['c', 'b', 'a'],
      ]),
      items('a', 'b', 'c'),
    );
    const contested = Object.fromEntries(results.items.map((i) => [i.id, i.contested]));
    expect(contested).toStrictEqual({ a: 1, b: 0, c: 1 });
  });

  it('breaks ties in mean position head to head, before labels', () => {
    // a and b both average 5/3, but two rankings of three put b above a.
    const tally = tallyOf([
      ['b', 'a', 'c'],
      ['b', 'a', 'c'],
      ['a', 'c', 'b'],
    ]);
    const results = summarize(tally, items('a', 'b', 'c'));
    expect(ids(results)).toStrictEqual(['b', 'a', 'c']);
    expect(results.items[0]?.meanPosition).toBe(results.items[1]?.meanPosition);
    expect(results.headToHead).toStrictEqual({ a: { b: 1, c: 3 }, b: { a: 2, c: 2 }, c: { b: 1 } });
  });

  it('falls back to label, then id, for a full tie; unranked items go last', () => {
    const tally = tallyOf([
      ['x', 'y'],
      ['y', 'x'],
    ]);
    const list: Item[] = [
      { id: 'y', label: 'Same' },
      { id: 'x', label: 'Same' },
      { id: 'new', label: 'Added later' },
    ];
    const results = summarize(tally, list);
    expect(ids(results)).toStrictEqual(['x', 'y', 'new']);
    expect(results.items[2]).toStrictEqual({
      id: 'new',
      label: 'Added later',
      meanPosition: null,
      firstShare: 0,
      distribution: [0, 0, 0],
      contested: 0,
    });
  });

  it('within a tie of two, the head-to-head winner comes first', () => {
    fc.assert(
      fc.property(game, ({ pool, rankings }) => {
        const results = summarize(tallyOf(rankings), items(...pool));
        const h = results.headToHead;
        const list = results.items;
        list.forEach((item, i) => {
          const next = list[i + 1];
          if (!next || item.meanPosition === null || item.meanPosition !== next.meanPosition)
            return;
          const groupSize = list.filter((o) => o.meanPosition === item.meanPosition).length;
          if (groupSize !== 2) return;
          const ab = h[item.id]?.[next.id] ?? 0;
          const ba = h[next.id]?.[item.id] ?? 0;
          expect(ab).toBeGreaterThanOrEqual(ba);
          if (ab === ba) expect(item.label <= next.label).toBe(true);
        });
      }),
    );
  });

  it('finds the Condorcet winner even when it is not first by mean position', () => {
    const a = ['a', 'b', 'c'];
    const b = ['b', 'c', 'a'];
    const results = summarize(tallyOf([a, a, a, b, b]), items('a', 'b', 'c'));
    expect(ids(results)[0]).toBe('b');
    expect(results.condorcetWinner).toBe('a');
  });

  it('has no Condorcet winner for a cycle, a tie, or no submissions', () => {
    const three = items('a', 'b', 'c');
    const cycle = tallyOf([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
    ]);
    expect(summarize(cycle, three).condorcetWinner).toBeNull();
    const tie = tallyOf([
      ['a', 'b'],
      ['b', 'a'],
    ]);
    expect(summarize(tie, items('a', 'b')).condorcetWinner).toBeNull();
    expect(summarize(emptyTally(), three).condorcetWinner).toBeNull();
  });

  it('reports the Condorcet winner exactly when one exists', () => {
    fc.assert(
      fc.property(game, ({ pool, rankings }) => {
        const results = summarize(tallyOf(rankings), items(...pool));
        const h = results.headToHead;
        const beats = (x: string, y: string) => (h[x]?.[y] ?? 0) > (h[y]?.[x] ?? 0);
        const winners = pool.filter(
          (x) => rankings.length > 0 && pool.every((y) => x === y || beats(x, y)),
        );
        expect(results.condorcetWinner).toBe(winners[0] ?? null);
        if (rankings.length > 0 && rankings.every((r) => r[0] === rankings[0]?.[0])) {
          expect(results.condorcetWinner).toBe(rankings[0]?.[0]);
        }
      }),
    );
  });

  it('ignores tally entries for items no longer in the game', () => {
    const tally = tallyOf([
      ['gone', 'a', 'b'],
      ['a', 'gone', 'b'],
    ]);
    const results = summarize(tally, items('a', 'b'));
    expect(ids(results)).toStrictEqual(['a', 'b']);
    expect(results.headToHead).toStrictEqual({ a: { b: 2 } });
    // Old positions past the current item count fold into the last place.
    expect(results.items[1]?.distribution).toStrictEqual([0, 2]);
    expect(results.items[1]?.meanPosition).toBe(2);
    expect(results.condorcetWinner).toBe('a');
  });

  it('puts a unanimous ranking in its own order', () => {
    fc.assert(
      fc.property(
        itemIds.chain((pool) => permutation(pool)),
        fc.integer({ min: 1, max: 4 }),
        (ranking, copies) => {
          const results = summarize(
            tallyOf(Array.from({ length: copies }, () => ranking)),
            items(...ranking),
          );
          expect(ids(results)).toStrictEqual(ranking);
          expect(agreement(ranking, ids(results))).toBe(ranking.length > 1 ? 100 : null);
        },
      ),
    );
  });
});

describe('agreement', () => {
  it('is 100 for the same order, 0 for the reverse, null with under two common items', () => {
    expect(agreement(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(100);
    expect(agreement(['c', 'b', 'a'], ['a', 'b', 'c'])).toBe(0);
    expect(agreement(['a', 'x'], ['a', 'b'])).toBeNull();
    expect(agreement([], [])).toBeNull();
  });

  it('counts agreeing pairs over the common items only', () => {
    // One of three pairs swapped.
    expect(agreement(['b', 'a', 'c'], ['a', 'b', 'c'])).toBeCloseTo(200 / 3, 9);
    expect(agreement(['c', 'new', 'a'], ['a', 'gone', 'c'])).toBe(0);
  });

  it('is 100 for identical, 0 for reversed, and complementary and symmetric in general', () => {
    fc.assert(
      fc.property(
        itemIds
          .filter((pool) => pool.length >= 2)
          .chain((pool) => fc.tuple(permutation(pool), permutation(pool))),
        ([ranking, consensus]) => {
          const score = agreement(ranking, consensus);
          expect(agreement(ranking, ranking)).toBe(100);
          expect(agreement([...ranking].reverse(), ranking)).toBe(0);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
          expect(agreement(consensus, ranking)).toBeCloseTo(score ?? NaN, 9);
          expect(agreement([...ranking].reverse(), consensus)).toBeCloseTo(100 - (score ?? 0), 9);
        },
      ),
    );
  });
});
