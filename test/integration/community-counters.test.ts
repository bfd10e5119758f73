/**
 * The Community's counters stay exact under concurrency (PostgreSQL only: PGlite runs one
 * statement at a time, so races there prove nothing). 1,000 first plays by different players at
 * once add exactly 1,000 to the rank's plays and the game's play count; a player's concurrent
 * resubmits add one play at most; 200 concurrent like/unlike toggles leave `likes` equal to the
 * number of like rows. A small sequential check of the same counters runs on every database.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { play } from '../../src/server/db/schema/players';
import { randomIp, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, shuffled, useServer, type Harness } from './harness';
import { community } from './community-harness';

const FIRST_PLAYS = 1000;
const LIKERS = 20;
const IN_FLIGHT = 250;
const TOGGLES_EACH = 10;

/** Runs `task` over `inputs` with at most `limit` in flight. */
async function mapLimit<T, R>(inputs: T[], limit: number, task: (input: T) => Promise<R>) {
  const results: R[] = new Array<R>(inputs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, inputs.length) }, async () => {
      while (next < inputs.length) {
        const index = next++;
        results[index] = await task(inputs[index] as T);
      }
    }),
  );
  return results;
}

/** The auth secret of the race server, so its session cookies can be made here. */
const AUTH_SECRET = randomBytes(32).toString('base64url');

/**
 * `n` guests (or accounts) with sessions, made in two statements rather than `n` sign-ins (which would take
 * most of this file's time): users and their sessions, and the signed session cookie
 * better-auth expects (`token.base64(HMAC-SHA256(secret, token))`).
 */
async function bulkClients(h: Harness, n: number, guests: boolean): Promise<TestClient[]> {
  const tokens = Array.from({ length: n }, () => randomBytes(24).toString('base64url'));
  const userIds = tokens.map(() => randomBytes(12).toString('hex'));
  const db = h.server.database.db;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, is_anonymous)
    select id, 'Bulk', id || '@bulk.example.test', false, ${guests}
    from unnest(${`{${userIds.join(',')}}`}::text[]) as id`);
  await db.execute(sql`
    insert into session (id, token, user_id, expires_at)
    select u.id || '-s', u.token, u.id, now() + interval '1 day'
    from unnest(${`{${userIds.join(',')}}`}::text[], ${`{${tokens.join(',')}}`}::text[]) as u(id, token)`);
  return tokens.map((token) => {
    const signature = createHmac('sha256', AUTH_SECRET).update(token).digest('base64');
    const jar = new Map([
      ['better-auth.session_token', encodeURIComponent(`${token}.${signature}`)],
    ]);
    return new TestClient(h.url, randomIp(), jar);
  });
}

function counters(h: Harness) {
  const c = community(h);
  return async (gameId: string, rankId: string) => {
    const [plays] = await h.server.database.db
      .select({ n: count() })
      .from(play)
      .where(eq(play.gameId, gameId));
    return {
      rankPlays: (await c.rankRow(rankId))?.plays,
      gamePlays: (await c.gameRow(gameId))?.playCount,
      playRows: plays?.n,
    };
  };
}

describe.concurrent.each(testDatabases)('community counters on %s', (kind) => {
  const h = useServer(kind);
  const c = community(h);
  const read = counters(h);

  it('counts a first final ranking as a play, and nothing else (saved progress, resubmits)', async () => {
    const owner = await h.user();
    const game = await c.published(owner, ['A', 'B', 'C', 'D']);
    const rankId = game.communityRankId!;
    const player = await h.guest();
    expect((await h.submit(player, game.id, ids(game).slice(0, 2), { partial: true })).status).toBe(
      200,
    );
    expect(await read(game.id, rankId)).toEqual({ rankPlays: 0, gamePlays: 0, playRows: 0 });
    expect((await h.submit(player, game.id, ids(game))).status).toBe(200);
    expect((await h.submit(player, game.id, shuffled(ids(game)))).status).toBe(200);
    expect((await h.submit(h.anonymous(), game.id, ids(game))).status).toBe(401);
    expect(await read(game.id, rankId)).toEqual({ rankPlays: 1, gamePlays: 1, playRows: 1 });
    const second = await h.user();
    expect((await h.submit(second, game.id, ids(game))).status).toBe(200);
    expect(await read(game.id, rankId)).toEqual({ rankPlays: 2, gamePlays: 2, playRows: 2 });
    expect((await c.rank(h.anonymous(), rankId)).body.rank.plays).toBe(2);
  });
});

describe.runIf(testDatabases.includes('postgres'))('community counter races on postgres', () => {
  const h = useServer('postgres', { env: { AUTH_SECRET } });
  const c = community(h);
  const read = counters(h);

  it(`${FIRST_PLAYS} concurrent first plays by different players add exactly ${FIRST_PLAYS}`, async () => {
    const owner = await h.user();
    const game = await c.published(owner, ['A', 'B', 'C', 'D', 'E']);
    const rankId = game.communityRankId!;
    const players = await bulkClients(h, FIRST_PLAYS, true);
    // All at once, up to IN_FLIGHT open connections (more overflow the server's listen backlog).
    const responses = await mapLimit(players, IN_FLIGHT, (player) =>
      h.submit(player, game.id, shuffled(ids(game))),
    );
    expect(responses.filter((response) => response.status !== 200)).toEqual([]);
    expect(await read(game.id, rankId)).toEqual({
      rankPlays: FIRST_PLAYS,
      gamePlays: FIRST_PLAYS,
      playRows: FIRST_PLAYS,
    });
  }, 180_000);

  it("a player's concurrent resubmits add one play at most", async () => {
    const owner = await h.user();
    const game = await c.published(owner, ['A', 'B', 'C']);
    const rankId = game.communityRankId!;
    const players = await Promise.all(Array.from({ length: 5 }, () => h.guest()));
    const responses = await Promise.all(
      players.flatMap((player) =>
        Array.from({ length: 20 }, () => h.submit(player, game.id, shuffled(ids(game)))),
      ),
    );
    expect(responses.filter((response) => response.status !== 200)).toEqual([]);
    expect(await read(game.id, rankId)).toEqual({ rankPlays: 5, gamePlays: 5, playRows: 5 });
  });

  it(`${LIKERS * TOGGLES_EACH} concurrent like/unlike toggles leave likes equal to the like rows`, async () => {
    const owner = await h.user();
    const rankId = (await c.published(owner)).communityRankId!;
    const likers = await bulkClients(h, LIKERS, false);
    const toggles = likers.flatMap((liker) =>
      Array.from({ length: TOGGLES_EACH }, () => ({ liker, liked: Math.random() < 0.5 })),
    );
    const responses = await Promise.all(
      shuffled(toggles).map(({ liker, liked }) => c.like(liker, rankId, liked)),
    );
    expect(responses.filter((response) => response.status !== 200)).toEqual([]);
    const after = await c.likeCounts(rankId);
    expect(after.likes).toBe(after.rows);

    // Everyone likes at once, several times each: exactly one like per account.
    const all = await Promise.all(
      likers.flatMap((liker) => Array.from({ length: 5 }, () => c.like(liker, rankId, true))),
    );
    expect(all.every((response) => response.status === 200)).toBe(true);
    expect(await c.likeCounts(rankId)).toEqual({ likes: LIKERS, rows: LIKERS });
    // And everyone unlikes at once.
    await Promise.all(
      likers.flatMap((liker) => Array.from({ length: 5 }, () => c.like(liker, rankId, false))),
    );
    expect(await c.likeCounts(rankId)).toEqual({ likes: 0, rows: 0 });
  });
});
