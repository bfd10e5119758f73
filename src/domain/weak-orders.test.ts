/**
 * Weak-order ballots (issue 25, decision 0043): a full ranking counts exactly as before; ties and
 * unranked items follow the documented rule in every method; the tally is canonical and equals a
 * recount for any mix of kinds.
 */
import { agreement, orderAgreement } from './agreement';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupsOfRanking, type Groups } from './ballot';
import { crowdTiers } from './crowd-tiers';
import type { Item } from './game';
import { bordaOrder, bordaPoints, irvOrder, meanOrder, schulzeOrder } from './methods';
import {
  addRanking,
  emptyTally,
  replaceBallots,
  summarize,
  tallyOfBallots,
  type ItemResult,
  type Results,
  type Tally,
  type WeakOrder,
} from './results';

const POOL = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
const itemsOf = (ids: readonly string[]): Item[] =>
  ids.map((id) => ({ id, label: id.toUpperCase() }));

// ---- The counting before weak orders (commit a9a1d56), kept as the oracle for full rankings ----

function legacyAdd(tally: Tally, ranking: readonly string[]): Tally {
  const next: Tally = structuredClone(tally);
  next.submissions += 1;
  ranking.forEach((id, p) => {
    const stats = Object.hasOwn(next.items, id)
      ? next.items[id]!
      : (next.items[id] = { sum: 0, first: 0, dist: [] });
    while (stats.dist.length <= p) stats.dist.push(0);
    stats.dist[p]! += 1;
    stats.sum += p + 1;
    if (p === 0) stats.first += 1;
  });
  ranking.forEach((a, i) => {
    const row = Object.hasOwn(next.wins, a) ? next.wins[a]! : (next.wins[a] = {});
    for (const b of ranking.slice(i + 1)) row[b] = (Object.hasOwn(row, b) ? row[b]! : 0) + 1;
    if (Object.keys(row).length === 0) delete next.wins[a];
  });
  return next;
}

function legacySummarize(tally: Tally, items: readonly Item[]): Results {
  const n = items.length;
  const stats = items.map((item) => {
    const distribution = new Array<number>(n).fill(0);
    (Object.hasOwn(tally.items, item.id) ? tally.items[item.id]!.dist : []).forEach((c, p) => {
      distribution[Math.min(p, n - 1)]! += c;
    });
    let count = 0;
    let positionSum = 0;
    let squareSum = 0;
    distribution.forEach((c, p) => {
      count += c;
      positionSum += (p + 1) * c;
      squareSum += (p + 1) ** 2 * c;
    });
    const mean = count > 0 ? positionSum / count : null;
    const spread = mean === null ? 0 : Math.sqrt(Math.max(0, squareSum / count - mean * mean));
    const result: ItemResult = {
      id: item.id,
      label: item.label,
      meanPosition: mean,
      firstShare: tally.submissions > 0 ? distribution[0]! / tally.submissions : 0,
      distribution,
      contested: n > 1 ? Math.min(1, spread / ((n - 1) / 2)) : 0,
    };
    return { result, count, positionSum };
  });
  type S = (typeof stats)[number];
  const headToHead: Tally['wins'] = {};
  for (const a of items) {
    const kept: Record<string, number> = {};
    for (const b of items) {
      const c = tally.wins[a.id]?.[b.id];
      if (typeof c === 'number' && c > 0) kept[b.id] = c;
    }
    if (Object.keys(kept).length > 0) headToHead[a.id] = kept;
  }
  const d = (a: string, b: string) => headToHead[a]?.[b] ?? 0;
  const beats = (a: string, b: string) => d(a, b) > d(b, a);
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  const byName = (a: S, b: S) =>
    cmp(a.result.label, b.result.label) || cmp(a.result.id, b.result.id);
  const byMean = (a: S, b: S) => a.positionSum * b.count - b.positionSum * a.count;
  const ranked = stats.filter((s) => s.count > 0).sort((a, b) => byMean(a, b) || byName(a, b));
  const ordered: S[] = [];
  for (let start = 0; start < ranked.length;) {
    let end = start + 1;
    while (end < ranked.length && byMean(ranked[start]!, ranked[end]!) === 0) end++;
    const group = ranked.slice(start, end);
    const score = (s: S) =>
      group.reduce(
        (t, o) =>
          t + Number(beats(s.result.id, o.result.id)) - Number(beats(o.result.id, s.result.id)),
        0,
      );
    const scores = new Map(group.map((s) => [s, score(s)]));
    ordered.push(...group.sort((a, b) => scores.get(b)! - scores.get(a)!));
    start = end;
  }
  const ids = items.map((item) => item.id);
  return {
    submissions: tally.submissions,
    items: [...ordered, ...stats.filter((s) => s.count === 0).sort(byName)].map((s) => s.result),
    condorcetWinner:
      tally.submissions > 0
        ? (ids.find((a) => ids.every((b) => a === b || beats(a, b))) ?? null)
        : null,
    headToHead,
  };
}

