/**
 * The players limit under concurrent submits: never exceeded, nothing duplicated, resubmissions
 * never counted twice. On PostgreSQL (where races are real) the 200-players/limit-50 case runs
 * 20 times, spread over two server instances on one database, so it is the game row lock (not
 * one process's queue) that keeps the count exact; on PGlite once, on one instance.
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import { game, gameTally, submission } from '../../src/server/db/schema/games';
import { playedGame } from '../../src/server/db/schema/players';
import { startServer, type RunningServer } from '../../src/server/server';
import type { TestClient } from '../support/client';
import { testConfig, testDatabases } from '../support/server';
import { ids, shuffled, useServer, type Harness, type SubmitBody, resultsView } from './harness';

const PLAYERS = 200;
const LIMIT = 50;

const closedBody = {
  error: { code: 'permission-denied', message: LIFECYCLE_MESSAGES.closed, closed: true },
};

/** Signs in `n` guests, a few at a time; each has its own IP (guest sign-in is rate limited). */
async function signInGuests(h: Harness, n: number): Promise<TestClient[]> {
  const guests: TestClient[] = [];
  while (guests.length < n) {
    const batch = Math.min(25, n - guests.length);
    guests.push(...(await Promise.all(Array.from({ length: batch }, () => h.guest()))));
  }
  return guests;
}

async function stored(h: Harness, gameId: string) {
  const db = h.server.database.db;
  const [[rows], [played], [tally], [row]] = await Promise.all([
    db.select({ n: count() }).from(submission).where(eq(submission.gameId, gameId)),
    db.select({ n: count() }).from(playedGame).where(eq(playedGame.gameId, gameId)),
    db.select().from(gameTally).where(eq(gameTally.gameId, gameId)),
    db.select({ closed: game.closed }).from(game).where(eq(game.id, gameId)),
  ]);
  return { rows: rows?.n, played: played?.n, tally, closed: row?.closed };
}

describe.each(testDatabases)('players limit under concurrency on %s', (kind) => {
  const authSecret = randomBytes(32).toString('base64url');
  const h = useServer(kind, { env: { AUTH_SECRET: authSecret } });
  const repetitions = kind === 'postgres' ? 20 : 1;
  let guests: TestClient[] = [];
  /** On PostgreSQL, a second instance on the same database; half the players talk to it. */
  let second: RunningServer | undefined;

  beforeAll(async () => {
    const raw = h.server.database.raw;
    if (raw.kind === 'postgres') {
      second = await startServer(
        await testConfig({ DATABASE_URL: raw.url, AUTH_SECRET: authSecret }),
      );
    }
    guests = await signInGuests(h, PLAYERS);
  }, 120_000);

  // Registered after useServer's: runs first, before the database is dropped.
  afterAll(async () => {
    await second?.close();
  });

  /** Player i on instance A or (every other one, on PostgreSQL) instance B. */
  function via(i: number): TestClient {
    const guest = guests[i]!;
    return second && i % 2 === 1 ? guest.at(second.url) : guest;
  }

  it(`${PLAYERS} players at once on a limit of ${LIMIT}: exactly ${LIMIT} accepted, ${repetitions}x`, async () => {
    const owner = await h.user();
    for (let round = 1; round <= repetitions; round++) {
      const created = await h.createGame(owner, ['A', 'B', 'C', 'D', 'E'], undefined, {
        sizeLimit: LIMIT,
      });
      const rankings = guests.map(() => shuffled(ids(created)));
      const responses = await Promise.all(
        guests.map((_, i) => h.submit(via(i), created.id, rankings[i])),
      );

      const accepted = responses.flatMap((response, i) => (response.status === 200 ? [i] : []));
      const refused = responses.filter((response) => response.status !== 200);
      expect({ round, accepted: accepted.length }).toEqual({ round, accepted: LIMIT });
      expect(refused.map((response) => response.status)).toEqual(refused.map(() => 403));
      expect(refused.every((r) => JSON.stringify(r.body) === JSON.stringify(closedBody))).toBe(
        true,
      );
      // Each accepted submission was counted once, in some order: counts 1..50 exactly once.
      const counts = accepted.map((i) => (responses[i]!.body as SubmitBody).submissionCount);
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: LIMIT }, (_, i) => i + 1));
      expect(
        accepted.filter((i) => (responses[i]!.body as { closed?: boolean }).closed === true),
      ).toHaveLength(1);

      const db = await stored(h, created.id);
      expect({ round, ...db, tally: db.tally?.submissions }).toEqual({
        round,
        rows: LIMIT,
        played: LIMIT,
        tally: LIMIT,
        closed: true,
      });
      expect(db.tally?.version).toBe(LIMIT);
      // The tally holds exactly the accepted rankings.
      const expected = accepted.reduce<Tally>((t, i) => addRanking(t, rankings[i]!), emptyTally());
      expect(db.tally?.tally).toEqual(expected);
      const results = await h.results(owner, created.id);
      expect(results.body.results).toEqual(resultsView(expected, created.items, null));
    }
  }, 300_000);

  it('concurrent resubmits by one player leave one row and count once', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner, ['A', 'B', 'C', 'D'], undefined, { sizeLimit: 2 });
    const player = guests[0]!;
    const attempts = Array.from({ length: 10 }, () => shuffled(ids(created)));
    const responses = await Promise.all(
      attempts.map((ranking, i) =>
        h.submit(second && i % 2 ? player.at(second.url) : player, created.id, ranking, {
          name: `try ${i}`,
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(attempts.map(() => 200));
    expect(responses.map((r) => r.body.submissionCount)).toEqual(attempts.map(() => 1));
    const db = await stored(h, created.id);
    expect(db).toMatchObject({ rows: 1, played: 1, closed: false });
    expect(db.tally).toMatchObject({ submissions: 1, version: 10 });
    const mine = (await h.getGame(player, created.id)).body.mySubmission!;
    expect(mine.ranking).toEqual(attempts[Number(mine.name.slice(4))]);
    expect(db.tally?.tally).toEqual(addRanking(emptyTally(), mine.ranking));

    // A second player reaches the limit.
    const last = await h.submit(guests[1]!, created.id, ids(created));
    expect(last.body).toMatchObject({ submissionCount: 2, closed: true });
  });

  it('players already in resubmitting while newcomers race: the limit still holds', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner, ['A', 'B', 'C'], undefined, { sizeLimit: 5 });
    const insiders = [0, 1, 2].map(via);
    const newcomers = Array.from({ length: 20 }, (_, i) => via(3 + i));
    for (const insider of insiders) {
      expect((await h.submit(insider, created.id, ids(created))).status).toBe(200);
    }
    const [fromInsiders, fromNewcomers] = await Promise.all([
      Promise.all(insiders.map((p) => h.submit(p, created.id, shuffled(ids(created))))),
      Promise.all(newcomers.map((p) => h.submit(p, created.id, shuffled(ids(created))))),
    ]);
    expect(fromNewcomers.filter((r) => r.status === 200)).toHaveLength(2);
    for (const response of [...fromInsiders, ...fromNewcomers]) {
      if (response.status !== 200) expect(response.body).toEqual(closedBody);
    }
    const db = await stored(h, created.id);
    expect(db).toMatchObject({ rows: 5, closed: true });
    expect(db.tally?.submissions).toBe(5);
  });
});
