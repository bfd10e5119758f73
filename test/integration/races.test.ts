/**
 * Races (issue 22, rows 7, 10 and 11; decision 0033): the transaction helper retries deadlocks
 * and serialization failures and gives up with 409 after 5 attempts; a remix racing the deletion
 * of its original is a 404 that consumes no quota, never a 500; concurrent admin role changes
 * never deadlock into a 500. Races only mean something on PostgreSQL (PGlite runs one
 * transaction at a time): those tests are skipped on PGlite, and say so in their names.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { TRANSACTION_MAX_ATTEMPTS } from '../../src/domain/limits';
import { MESSAGES } from '../../src/domain/game';
import { rateLimit, user } from '../../src/server/db/schema/auth';
import { deletePlayer } from '../../src/server/games/mutations';
import { GameStates } from '../../src/server/games/state';
import { Submissions } from '../../src/server/games/submit';
import { KeyedQueue } from '../../src/server/platform/keyed-queue';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { expectTalliesMatchRecount } from '../support/recount';
import { ids, shuffled, useServer } from './harness';

const ON_POSTGRES = '(PostgreSQL only: PGlite runs one transaction at a time, so it cannot race)';

describe.each(testDatabases)('races on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;
  const onPglite = kind === 'pglite';

  async function makeAdmin(client: TestClient): Promise<string> {
    const me = await h.me(client);
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, me.id));
    return me.id;
  }

  it('gives up on a transaction that always loses its race after 5 attempts, with 409', async () => {
    let attempts = 0;
    const failing = db().transaction(async (tx) => {
      attempts += 1;
      // A real serialization failure, raised by the database itself.
      await tx.execute(
        sql.raw(
          `do $$ begin raise exception 'forced' using errcode = 'serialization_failure'; end $$`,
        ),
      );
    });
    const error = await failing.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('aborted');
    expect(attempts).toBe(TRANSACTION_MAX_ATTEMPTS);
    expect(TRANSACTION_MAX_ATTEMPTS).toBe(5);
  });

  it.skipIf(onPglite)(
    `runs again the transaction PostgreSQL picked as a deadlock's victim ${ON_POSTGRES}`,
    async () => {
      const keys = [Math.floor(Math.random() * 1e9), Math.floor(Math.random() * 1e9) + 1];
      let arrived = 0;
      let release!: () => void;
      const bothHoldTheirFirstLock = new Promise<void>((resolve) => (release = resolve));
      const attempts = [0, 0];
      // Each takes one advisory lock, waits until the other holds its own, then asks for the
      // other's: a deadlock on the first attempt, which PostgreSQL breaks by aborting one.
      const run = (me: 0 | 1) =>
        db().transaction(async (tx) => {
          attempts[me]! += 1;
          await tx.execute(sql`select pg_advisory_xact_lock(${keys[me]!})`);
          if (attempts[me] === 1) {
            arrived += 1;
            if (arrived === 2) release();
            await bothHoldTheirFirstLock;
          }
          await tx.execute(sql`select pg_advisory_xact_lock(${keys[1 - me]!})`);
          return me;
        });
      expect(await Promise.all([run(0), run(1)])).toEqual([0, 1]);
      // One of them was aborted once and ran again; neither failed.
      expect(attempts[0]! + attempts[1]!).toBe(3);
    },
  );

  it.skipIf(onPglite)(
    `answers 201 or 404 to 20 remixes racing the deletion of their original, never 500, and a 404 consumes no quota ${ON_POSTGRES}`,
    async () => {
      const owner = await h.user(`Owner ${tag()}`);
      const remixer = await h.user(`Remixer ${tag()}`);
      const remixerId = (await h.me(remixer)).id;
      const quotaCount = async () => {
        const [row] = await db()
          .select({ count: rateLimit.count })
          .from(rateLimit)
          .where(eq(rateLimit.key, `crowned:quota:create:${remixerId}`));
        return row?.count ?? 0;
      };
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const original = await h.createGame(owner, ['One', 'Two', 'Three']);
        const before = await quotaCount();
        const [remix, deletion] = await Promise.all([
          remixer.request('POST', `/api/games/${original.id}/remix`, {}),
          owner.request('DELETE', `/api/games/${original.id}`),
        ]);
        expect(deletion.status).toBe(200);
        expect([201, 404], JSON.stringify(remix.body)).toContain(remix.status);
        expect(await quotaCount()).toBe(remix.status === 201 ? before + 1 : before);
        statuses.push(remix.status);
      }
      expect(statuses).toHaveLength(20);
    },
  );

  it.skipIf(onPglite)(
    `never answers 500 to 20 concurrent admin role changes ${ON_POSTGRES}`,
    async () => {
      const admins = await Promise.all([0, 1, 2].map(() => h.user(`Admin ${tag()}`)));
      const adminIds = await Promise.all(admins.map(makeAdmin));
      const others = await Promise.all([0, 1, 2].map(() => h.user(`Target ${tag()}`)));
      const targetIds = [
        ...adminIds,
        ...(await Promise.all(others.map(async (o) => (await h.me(o)).id))),
      ];
      for (let round = 0; round < 5; round++) {
        // Admins granting and revoking each other, themselves and others, all at once.
        const responses = await Promise.all(
          Array.from({ length: 20 }, (_, i) => {
            const actor = admins[(i + round) % admins.length]!;
            const target = targetIds[(i * 7 + round * 3) % targetIds.length]!;
            const role = (i * 5 + round) % 3 === 0 ? 'admin' : 'user';
            return actor.request('POST', `/api/admin/users/${target}/role`, { role });
          }),
        );
        for (const response of responses) {
          // 200, the last-admin rule (400), or an actor revoked while it waited (403).
          expect([200, 400, 403], JSON.stringify(response.body)).toContain(response.status);
        }
        // Someone is still an admin; give the three their role back for the next round.
        const [left] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(user)
          .where(eq(user.role, 'admin'));
        expect(left?.n).toBeGreaterThan(0);
        for (const id of adminIds) {
          await db()
            .update(user)
            .set({ role: 'admin', adminGrantedBy: 'test-seed' })
            .where(eq(user.id, id));
        }
      }
    },
  );

  it('a guest deleting itself while its rankings are being saved leaves no ghost vote and no 500', async () => {
    const owner = await h.user(`Owner ${tag()}`);
    const games = await Promise.all(
      [0, 1, 2].map(() => h.createGame(owner, ['A', 'B', 'C', 'D', 'E'])),
    );
    const gameIds = games.map((game) => game.id);
    // Players who stay, so every game has rankings of its own to keep right.
    const stayers = await Promise.all([0, 1].map(() => h.guest()));
    for (const stayer of stayers) {
      for (const game of games) {
        expect((await h.submit(stayer, game.id, shuffled(ids(game)))).status).toBe(200);
      }
    }
    const statuses = new Set<number>();
    for (let round = 0; round < 12; round++) {
      const leaving = await h.guest();
      // Ranked one game before; now re-ranks it, ranks the others, and leaves, all at once.
      expect((await h.submit(leaving, games[0]!.id, shuffled(ids(games[0]!)))).status).toBe(200);
      const submits = games.flatMap((game) =>
        [0, 1].map(() => h.submit(leaving, game.id, shuffled(ids(game)))),
      );
      const leave = leaving.request('POST', '/api/auth/delete-anonymous-user', {});
      const others = stayers.map((stayer, i) => {
        const game = games[(round + i) % games.length]!;
        return h.submit(stayer, game.id, shuffled(ids(game)));
      });
      const answers = await Promise.all([...submits, leave, ...others]);
      for (const answer of answers) statuses.add(answer.status);
      expect((await leave).status, JSON.stringify((await leave).body)).toBe(200);
      for (const answer of await Promise.all(submits)) {
        // Saved before the deletion (then removed with it), or refused once the guest is gone.
        expect([200, 401], JSON.stringify(answer.body)).toContain(answer.status);
      }
      for (const answer of await Promise.all(others)) expect(answer.status).not.toBe(500);
    }
    expect(statuses.has(500)).toBe(false);
    // Count, tally and rows agree for every game: nothing of the guests is left counted.
    const summary = await expectTalliesMatchRecount(db(), { gameIds });
    expect(summary.submissions).toBe(stayers.length * games.length);
    for (const game of games) {
      expect((await h.getGame(owner, game.id)).body.submissionCount).toBe(stayers.length);
      expect((await h.results(owner, game.id)).body.results.submissions).toBe(stayers.length);
    }
  });

  it('refuses alone, with 401, a batch’s request whose player was deleted before it was written', async () => {
    const owner = await h.user(`Owner ${tag()}`);
    const game = await h.createGame(owner, ['A', 'B', 'C']);
    const run = tag();
    const [gone, stays, known] = ['gone', 'stays', 'known'].map((who) => `${who}-${run}`);
    await db()
      .insert(user)
      .values([gone!, stays!, known!].map((id) => ({ id, name: id, email: `${id}@example.test` })));
    const writer = new Submissions(db(), new GameStates(db()), new KeyedQueue());
    const order = ids(game);
    const input = (userId: string, ranking = order) => ({
      gameId: game.id,
      userId,
      name: userId,
      ranking,
      partial: false,
    });
    // This instance now keeps the game, and `known`'s ranking.
    expect((await writer.submit(input(known!))).count).toBe(1);
    await deletePlayer(db(), gone!);
    await deletePlayer(db(), known!);
    // `gone` is taken for a new player (its foreign key fails the one-statement write), `known`
    // for one whose ranking is still there (the guard finds it gone): both are refused alone,
    // under the game's lock; `stays` is written.
    const settled = await Promise.allSettled([
      writer.submit(input(gone!)),
      writer.submit(input(stays!, [...order].reverse())),
      writer.submit(input(known!, [...order].reverse())),
    ]);
    expect(settled.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    for (const refused of [settled[0], settled[2]]) {
      const reason = (refused as PromiseRejectedResult).reason as unknown;
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).code).toBe('unauthenticated');
      expect((reason as AppError).message).toBe(MESSAGES.mustSignInToSubmit);
    }
    expect((settled[1] as PromiseFulfilledResult<{ count: number }>).value.count).toBe(1);
    const summary = await expectTalliesMatchRecount(db(), { gameIds: [game.id] });
    expect(summary.submissions).toBe(1);
  });
});