// ---- The documented rules computed ballot by ballot: the oracle for every kind ----

/** Each item's place in one ballot over `ids`: a tied group's mean place; unranked: mean of k+1..n. */
function placesIn(ballot: WeakOrder, ids: readonly string[]): Map<string, number> {
  const places = new Map<string, number>();
  let start = 1;
  for (const group of ballot) {
    const members = group.filter((id) => ids.includes(id));
    for (const id of members) places.set(id, start + (members.length - 1) / 2);
    start += members.length;
  }
  const unrankedPlace = (start + ids.length) / 2;
  for (const id of ids) if (!places.has(id)) places.set(id, unrankedPlace);
  return places;
}

/** Group index per item of `ids`; unranked: Infinity. */
function groupOf(ballot: WeakOrder, id: string): number {
  const g = ballot.findIndex((group) => group.includes(id));
  return g === -1 ? Infinity : g;
}

function directResults(ballots: readonly WeakOrder[], items: readonly Item[]) {
  const ids = items.map((item) => item.id);
  const n = ids.length;
  const S = ballots.length;
  const places = ballots.map((ballot) => placesIn(ballot, ids));
  const perItem = ids.map((id) => {
    const ranked = ballots.filter((ballot) => groupOf(ballot, id) !== Infinity).length;
    const all = places.map((p) => p.get(id)!);
    const unrankedPlaces = ballots.flatMap((ballot, b) =>
      groupOf(ballot, id) === Infinity ? [places[b]!.get(id)!] : [],
    );
    const mean = ranked > 0 ? all.reduce((s, p) => s + p, 0) / S : null;
    // Spread: unranked placements at their own mean (decision 0043).
    const uMean = unrankedPlaces.length
      ? unrankedPlaces.reduce((s, p) => s + p, 0) / unrankedPlaces.length
      : 0;
    const squares =
      ballots.reduce(
        (s, ballot, b) => (groupOf(ballot, id) === Infinity ? s : s + places[b]!.get(id)! ** 2),
        0,
      ) +
      unrankedPlaces.length * uMean ** 2;
    const spread = mean === null ? 0 : Math.sqrt(Math.max(0, squares / S - mean * mean));
    const distribution = new Array<number>(n).fill(0);
    ballots.forEach((ballot, b) => {
      if (groupOf(ballot, id) === Infinity) return;
      const p = places[b]!.get(id)!;
      if (Number.isInteger(p)) distribution[p - 1]! += 1;
      else {
        distribution[Math.floor(p) - 1]! += 0.5;
        distribution[Math.floor(p)]! += 0.5;
      }
    });
    const borda = ranked > 0 ? places.reduce((s, p) => s + (n - p.get(id)!), 0) : null;
    return {
      id,
      mean,
      contested: n > 1 ? Math.min(1, spread / ((n - 1) / 2)) : 0,
      distribution,
      borda,
    };
  });
  const headToHead: Record<string, Record<string, number>> = {};
  for (const a of ids) {
    for (const b of ids) {
      if (a === b) continue;
      const count = ballots.filter((ballot) => groupOf(ballot, a) < groupOf(ballot, b)).length;
      if (count > 0) (headToHead[a] ??= {})[b] = count;
    }
  }
  return { perItem, headToHead };
}

// ---- Arbitraries: ballots of every kind over a random item list ----

const pool = fc.uniqueArray(fc.constantFrom(...POOL), { minLength: 1, maxLength: 7 });
const permutation = (ids: readonly string[]) =>
  fc.shuffledSubarray([...ids], { minLength: ids.length, maxLength: ids.length });
