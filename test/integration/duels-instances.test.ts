/**
 * Duel games on two instances sharing one PostgreSQL database (issue 28, decision 0067): players
 * whose requests alternate between the instances, several at once, have every answer counted
 * once, are never offered a pair they answered, and keep a ballot made of all their answers.
 *
 * PostgreSQL only: PGlite is one process's embedded database, which no second instance can open.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDuelAnswers,
  pairKey,
  type DuelAnswer,
  type DuelStanding,
} from '../../src/domain/duels';
import type { GameView, ItemView } from '../../src/domain/game';
import { duelAnswer, gameTally, submission } from '../../src/server/db/schema/games';
import { startServer, type RunningServer } from '../../src/server/server';
import { tag, type TestClient } from '../support/client';
import { createPostgresDatabase, testConfig } from '../support/server';
import { Harness, type ResultsBody } from './harness';

type Progress = { answered: number; budget: number };
type Turn = { pair: [ItemView, ItemView]; progress: Progress } | { done: true; progress: Progress };
type DuelResults = ResultsBody & {
  results: ResultsBody['results'] & { duels?: { standings: DuelStanding[] } };
};

const PLAYERS = 4;
const LABELS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf'];

describe.skipIf(!process.env.TEST_DATABASE_URL)('duels across two instances (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  const instances: RunningServer[] = [];
  const h = new Harness();

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const authSecret = randomBytes(32).toString('base64url');
    for (let i = 0; i < 2; i++) {
      instances.push(
        await startServer(
          await testConfig({ DATABASE_URL: database.url, AUTH_SECRET: authSecret }),
        ),
      );
    }
    h.server = { ...instances[0]!, kind: 'postgres' };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    await database?.drop();
  });

  it('answers alternating between the instances are each counted once, and no pair comes twice', async () => {
    const [a, b] = instances.map((instance) => instance.url) as [string, string];
    const owner = await h.user('Owner');
    const created = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Duels on two instances ${tag()}`,
      items: LABELS,
      ballot: { kind: 'duel' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const game = created.body.game;
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => h.guest()));

    /** One player's whole game: each request on the other instance than the last. */
    const playAll = async (player: TestClient, index: number) => {
      const on = (step: number) => player.at((index + step) % 2 === 0 ? a : b);
      const offered: string[] = [];
      let acknowledged = 0;
      let step = 0;
      let next = (await on(step++).request<Turn>('GET', `/api/games/${game.id}/duel`)).body;
      while ('pair' in next) {
        const [x, y] = [next.pair[0].id, next.pair[1].id];
        offered.push(pairKey(x, y));
        const winner = step % 5 === 0 ? null : x < y ? x : y;
        const answered = await on(step++).request<{ next: Turn }>(
          'POST',
          `/api/games/${game.id}/duels`,
          { a: x, b: y, winner },
        );
        expect(answered.status, JSON.stringify(answered.body)).toBe(200);
        acknowledged += 1;
        // Every third answer, ask the other instance for the next pair instead of trusting it.
        next =
          step % 3 === 0
            ? (await on(step++).request<Turn>('GET', `/api/games/${game.id}/duel`)).body
            : answered.body.next;
      }
      return { offered, acknowledged, progress: next.progress };
    };
    const played = await Promise.all(players.map((player, i) => playAll(player, i)));

    const total = played.reduce((sum, each) => sum + each.acknowledged, 0);
    for (const each of played) {
      // Never the same pair twice, and done after the budget (or every pair).
      expect(new Set(each.offered).size).toBe(each.offered.length);
      expect(each.acknowledged).toBe(each.progress.budget);
      expect(each.progress.answered).toBe(each.acknowledged);
    }
    const db = h.server.database.db;
    const stored = await db
      .select({
        userId: duelAnswer.userId,
        a: duelAnswer.a,
        b: duelAnswer.b,
        winner: duelAnswer.winner,
      })
      .from(duelAnswer)
      .where(eq(duelAnswer.gameId, game.id));
    expect(stored).toHaveLength(total);
    const [tally] = await db.select().from(gameTally).where(eq(gameTally.gameId, game.id));
    expect(tally?.tally.duels).toEqual(addDuelAnswers(undefined, stored as DuelAnswer[]));
    expect(tally?.submissions).toBe(PLAYERS);

    // Each player's ballot ranks every item their answers met (none left out by an instance
    // that had not seen the answers made on the other).
    const ballots = await db
      .select({ userId: submission.userId, ranking: submission.ranking })
      .from(submission)
      .where(and(eq(submission.gameId, game.id), eq(submission.partial, false)));
    expect(ballots).toHaveLength(PLAYERS);
    for (const ballot of ballots) {
      const met = new Set(
        stored
          .filter((answer) => answer.userId === ballot.userId)
          .flatMap((answer) => [answer.a, answer.b]),
      );
      expect(new Set(ballot.ranking)).toEqual(met);
    }

    // Both instances' results count every answer once (the other one hears it by its event).
    for (const url of [a, b]) {
      await expect
        .poll(
          async () => {
            const results = await owner
              .at(url)
              .request<DuelResults>('GET', `/api/games/${game.id}/results`);
            const standings = results.body.results.duels?.standings ?? [];
            return {
              submissions: results.body.results.submissions,
              duels: standings.reduce((sum, standing) => sum + standing.duels, 0),
            };
          },
          { timeout: 10_000 },
        )
        .toEqual({ submissions: PLAYERS, duels: 2 * total });
    }
  });
});
