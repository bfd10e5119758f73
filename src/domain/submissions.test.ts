import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from './lifecycle';
import { addRanking, emptyTally, type Tally } from './results';
import { planBatch, RerankRefusal, type SavedRanking, type SubmissionRequest } from './submissions';

const items = ['a', 'b', 'c', 'd'].map((id) => ({ id, label: id.toUpperCase() }));
const open = { items, closed: false, sizeLimit: null, deadlineAt: null };
const recount = (rankings: readonly (readonly string[])[]) =>
  rankings.reduce<Tally>((tally, ranking) => addRanking(tally, ranking), emptyTally());
const final = (userId: string, ranking: string[]): SubmissionRequest => ({
  userId,
  name: userId,
  ranking,
  partial: false,
});

const request = fc.record({
  userId: fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5'),
  name: fc.constant('n'),
  partial: fc.boolean(),
  ranking: fc
    .shuffledSubarray(['a', 'b', 'c', 'd'], { minLength: 4, maxLength: 4 })
    .chain((full) => fc.integer({ min: 1, max: 4 }).map((n) => ({ full, n }))),
});
const toRequest = (r: {
  userId: string;
  name: string;
  partial: boolean;
  ranking: { full: string[]; n: number };
}): SubmissionRequest => ({
  userId: r.userId,
  name: r.name,
  partial: r.partial,
  ranking: r.partial ? r.ranking.full.slice(0, r.ranking.n) : r.ranking.full,
});

describe('planBatch', () => {
  it('ends on the tally of every player’s last final ranking, however the batch is split', () => {
    fc.assert(
      fc.property(fc.array(request, { maxLength: 40 }), fc.nat(40), (raw, cut) => {
        const requests = raw.map(toRequest);
        const one = planBatch(open, { tally: emptyTally(), previous: new Map() }, requests, 0);
        // The same requests in two batches, the second starting from what the first saved.
        const first = planBatch(
          open,
          { tally: emptyTally(), previous: new Map() },
          requests.slice(0, cut),
          0,
        );
        const saved = new Map<string, SavedRanking>(
          first.writes.map((w) => [w.userId, { ...w, at: 0 }]),
        );
        const second = planBatch(
          open,
          { tally: first.tally, previous: saved },
          requests.slice(cut),
          0,
        );
        expect(second.tally).toEqual(one.tally);
        const finals = new Map<string, string[]>();
        for (const r of requests) if (!r.partial) finals.set(r.userId, [...r.ranking!]);
        expect(one.tally).toEqual(recount([...finals.values()]));
        expect(one.firstPlays.sort()).toEqual([...finals.keys()].sort());
        expect(one.outcomes.every((o) => o.ok)).toBe(true);
      }),
    );
  });

  it('never counts past the players rule, and refuses what comes after it', () => {
    fc.assert(
      fc.property(
        fc.array(request, { maxLength: 30 }),
        fc.integer({ min: 1, max: 4 }),
        (raw, limit) => {
          const plan = planBatch(
            { ...open, sizeLimit: limit },
            { tally: emptyTally(), previous: new Map() },
            raw.map(toRequest),
            0,
          );
          expect(plan.tally.submissions).toBeLessThanOrEqual(limit);
          const closedAt = plan.outcomes.findIndex((o) => !o.ok);
          if (closedAt >= 0) {
            expect(plan.closes).toBe('players');
            expect(plan.outcomes.slice(closedAt).every((o) => !o.ok)).toBe(true);
          }
        },
      ),
    );
  });

  it('refuses the whole batch once the deadline has passed', () => {
    const plan = planBatch(
      { ...open, deadlineAt: 1000 },
      { tally: emptyTally(), previous: new Map() },
      [final('p1', ['a', 'b', 'c', 'd'])],
      1000,
    );
    expect(plan.closes).toBe('deadline');
    expect(plan.writes).toEqual([]);
    expect(plan.outcomes[0]).toMatchObject({
      ok: false,
      error: { message: LIFECYCLE_MESSAGES.closed },
    });
  });

  it('fails a bad ranking alone, and keeps a final ranking over later saved progress', () => {
    const plan = planBatch(
      open,
      { tally: emptyTally(), previous: new Map() },
      [
        final('p1', ['a', 'b', 'c', 'd']),
        final('p2', ['a', 'a', 'b', 'c']),
        { userId: 'p1', name: 'p1', ranking: ['d'], partial: true },
      ],
      0,
    );
    expect(plan.outcomes.map((o) => o.ok)).toEqual([true, false, true]);
    expect(plan.outcomes[2]).toMatchObject({ saved: { ranking: ['a', 'b', 'c', 'd'] } });
    expect(plan.writes).toEqual([
      expect.objectContaining({ userId: 'p1', ranking: ['a', 'b', 'c', 'd'], finals: 1 }),
    ]);
  });
});

describe('the re-ranking limit', () => {
  const limit = { max: 2, windowMs: 1000 };
  const saved = (over: Partial<SavedRanking> = {}): SavedRanking => ({
    name: 'p1',
    ranking: ['a', 'b', 'c', 'd'],
    groups: null,
    partial: false,
    at: 0,
    startedAt: 0,
    reranks: 0,
    reranksSince: null,
    ...over,
  });
  const state = (previous: SavedRanking | null) => ({
    tally: recount(previous && !previous.partial ? [previous.ranking] : []),
    previous: new Map(previous ? [['p1', previous]] : []),
  });

  it('counts only final rankings that replace a final one, and refuses past the limit', () => {
    const requests = [1, 2, 3].map(() => final('p1', ['d', 'c', 'b', 'a']));
    const plan = planBatch(open, state(saved()), requests, 5000, limit);
    expect(plan.outcomes.map((o) => o.ok)).toEqual([true, true, false]);
    const refused = plan.outcomes[2];
    expect(refused?.ok === false && refused.error).toBeInstanceOf(RerankRefusal);
    expect(refused?.ok === false && (refused.error as RerankRefusal).retryAfterMs).toBe(1000);
    expect(refused?.ok === false && refused.error.message).toBe(
      'You have re-ranked this game 2 times in the last hour. Try again in 1 minute.',
    );
    expect(plan.writes).toEqual([
      expect.objectContaining({ reranks: 2, reranksSince: 5000, finals: 2 }),
    ]);
    // A first final ranking (after saved progress) is not a re-ranking.
    const first = planBatch(open, state(saved({ partial: true })), [requests[0]!], 0, limit);
    expect(first.writes[0]).toMatchObject({ reranks: 0, reranksSince: null });
  });

  it('starts a new window once the last one has ended; without a limit, nothing is refused', () => {
    const full = saved({ reranks: 2, reranksSince: 1000 });
    const request = final('p1', ['d', 'c', 'b', 'a']);
    expect(planBatch(open, state(full), [request], 1999, limit).outcomes[0]?.ok).toBe(false);
    const later = planBatch(open, state(full), [request], 2000, limit);
    expect(later.outcomes[0]?.ok).toBe(true);
    expect(later.writes[0]).toMatchObject({ reranks: 1, reranksSince: 2000 });
    expect(planBatch(open, state(full), [request], 1999).outcomes[0]?.ok).toBe(true);
  });
});