/** A full ranking, a top N, or tiers (some items in a random tier of `tiers`, some tiers empty). */
const ballotOf = (ids: readonly string[]): fc.Arbitrary<Groups> =>
  fc.oneof(
    permutation(ids).map(groupsOfRanking),
    permutation(ids).chain((order) =>
      fc.integer({ min: 0, max: order.length }).map((k) => groupsOfRanking(order.slice(0, k))),
    ),
    fc.integer({ min: 1, max: 4 }).chain((tiers) =>
      fc
        .array(fc.integer({ min: -1, max: tiers - 1 }), {
          minLength: ids.length,
          maxLength: ids.length,
        })
        .map((where) =>
          Array.from({ length: tiers }, (_, t) => ids.filter((_, i) => where[i] === t)),
        ),
    ),
  );
const mixedGame = pool.chain((ids) =>
  fc.record({ ids: fc.constant(ids), ballots: fc.array(ballotOf(ids), { maxLength: 10 }) }),
);
const fullGame = pool.chain((ids) =>
  fc.record({ ids: fc.constant(ids), rankings: fc.array(permutation(ids), { maxLength: 10 }) }),
);

const add = (tally: Tally, next: WeakOrder) => replaceBallots(tally, [{ previous: null, next }]);
const remove = (tally: Tally, previous: WeakOrder) =>
  replaceBallots(tally, [{ previous, next: null }]);

/** Plain JSON in canonical form: counts are integers (places in halves), no empty entries. */
function expectCanonical(tally: Tally): void {
  expect(JSON.parse(JSON.stringify(tally))).toStrictEqual(tally);
  for (const stats of Object.values(tally.items)) {
    expect(stats.dist.length > 0 || (stats.half?.length ?? 0) > 0).toBe(true);
    for (const counts of [stats.dist, stats.half, stats.tiers]) {
      if (!counts) continue;
      if (counts !== stats.dist) expect(counts.length).toBeGreaterThan(0);
      if (counts.length > 0) expect(counts.at(-1)).not.toBe(0);
      for (const c of counts) expect(Number.isInteger(c) && c >= 0).toBe(true);
    }
    expect(Number.isInteger(stats.sum * 2)).toBe(true);
  }
  for (const pairs of [tally.wins, tally.ties ?? { x: { y: 1 } }]) {
    for (const row of Object.values(pairs)) {
      expect(Object.keys(row).length).toBeGreaterThan(0);
      for (const count of Object.values(row)) expect(count).toBeGreaterThan(0);
    }
  }
  if (tally.ties) {
    expect(Object.keys(tally.ties).length).toBeGreaterThan(0);
    for (const [a, row] of Object.entries(tally.ties))
      for (const b of Object.keys(row)) expect(a < b).toBe(true);
  }
}

describe('a full ranking through the weak-order path', () => {
  it('gives the tally JSON, the results and every method exactly as before', () => {
    fc.assert(
      fc.property(fullGame, ({ ids, rankings }) => {
        const items = itemsOf(ids);
        const legacy = rankings.reduce(legacyAdd, emptyTally());
        const tally = rankings.reduce((t, r) => add(t, groupsOfRanking(r)), emptyTally());
        expect(JSON.stringify(tally)).toBe(JSON.stringify(legacy));
        expect(JSON.stringify(rankings.reduce(addRanking, emptyTally()))).toBe(
          JSON.stringify(legacy),
        );
        const results = summarize(tally, items);
        expect(JSON.stringify(results)).toBe(JSON.stringify(legacySummarize(legacy, items)));
        // Borda's points: n - p per ranking, as before.
        for (const item of results.items) {
          const n = ids.length;
          expect(bordaPoints(item)).toBe(
            rankings.reduce((s, r) => s + n - 1 - r.indexOf(item.id), 0),
          );
        }
        // Instant runoff: the plain path and the path for ties agree on plain ballots (an empty
        // group at the end sends the same ballots through the general path).
        const mean = meanOrder(results).order;
        const groups = rankings.map(groupsOfRanking);
        expect(irvOrder(groups, items, mean)).toStrictEqual(
          irvOrder(
            groups.map((g) => [...g, []]),
            items,
            mean,
          ),
        );
      }),
    );
  });

  it('agrees with the crowd exactly as before (tau-b is tau-a without ties)', () => {
    fc.assert(
      fc.property(
        pool.chain((ids) => fc.tuple(fc.constant(ids), permutation(ids), permutation(ids))),
        ([ids, mine, consensus]) => {
          expect(orderAgreement(groupsOfRanking(mine), groupsOfRanking(consensus), ids)).toBe(
            agreement(mine, consensus),
          );
        },
      ),
    );
  });
});

