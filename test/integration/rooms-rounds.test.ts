/**
 * Live rooms' rounds and upkeep (issue 27, decision 0054), over real HTTP on both databases: a
 * room player's ballot is taken during the game's round only (non-players are not held back,
 * and a game in no room pays no statement for it); the room counts who submitted in the round;
 * a guest who signs in keeps their places; old rooms are deleted; and on PostgreSQL, an instance
 * that did not move the room on (nor was running when it opened) decides on the room as it is.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_EXPIRY_MS, ROOM_RETENTION_MS, ROUND_GRACE_MS } from '../../src/domain/limits';
import { ROOM_MESSAGES, type RoomView, type RoomViewer } from '../../src/domain/rooms';
import { rows } from '../../src/server/db/rows';
import { room, roomPlayer } from '../../src/server/db/schema/rooms';
import { purgeOldRooms, RoundGate } from '../../src/server/rooms/public';
import { startServer, type RunningServer } from '../../src/server/server';
import { TestClient, tag } from '../support/client';
import { createPostgresDatabase, testConfig, testDatabases } from '../support/server';
import { errorOf, Harness, ids, statementsNaming, useServer } from './harness';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;

type RoomBody = { room: RoomView & RoomViewer };

function act(client: TestClient, code: string, action: string) {
  return client.request<RoomBody>('POST', `/api/rooms/${code}/${action}`);
}

async function join(client: TestClient, code: string, name: string) {
  const response = await client.request('POST', `/api/rooms/${code}/join`, { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
}

async function read(client: TestClient, code: string): Promise<RoomView & RoomViewer> {
  const response = await client.request<RoomBody>('GET', `/api/rooms/${code}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.room;
}

const notStarted = errorOf('aborted', ROOM_MESSAGES.roundNotStarted);
const roundClosed = errorOf('aborted', ROOM_MESSAGES.roundClosed);

/** A host, `games` games of theirs and a room over them, opened. */
async function openRoom(h: Harness, games = 2) {
  const host = await h.user('Host');
  const made = [];
  for (let i = 0; i < games; i++) made.push(await h.createGame(host));
  const created = await host.request<{ room: { id: string; code: string } }>('POST', '/api/rooms', {
    gameIds: made.map((game) => game.id),
    roundSeconds: 30,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { id, code } = created.body.room;
  expect((await act(host, code, 'open')).status).toBe(200);
  return { host, games: made, id, code };
}

/** The round's deadline and its grace passed (moved back rather than waited for). */
async function pastGrace(h: Harness, roomId: string) {
  await h.server.database.db
    .update(room)
    .set({ deadline: new Date(Date.now() - ROUND_GRACE_MS - 1000) })
    .where(eq(room.id, roomId));
}

describe.each(testDatabases)('live rooms’ rounds on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  describe.concurrent('', () => {
    it('takes a room player’s ballot during its game’s round only', async () => {
      const { host, games, id, code } = await openRoom(h);
      const [first, second] = games as [(typeof games)[0], (typeof games)[0]];
      const [player, outsider] = await Promise.all([h.guest(), h.guest()]);
      await join(player, code, 'Player');
      const order = ids(first);

      // Before the round: refused, saved progress too; someone not in the room is not held back.
      expect(await h.submit(player, first.id, order)).toMatchObject({
        status: 409,
        body: notStarted,
      });
      expect(await h.submit(player, first.id, order.slice(0, 1), { partial: true })).toMatchObject({
        status: 409,
        body: notStarted,
      });
      expect((await h.submit(outsider, first.id, order)).status).toBe(200);

      expect((await act(host, code, 'start')).status).toBe(200);
      expect((await h.submit(player, first.id, order)).status).toBe(200);
      expect((await h.submit(player, first.id, [...order].reverse())).status).toBe(200);
      // The next round's game waits for its round.
      expect(await h.submit(player, second.id, ids(second))).toMatchObject({
        status: 409,
        body: notStarted,
      });

      // Ended early by the host, and past the grace: closed.
      expect((await act(host, code, 'end-round')).status).toBe(200);
      await pastGrace(h, id);
      expect(await h.submit(player, first.id, order)).toMatchObject({
        status: 409,
        body: roundClosed,
      });
      expect((await h.submit(outsider, first.id, [...order].reverse())).status).toBe(200);
      expect((await act(host, code, 'reveal')).status).toBe(200);
      expect(await h.submit(player, first.id, order)).toMatchObject({
        status: 409,
        body: roundClosed,
      });

      expect((await act(host, code, 'next')).status).toBe(200);
      expect((await h.submit(player, second.id, ids(second))).status).toBe(200);
      expect(await h.submit(player, first.id, order)).toMatchObject({
        status: 409,
        body: roundClosed,
      });
      // The round's own deadline (no end-round) passed with its grace: closed.
      await pastGrace(h, id);
      expect(await h.submit(player, second.id, ids(second))).toMatchObject({
        status: 409,
        body: roundClosed,
      });

      // A closed room holds nobody back: its games are games like any other again.
      expect((await act(host, code, 'close')).status).toBe(200);
      expect((await h.submit(player, first.id, order)).status).toBe(200);
      expect((await h.submit(player, second.id, ids(second))).status).toBe(200);
    });

    it('holds back no one in a quiet (expired) room', async () => {
      const { host, games, id, code } = await openRoom(h, 1);
      const player = await h.guest();
      await join(player, code, 'Player');
      expect((await h.submit(player, games[0]!.id, ids(games[0]!))).status).toBe(409);
      await db()
        .update(room)
        .set({ lastActivityAt: new Date(Date.now() - ROOM_EXPIRY_MS - 1000) })
        .where(eq(room.id, id));
      expect((await read(host, code)).phase).toBe('closed');
      expect((await h.submit(player, games[0]!.id, ids(games[0]!))).status).toBe(200);
    });

    it('counts the players who submitted in the round', async () => {
      const { host, games, code } = await openRoom(h, 1);
      const game = games[0]!;
      const order = ids(game);
      const [ana, bo, outsider] = await Promise.all([h.guest(), h.guest(), h.guest()]);
      await join(ana, code, 'Ana');
      await join(bo, code, 'Bo');
      expect((await read(host, code)).submitted).toBeNull();
      // A ballot made before the room played the game is not the round's.
      expect((await h.submit(outsider, game.id, order)).status).toBe(200);

      const stream = await host.events(`/api/rooms/${code}/events`);
      try {
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ submitted: null });
        const started = await act(host, code, 'start');
        expect(started.body.room).toMatchObject({ phase: 'round', submitted: 0 });
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({
          phase: 'round',
          submitted: 0,
        });
      } finally {
        stream.close();
      }

      expect((await h.submit(ana, game.id, order)).status).toBe(200);
      expect((await read(bo, code)).submitted).toBe(1);
      // Saved progress is not a ballot; a player's ranking again is still one player.
      expect((await h.submit(bo, game.id, order.slice(0, 1), { partial: true })).status).toBe(200);
      expect((await h.submit(ana, game.id, [...order].reverse())).status).toBe(200);
      expect((await h.submit(outsider, game.id, [...order].reverse())).status).toBe(200);
      expect((await read(h.anonymous(), code)).submitted).toBe(1);
      expect((await h.submit(bo, game.id, order)).status).toBe(200);
      expect((await read(h.anonymous(), code)).submitted).toBe(2);

      const ended = await act(host, code, 'end-round');
      expect(ended.body.room).toMatchObject({ phase: 'ended', submitted: 2 });
      const revealed = await act(host, code, 'reveal');
      expect(revealed.body.room).toMatchObject({ phase: 'reveal', submitted: null });
      expect(revealed.body.room.podium.map((entry) => entry.name).sort()).toEqual(['Ana', 'Bo']);
    });

    it('keeps a guest’s places when they sign in: where both played, the better one', async () => {
      const [one, both, tie] = await Promise.all([openRoom(h, 1), openRoom(h, 1), openRoom(h, 1)]);
      const email = `room-account-${tag()}@example.test`;
      const account = new TestClient(h.url);
      await account.signUp({ name: 'Account', email, password: PASSWORD });
      const accountId = (await h.me(account)).id;
      const visitor = await h.guest();
      const guestId = (await h.me(visitor)).id;

      await join(visitor, one.code, 'Guest One');
      await join(visitor, both.code, 'Guest Both');
      await join(account, both.code, 'Account Both');
      await join(visitor, tie.code, 'Guest Tie');
      await join(account, tie.code, 'Account Tie');
      const points = async (roomId: string, userId: string, value: number) =>
        db()
          .update(roomPlayer)
          .set({ points: value })
          .where(and(eq(roomPlayer.roomId, roomId), eq(roomPlayer.userId, userId)));
      await points(both.id, guestId, 500);
      await points(both.id, accountId, 200);
      await points(tie.id, guestId, 300);
      await points(tie.id, accountId, 300);

      expect((await visitor.signIn({ email, password: PASSWORD })).status).toBe(200);
      expect((await h.me(visitor)).id).toBe(accountId);

      expect(await read(visitor, one.code)).toMatchObject({
        players: { count: 1 },
        me: { name: 'Guest One', points: 0 },
      });
      // Both were in: the place with more points stays, and the room counts one player.
      expect(await read(visitor, both.code)).toMatchObject({
        players: { count: 1, recent: ['Guest Both'] },
        me: { name: 'Guest Both', points: 500 },
      });
      // A tie: the account's own place stays.
      expect(await read(account, tie.code)).toMatchObject({
        players: { count: 1, recent: ['Account Tie'] },
        me: { name: 'Account Tie', points: 300 },
      });
      const left = await db()
        .select({ userId: roomPlayer.userId })
        .from(roomPlayer)
        .where(inArray(roomPlayer.roomId, [one.id, both.id, tie.id]));
      expect(left.map((row) => row.userId)).toEqual([accountId, accountId, accountId]);

      // Their place holds them to the round's time, as the account now.
      expect((await h.submit(visitor, one.games[0]!.id, ids(one.games[0]!))).status).toBe(409);
    });
  });

  describe('what it costs', () => {
    it('costs a game in no room no statement, and a room’s game one', async () => {
      const { host, games, id, code } = await openRoom(h, 1);
      const [player, plain] = await Promise.all([h.guest(), h.user('Plain')]);
      await join(player, code, 'Player');
      expect((await act(host, code, 'start')).status).toBe(200);
      const other = await h.createGame(plain);
      const roomStatements = (run: () => Promise<void>) => statementsNaming(h, 'room_player', run);
      expect(
        await roomStatements(async () => {
          expect((await h.submit(player, other.id, ids(other))).status).toBe(200);
        }),
      ).toBe(0);
      // The room's game: one look-up, which names the room.
      expect(
        await statementsNaming(h, id, async () => {
          expect((await h.submit(player, games[0]!.id, ids(games[0]!))).status).toBe(200);
        }),
      ).toBe(1);
      expect((await act(host, code, 'close')).status).toBe(200);
      // Closed: the game left the room's index, and costs nothing again.
      expect(
        await roomStatements(async () => {
          expect((await h.submit(player, games[0]!.id, ids(games[0]!))).status).toBe(200);
        }),
      ).toBe(0);
    });

    it('keeps one look-up of a room’s game under way: ballots asked meanwhile share the next', async () => {
      const { host, games, id, code } = await openRoom(h, 1);
      const players = await Promise.all(Array.from({ length: 6 }, () => h.guest()));
      for (const [i, player] of players.entries()) await join(player, code, `Gate ${i}`);
      expect((await act(host, code, 'start')).status).toBe(200);
      const playerIds = rows<{ user_id: string }>(
        await db().execute(sql`select user_id from ${roomPlayer} where room_id = ${id}`),
      ).map((row) => row.user_id);
      // A gate of its own (as an instance has), whose first look-up is held until the others
      // were asked, each in a turn of the event loop of its own.
      const gate = new RoundGate(db());
      await gate.refusal({ gameId: 'no-such-game', userId: playerIds[0]! });
      const raw = h.server.database.raw;
      const target = (raw.kind === 'pglite' ? raw.client : raw.pool) as unknown as {
        query: (...args: unknown[]) => Promise<unknown>;
      };
      const original = target.query;
      let lookups = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      target.query = async function (this: unknown, ...args: unknown[]) {
        if (JSON.stringify(args).includes(id) && ++lookups === 1) await held;
        return original.apply(this, args);
      };
      try {
        const answers: (Promise<string | null> | null)[] = [];
        for (const userId of playerIds) {
          answers.push(gate.refusal({ gameId: games[0]!.id, userId }));
          await new Promise((resolve) => setImmediate(resolve));
        }
        release();
        expect(await Promise.all(answers)).toEqual(playerIds.map(() => null));
      } finally {
        target.query = original;
      }
      // The first, then one for the five asked while it was under way (one a turn: six).
      expect(lookups).toBe(2);
    });

    it('deletes rooms closed or expired long ago, with their players, so many a sweep', async () => {
      const now = Date.now();
      const { id: oldClosed, code: oldClosedCode } = await openRoom(h, 1);
      const { id: oldExpired } = await openRoom(h, 1);
      const { id: recentClosed } = await openRoom(h, 1);
      const { id: recentExpired } = await openRoom(h, 1);
      const { id: live } = await openRoom(h, 1);
      const player = await h.guest();
      await join(player, oldClosedCode, 'Player');
      const age = (roomId: string, phase: string, msAgo: number) =>
        db()
          .update(room)
          .set({ phase, lastActivityAt: new Date(now - msAgo) })
          .where(eq(room.id, roomId));
      // Closed more than the retention ago; quiet long enough to have expired that long ago.
      await age(oldClosed, 'closed', ROOM_RETENTION_MS + 60_000);
      await age(oldExpired, 'lobby', ROOM_RETENTION_MS + ROOM_EXPIRY_MS + 120_000);
      // Closed a day short of it; expired (quiet for 7 days) but not for 7 days yet.
      await age(recentClosed, 'closed', ROOM_RETENTION_MS - DAY_MS);
      await age(recentExpired, 'lobby', ROOM_RETENTION_MS);

      // The oldest first, at most the limit a sweep.
      expect(await purgeOldRooms(db(), { now, limit: 1 })).toBe(1);
      const kept = async () =>
        (await db().select({ id: room.id }).from(room))
          .map((row) => row.id)
          .filter((roomId) =>
            [oldClosed, oldExpired, recentClosed, recentExpired, live].includes(roomId),
          );
      expect((await kept()).sort()).toEqual([oldClosed, recentClosed, recentExpired, live].sort());
      expect(await purgeOldRooms(db(), { now })).toBe(1);
      expect((await kept()).sort()).toEqual([recentClosed, recentExpired, live].sort());
      expect(await purgeOldRooms(db(), { now })).toBe(0);
      const players = await db()
        .select({ count: sql<number>`count(*)::int` })
        .from(roomPlayer)
        .where(eq(roomPlayer.roomId, oldClosed));
      expect(players[0]?.count).toBe(0);
      expect((await h.anonymous().request('GET', `/api/rooms/${oldClosedCode}`)).status).toBe(404);
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a live room’s rounds across instances (PostgreSQL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    let authSecret = '';
    const instances: RunningServer[] = [];
    const a = new Harness();

    const start = async () => {
      const instance = await startServer(
        await testConfig({ DATABASE_URL: database!.url, AUTH_SECRET: authSecret }),
      );
      instances.push(instance);
      return instance;
    };

    beforeAll(async () => {
      database = await createPostgresDatabase();
      authSecret = randomBytes(32).toString('base64url');
      a.server = { ...(await start()), kind: 'postgres' };
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await database?.drop();
    });

    it('decides on the room as it is, where the host moved it on elsewhere', async () => {
      const { host, games, id, code } = await openRoom(a, 1);
      const game = games[0]!;
      const phone = await a.guest();
      await join(phone, code, 'Phone');
      // An instance started after the room opened learns it from its start-up read.
      const b = (await start()).url;
      const onB = phone.at(b);
      expect(await a.submit(onB, game.id, ids(game))).toMatchObject({
        status: 409,
        body: notStarted,
      });
      const stream = await onB.events(`/api/rooms/${code}/events`);
      try {
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'lobby' });
        expect((await act(host, code, 'start')).status).toBe(200);
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'round' });
        expect((await a.submit(onB, game.id, ids(game))).status).toBe(200);
        expect((await read(host, code)).submitted).toBe(1);

        expect((await act(host, code, 'end-round')).status).toBe(200);
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'ended' });
        await pastGrace(a, id);
        expect(await a.submit(onB, game.id, ids(game))).toMatchObject({
          status: 409,
          body: roundClosed,
        });
        expect((await act(host, code, 'close')).status).toBe(200);
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'closed' });
        expect((await a.submit(onB, game.id, ids(game))).status).toBe(200);
      } finally {
        stream.close();
      }

      // A room opened on A once B runs: B learns its games from the opening's event.
      const next = await a.createGame(host);
      const created = await host.request<{ room: { code: string } }>('POST', '/api/rooms', {
        gameIds: [next.id],
      });
      const nextCode = created.body.room.code;
      const watching = await onB.events(`/api/rooms/${nextCode}/events`);
      try {
        expect(JSON.parse((await watching.nextEvent()).data)).toMatchObject({ phase: 'created' });
        expect((await act(host, nextCode, 'open')).status).toBe(200);
        expect(JSON.parse((await watching.nextEvent()).data)).toMatchObject({ phase: 'lobby' });
        await join(onB, nextCode, 'Phone');
        expect(await a.submit(onB, next.id, ids(next))).toMatchObject({
          status: 409,
          body: notStarted,
        });
      } finally {
        watching.close();
      }
    });

    it('reads the open rooms again when its listener was lost meanwhile', async () => {
      const b = instances[1] ?? (await start());
      const host = await a.user('Host');
      const game = await a.createGame(host);
      const created = await host.request<{ room: { code: string } }>('POST', '/api/rooms', {
        gameIds: [game.id],
      });
      const { code } = created.body.room;
      // As if PostgreSQL dropped the listeners: the opening's event may reach no one.
      const killed = rows(
        await a.server.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
        ),
      );
      expect(killed.length).toBeGreaterThanOrEqual(2);
      expect((await act(host, code, 'open')).status).toBe(200);
      const phone = await a.guest();
      await join(phone, code, 'Phone');
      // Once B listens again it reads the open rooms afresh: the room holds the phone back there.
      await expect
        .poll(
          async () =>
            (await a.submit(phone.at(b.url), game.id, ids(game).slice(0, 1), { partial: true }))
              .status,
          { timeout: 15_000 },
        )
        .toBe(409);
    });
  },
);
