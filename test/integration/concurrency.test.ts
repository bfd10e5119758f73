/** Concurrent submissions: nothing lost, nothing counted twice, one row per player. */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import { gameTally, submission } from '../../src/server/db/schema/games';
import { testDatabases } from '../support/server';
import { ids, shuffled, useServer, type EventData, resultsView } from './harness';

describe.concurrent.each(testDatabases)('concurrent submissions on %s', (kind) => {
  const h = useServer(kind);

  async function stored(gameId: string, userId?: string) {
    const db = h.server.database.db;
    const where = userId
      ? and(eq(submission.gameId, gameId), eq(submission.userId, userId))
      : eq(submission.gameId, gameId);
    const [rows] = await db.select({ n: count() }).from(submission).where(where);
    const [tally] = await db.select().from(gameTally).where(eq(gameTally.gameId, gameId));
    return { rows: rows?.n, tally };
  }

  it('30 guests submitting at once are all counted', async ({ onTestFinished }) => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['A', 'B', 'C', 'D', 'E']);
    const live = await owner.events(`/api/games/${game.id}/events`);
    onTestFinished(() => live.close());
    expect((await live.nextEvent()).event).toBe('snapshot');

    const guests = await Promise.all(Array.from({ length: 30 }, () => h.guest()));
    const rankings = guests.map(() => shuffled(ids(game)));
    const responses = await Promise.all(
      guests.map((guest, i) => h.submit(guest, game.id, rankings[i])),
    );
    expect(responses.map((r) => r.status)).toEqual(guests.map(() => 200));
    expect(new Set(responses.map((r) => r.body.submissionCount))).toEqual(
      new Set(Array.from({ length: 30 }, (_, i) => i + 1)),
    );

    expect((await h.getGame(owner, game.id)).body.submissionCount).toBe(30);
    const results = await h.results(owner, game.id);
    expect(results.body.results.submissions).toBe(30);
    const expected = resultsView(
      rankings.reduce<Tally>((t, r) => addRanking(t, r), emptyTally()),
      game.items,
      null,
    );
    expect(results.body.results).toEqual(expected);

    const db = await stored(game.id);
    expect(db.rows).toBe(30);
    expect(db.tally).toMatchObject({ submissions: 30, version: 30 });
    expect(db.tally?.tally.submissions).toBe(30);

    // The live stream ends on the final state; its event ids only ever go up.
    const seen: number[] = [];
    while (seen.at(-1) !== 30) {
      const message = await live.nextEvent(5000);
      const data = JSON.parse(message.data) as EventData;
      expect(message.id).toBe(String(data.version));
      seen.push(data.version);
    }
    expect(seen).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('10 concurrent resubmissions by one player leave one row and a count of 1', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['A', 'B', 'C', 'D']);
    const player = await h.guest();
    const rankings = Array.from({ length: 10 }, () => shuffled(ids(game)));
    const responses = await Promise.all(
      rankings.map((ranking, i) => h.submit(player, game.id, ranking, { name: `try ${i}` })),
    );
    expect(responses.map((r) => r.status)).toEqual(rankings.map(() => 200));
    expect(responses.map((r) => r.body.submissionCount)).toEqual(rankings.map(() => 1));

    const read = await h.getGame(player, game.id);
    expect(read.body.submissionCount).toBe(1);
    const final = read.body.mySubmission!;
    // The saved row is one of the attempts, whole (ranking and name from the same request).
    expect(final.name).toMatch(/^try \d$/);
    expect(final.ranking).toEqual(rankings[Number(final.name.slice(4))]);

    const results = await h.results(player, game.id);
    expect(results.body.results).toEqual(
      resultsView(addRanking(emptyTally(), final.ranking), game.items, 100),
    );
    const db = await stored(game.id);
    expect(db.rows).toBe(1);
    expect(db.tally).toMatchObject({ submissions: 1, version: 10 });
  });
});