describe('the tally of weak orders', () => {
  it('add then remove restores the tally, as canonical JSON', () => {
    fc.assert(
      fc.property(mixedGame, mixedGame, ({ ballots: before }, { ballots: extra }) => {
        const start = before.reduce(add, emptyTally());
        const added = extra.reduce(add, start);
        expectCanonical(added);
        const restored = extra.reduceRight(remove, added);
        expect(JSON.stringify(restored)).toBe(JSON.stringify(start));
      }),
    );
  });

  it('a batch of resubmissions of every kind equals a recount of the last ballots', () => {
    const game = pool.chain((ids) =>
      fc.record({
        ids: fc.constant(ids),
        steps: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.option(ballotOf(ids))), {
          maxLength: 16,
        }),
        split: fc.integer({ min: 0, max: 16 }),
      }),
    );
    fc.assert(
      fc.property(game, ({ steps, split }) => {
        const held = new Map<number, Groups>();
        const changes = steps.map(([player, next]) => {
          const previous = held.get(player) ?? null;
          if (next) held.set(player, next);
          else held.delete(player);
          return { previous, next };
        });
        // Two batches, as the hot path may split them.
        const tally = replaceBallots(
          replaceBallots(emptyTally(), changes.slice(0, split)),
          changes.slice(split),
        );
        expect(tally).toStrictEqual(tallyOfBallots([...held.values()]));
        expectCanonical(tally);
      }),
    );
  });

  it('refuses an item twice, across groups too, and a ballot it does not hold', () => {
    expect(() => add(emptyTally(), [['a'], ['b', 'a']])).toThrow();
    expect(() => add(emptyTally(), [['a', '__proto__']])).toThrow();
    expect(() => remove(add(emptyTally(), [['a', 'b']]), [['a'], ['b']])).toThrow();
    expect(() => remove(emptyTally(), [[], []])).toThrow();
  });

  it('stores a tier ballot by tier and by mean place, and only pairs both ranked', () => {
    const tally = add(emptyTally(), [['a', 'b'], [], ['c']]);
    expect(tally).toStrictEqual({
      submissions: 1,
      items: {
        a: { sum: 1.5, first: 1, dist: [], half: [0, 1], tiers: [1] },
        b: { sum: 1.5, first: 1, dist: [], half: [0, 1], tiers: [1] },
        c: { sum: 3, first: 0, dist: [], half: [0, 0, 0, 0, 1], tiers: [0, 0, 1] },
      },
      wins: { a: { c: 1 }, b: { c: 1 } },
      ties: { a: { b: 1 } },
    });
  });
});

describe('summarize with ties and unranked items', () => {
  it('follows the documented rules, ballot by ballot, for any mix of kinds', () => {
    fc.assert(
      fc.property(mixedGame, ({ ids, ballots }) => {
        const items = itemsOf(ids);
        const results = summarize(tallyOfBallots(ballots), items);
        const direct = directResults(ballots, items);
        expect(results.headToHead).toStrictEqual(direct.headToHead);
        for (const expected of direct.perItem) {
          const item = results.items.find((i) => i.id === expected.id)!;
          if (expected.mean === null) expect(item.meanPosition).toBeNull();
          else expect(item.meanPosition).toBeCloseTo(expected.mean, 9);
          expect(item.contested).toBeCloseTo(expected.contested, 9);
          expect(item.distribution).toStrictEqual(expected.distribution);
          if (expected.borda !== null) expect(bordaPoints(item)).toBeCloseTo(expected.borda, 9);
        }
        // The consensus: means never decrease, items nobody ranked last.
        const means = results.items.map((i) => i.meanPosition ?? Infinity);
        expect(means).toStrictEqual([...means].sort((x, y) => x - y));
        // Schulze reads that matrix unchanged; every method orders every item once.
        for (const order of [bordaOrder(results), schulzeOrder(results)])
          expect([...order.order].sort()).toStrictEqual([...ids].sort());
      }),
    );
  });

  it('a tier list: tied items share their mean place, unranked ones the places after', () => {
    // Four items; one ballot puts A and B in the first tier, C in the third; D is left out.
    const items = itemsOf(['a', 'b', 'c', 'd']);
    const results = summarize(tallyOfBallots([[['a', 'b'], [], ['c']]]), items);
    const byId = Object.fromEntries(results.items.map((i) => [i.id, i]));
    expect(results.items.map((i) => [i.id, i.meanPosition])).toStrictEqual([
      ['a', 1.5],
      ['b', 1.5],
      ['c', 3],
      ['d', null],
    ]);
    expect(byId.a?.distribution).toStrictEqual([0.5, 0.5, 0, 0]);
    expect(byId.a?.firstShare).toBe(0.5);
    expect(byId.d?.meanPosition).toBeNull();
    // Head to head: no preference between A and B; both beat C and D; C beats D.
    expect(results.headToHead).toStrictEqual({
      a: { c: 1, d: 1 },
      b: { c: 1, d: 1 },
      c: { d: 1 },
    });
    // Borda: places 1 and 2 (3 and 2 points of n - p) split, 2.5 each; C 1; D 0.
    expect(results.items.map(bordaPoints)).toStrictEqual([2.5, 2.5, 1, 0]);
  });

  it('a top 2 of 4: the two unranked items tie for places 3 and 4', () => {
    const items = itemsOf(['a', 'b', 'c', 'd']);
    const results = summarize(
      tallyOfBallots([groupsOfRanking(['a', 'b']), groupsOfRanking(['c', 'a'])]),
      items,
    );
    const byId = Object.fromEntries(results.items.map((i) => [i.id, i]));
    // A: 1 and 2; B: 2 and 3.5 (unranked in the second ballot); C: 3.5 and 1; D: never ranked.
    expect(byId.a?.meanPosition).toBe(1.5);
    expect(byId.b?.meanPosition).toBe(2.75);
    expect(byId.c?.meanPosition).toBe(2.25);
    expect(byId.b?.unranked).toStrictEqual({ count: 1, places: 3.5 });
    expect(byId.b?.distribution).toStrictEqual([0, 1, 0, 0]);
    expect(byId.d?.meanPosition).toBeNull();
    expect(results.items.map((i) => i.id)).toStrictEqual(['a', 'c', 'b', 'd']);
    // A beats B and D in both ballots (ranked against unranked in one), ties C 1-1.
    expect(results.headToHead.a).toStrictEqual({ b: 2, c: 1, d: 2 });
    // C and D are both unranked in the first ballot: no preference there.
    expect(results.headToHead.c).toStrictEqual({ a: 1, b: 1, d: 1 });
    expect(results.condorcetWinner).toBeNull();
  });
});

describe('instant runoff with ties', () => {
  it('splits a tied top group equally among its items still in', () => {
    const items = itemsOf(['a', 'b', 'c']);
    const ballots: Groups[] = [[['a', 'b']], [['a', 'b', 'c']], [['c']], [['b'], ['a']]];
    const irv = irvOrder(ballots, items, ['a', 'b', 'c']);
    // a: 1/2 + 1/3; b: 1/2 + 1/3 + 1; c: 1/3 + 1.
    expect(irv.rounds[0]).toStrictEqual({
      counts: { a: 0.833333333, b: 1.833333333, c: 1.333333333 },
      eliminated: 'a',
    });
    // a out: the first ballot is all b's, the second splits between b and c.
    expect(irv.rounds[1]).toStrictEqual({ counts: { b: 2.5, c: 1.5 }, eliminated: 'c' });
    expect(irv.winner).toBe('b');
    expect(irv.order).toStrictEqual(['b', 'c', 'a']);
  });

  it('equals a recount from scratch in every round, for any mix of kinds', () => {
    fc.assert(
      fc.property(mixedGame, ({ ids, ballots }) => {
        const items = itemsOf(ids);
        const mean = meanOrder(summarize(tallyOfBallots(ballots), items)).order;
        const irv = irvOrder(ballots, items, mean);
        const out = new Set<string>();
        for (const round of irv.rounds) {
          const counts: Record<string, number> = {};
          for (const id of mean) if (!out.has(id)) counts[id] = 0;
          for (const ballot of ballots) {
            const top = ballot.map((g) => g.filter((id) => id in counts)).find((g) => g.length);
            for (const id of top ?? []) counts[id]! += 1 / top!.length;
          }
          for (const id of Object.keys(counts))
            expect(round.counts[id]).toBeCloseTo(counts[id]!, 8);
          if (round.eliminated) {
            const fewest = Math.min(...Object.values(counts));
            expect(counts[round.eliminated]).toBeCloseTo(fewest, 8);
            out.add(round.eliminated);
          }
        }
      }),
    );
  });
});

describe('agreement of weak orders (Kendall tau-b)', () => {
  it('counts tied pairs as neither agreeing nor disagreeing', () => {
    const ids = ['a', 'b', 'c'];
    const consensus = groupsOfRanking(ids);
    // Ballot {a, b} > c: pairs a-c and b-c agree, a-b is tied. tau-b = 2 / sqrt(2 × 3).
    const tau = 2 / Math.sqrt(6);
    expect(orderAgreement([['a', 'b'], ['c']], consensus, ids)).toBeCloseTo(
      (100 * (tau + 1)) / 2,
      12,
    );
    // A top 1 is the same ballot when c is left unranked; unranked ids count, unknown ids do not.
    expect(orderAgreement([['c']], consensus, ids)).toBeCloseTo(
      orderAgreement([['c'], ['a', 'b']], consensus, ids)!,
      12,
    );
    expect(orderAgreement([['x'], ['a'], ['b', 'c']], consensus, ids)).toBeCloseTo(
      orderAgreement([['a'], ['b', 'c']], consensus, ids)!,
      12,
    );
    // Nothing to compare: one item, or everything tied on one side.
    expect(orderAgreement([['a']], consensus, ['a'])).toBeNull();
    expect(orderAgreement([], consensus, ids)).toBeNull();
    expect(orderAgreement([ids], consensus, ids)).toBeNull();
  });

  it('is symmetric, 100 for the same order and 0 for the reverse', () => {
    fc.assert(
      fc.property(
        pool.chain((ids) => fc.tuple(fc.constant(ids), ballotOf(ids), ballotOf(ids))),
        ([ids, a, b]) => {
          const score = orderAgreement(a, b, ids);
          const back = orderAgreement(b, a, ids);
          if (score === null || back === null) {
            expect(back).toBe(score);
            return;
          }
          expect(back).toBeCloseTo(score, 9);
          expect(score).toBeGreaterThanOrEqual(-1e-9);
          expect(score).toBeLessThanOrEqual(100 + 1e-9);
          expect(orderAgreement(a, a, ids)).toBeCloseTo(100, 9);
          const reversed = [...a, ids.filter((id) => !a.some((g) => g.includes(id)))].reverse();
          expect(orderAgreement(reversed, a, ids)).toBeCloseTo(0, 9);
        },
      ),
    );
  });
});

describe('the crowd’s tier list', () => {
  it('puts each item in the tier its mean rounds to, the pool left out of the mean', () => {
    const items = itemsOf(['a', 'b', 'c', 'd', 'e']);
    const tally = tallyOfBallots([
      [['a'], ['b', 'c'], []],
      [['a', 'b'], [], ['c']],
      [[], ['a'], ['b']],
    ]);
    const { tiers, pool: left } = crowdTiers(tally, items, 3);
    // a: tiers 0, 0, 1 → 1/3 → S; b: 1, 0, 2 → 1 → A; c: 1, 2 → 1.5 → A (halfway: the better);
    // d, e: never placed → the pool.
    expect(tiers.map((tier) => tier.map((item) => item.id))).toStrictEqual([['a'], ['b', 'c'], []]);
    expect(left.map((item) => item.id)).toStrictEqual(['d', 'e']);
    const c = tiers[1]?.[1];
    expect(c).toStrictEqual({ id: 'c', label: 'C', meanTier: 1.5, counts: [0, 1, 1], pool: 1 });
  });

  it('reads plain ballots (one item per tier) by place, which is their tier', () => {
    const items = itemsOf(['a', 'b']);
    const tally = tallyOfBallots([
      [['a'], ['b']],
      [['b'], [], ['a']],
    ]);
    const { tiers } = crowdTiers(tally, items, 3);
    expect(tiers[0]?.map((i) => [i.id, i.counts])).toStrictEqual([['b', [1, 1, 0]]]);
    expect(tiers[1]?.map((i) => [i.id, i.counts])).toStrictEqual([['a', [1, 0, 1]]]);
  });
});
