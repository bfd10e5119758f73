/**
 * Live rooms (issue 27), over real HTTP on both databases, one server for the file: starting a
 * room (owner of each game, a quota), joining (guests and accounts, nicknames unique, a full or
 * closed room), the host's actions and their phases, a whole game of two rounds scored from real
 * submissions, the live stream, a round past its deadline and a room past its expiry.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOM_EXPIRY_MS } from '../../src/domain/limits';
import { ROOM_MESSAGES, type RoomView, type RoomViewer } from '../../src/domain/rooms';
import { room } from '../../src/server/db/schema/rooms';
import { startServer, type RunningServer } from '../../src/server/server';
import type { SseStream, TestClient } from '../support/client';
import { createPostgresDatabase, testConfig, testDatabases } from '../support/server';
import { errorOf, Harness, ids, statementsNaming, useServer } from './harness';

const MAX_PLAYERS = 3;
const ROOMS_PER_HOUR = 3;

type RoomBody = { room: RoomView & RoomViewer };
type CreatedRoom = { room: { id: string; code: string } };

async function createRoom(h: Harness, host: TestClient, gameIds: string[], roundSeconds = 30) {
  const response = await host.request<CreatedRoom>('POST', '/api/rooms', { gameIds, roundSeconds });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.room;
}

function act(client: TestClient, code: string, action: string) {
  return client.request<RoomBody>('POST', `/api/rooms/${code}/${action}`);
}

function join(client: TestClient, code: string, name: unknown) {
  return client.request<{ player: { name: string; joined: boolean } }>(
    'POST',
    `/api/rooms/${code}/join`,
    { name },
  );
}

/**
 * The `join` messages of `stream` until one counts `players`: every name they carried, in order,
 * and the last count (each message must be a join).
 */
async function joinsUntil(stream: SseStream, players: number) {
  const names: string[] = [];
  for (;;) {
    const event = await stream.nextEvent();
    expect(event.event).toBe('join');
    const joined = JSON.parse(event.data) as { names: string[]; players: number };
    names.push(...joined.names);
    if (joined.players >= players) return { names, players: joined.players };
  }
}

async function read(client: TestClient, code: string): Promise<RoomView & RoomViewer> {
  const response = await client.request<RoomBody>('GET', `/api/rooms/${code}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.room;
}

describe.each(testDatabases)('live rooms on %s', (kind) => {
  const h = useServer(kind, {
    env: { LIMIT_ROOM_PLAYERS: String(MAX_PLAYERS), LIMIT_ROOMS_PER_HOUR: String(ROOMS_PER_HOUR) },
  });

  /** A host with a game of three items and a room over it, opened. */
  async function openRoom(games = 1) {
    const host = await h.user('Host');
    const made = [];
    for (let i = 0; i < games; i++) made.push(await h.createGame(host));
    const created = await createRoom(
      h,
      host,
      made.map((game) => game.id),
    );
    expect((await act(host, created.code, 'open')).status).toBe(200);
    return { host, games: made, code: created.code, id: created.id };
  }

  describe.concurrent('', () => {
    it('is started by the owner of every game, with a code of the alphabet', async () => {
      const [owner, other] = await Promise.all([h.user('Owner'), h.user('Other')]);
      const game = await h.createGame(owner);
      const created = await createRoom(h, owner, [game.id], 45);
      expect(created.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      // Codes are read without case.
      const shown = await read(h.anonymous(), created.code.toLowerCase());
      expect(shown).toMatchObject({
        code: created.code,
        phase: 'created',
        round: 0,
        roundCount: 1,
        roundSeconds: 45,
        deadline: null,
        gameId: null,
        players: { count: 0, recent: [] },
        submitted: null,
        podium: [],
        leaderboard: [],
        isHost: false,
        actions: [],
      });
      expect((await read(owner, created.code)).actions).toEqual(['open', 'close']);

      const otherGame = await h.createGame(other);
      const post = (client: TestClient, body: unknown) =>
        client.request('POST', '/api/rooms', body);
      expect(
        await post(other, { gameIds: [otherGame.id, game.id], roundSeconds: 30 }),
      ).toMatchObject({
        status: 403,
        body: errorOf('permission-denied', 'Not owner'),
      });
      expect((await post(owner, { gameIds: ['no-such-game'], roundSeconds: 30 })).status).toBe(404);
      expect((await post(await h.guest(), { gameIds: [game.id] })).status).toBe(401);
      expect((await post(h.anonymous(), { gameIds: [game.id] })).status).toBe(401);
      for (const [body, message] of [
        [{ gameIds: [game.id], roundSeconds: 29 }, ROOM_MESSAGES.roundSeconds],
        [{ gameIds: [game.id], roundSeconds: 301 }, ROOM_MESSAGES.roundSeconds],
        [{ gameIds: [game.id], roundSeconds: 30.5 }, ROOM_MESSAGES.roundSeconds],
        [{ gameIds: [game.id], roundSeconds: '60' }, ROOM_MESSAGES.roundSeconds],
        [{ gameIds: [] }, ROOM_MESSAGES.noGames],
        [{ gameIds: [game.id, game.id] }, ROOM_MESSAGES.repeatedGame],
        [{ gameIds: game.id }, 'Send gameIds as a list of game ids'],
      ] as const) {
        expect(await post(owner, body), JSON.stringify(body)).toMatchObject({
          status: 400,
          body: errorOf('invalid-argument', message),
        });
      }
      const raw = await owner.request('POST', '/api/rooms', undefined, { raw: '{"gameIds":' });
      expect(raw.status).toBe(400);

      // A round is one ballot within its time; a duel game is answered a pair at a time.
      const duels = await owner.request<{ game: { id: string } }>('POST', '/api/games', {
        prompt: 'Duels in a room?',
        items: ['Alpha', 'Beta', 'Gamma'],
        ballot: { kind: 'duel' },
      });
      expect(duels.status).toBe(201);
      expect(await post(owner, { gameIds: [game.id, duels.body.game.id] })).toMatchObject({
        status: 400,
        body: errorOf('invalid-argument', ROOM_MESSAGES.duelGame),
      });
    });

    it('is limited to so many rooms per host and hour', async () => {
      const host = await h.user('Busy host');
      const game = await h.createGame(host);
      for (let i = 0; i < ROOMS_PER_HOUR; i++) await createRoom(h, host, [game.id]);
      const over = await host.request('POST', '/api/rooms', { gameIds: [game.id] });
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((over.body as { error: { message: string } }).error.message).toMatch(
        /^You have started 3 rooms in the last hour\. Try again in \d+ minutes?\.$/,
      );
    });

    it('is joined by guests and accounts under unique nicknames, up to its players limit', async () => {
      const host = await h.user('Host');
      const game = await h.createGame(host);
      const { code } = await createRoom(h, host, [game.id]);
      const [guest, account, late, fourth] = await Promise.all([
        h.guest(),
        h.user('Ana Account'),
        h.guest(),
        h.guest(),
      ]);
      expect(await join(guest, code, 'Ana')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.notOpen),
      });
      expect((await act(host, code, 'open')).status).toBe(200);

      expect(await join(guest, code, '  Ana\u200b ')).toMatchObject({
        status: 201,
        body: { player: { name: 'Ana', joined: true } },
      });
      // Case and look-alike letters do not make another nickname.
      for (const taken of ['ANA', 'аna']) {
        expect(await join(account, code, taken)).toMatchObject({
          status: 409,
          body: errorOf('aborted', ROOM_MESSAGES.nameTaken),
        });
      }
      expect(await join(account, code, 'admin')).toMatchObject({
        status: 400,
        body: errorOf('invalid-argument', ROOM_MESSAGES.nameNotAllowed),
      });
      for (const bad of ['', '   ', 'x'.repeat(25), 12, null]) {
        expect((await join(account, code, bad)).status, JSON.stringify(bad)).toBe(400);
      }
      // One statement: the room locked, the player added and counted, the event sent.
      const statements = await statementsNaming(h, code, async () => {
        expect((await join(account, code, 'Bo')).status).toBe(201);
      });
      expect(statements).toBe(1);
      // A player who joined before gets their place back, with their nickname.
      expect(await join(guest, code, 'Someone else')).toMatchObject({
        status: 200,
        body: { player: { name: 'Ana', joined: false } },
      });
      expect((await join(late, code, 'Cy')).status).toBe(201);
      expect(await join(fourth, code, 'Di')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.full(MAX_PLAYERS)),
      });
      // Full, but not for those already in.
      expect((await join(late, code, 'Cy')).status).toBe(200);

      const lobby = await read(account, code);
      expect(lobby).toMatchObject({
        phase: 'lobby',
        players: { count: 3, recent: ['Cy', 'Bo', 'Ana'] },
        me: { name: 'Bo', points: 0, place: 1, lastRound: null },
        isHost: false,
      });
      expect((await join(h.anonymous(), code, 'Eve')).status).toBe(401);
      expect(await join(guest, 'ZZZZZZ', 'Ana')).toMatchObject({
        status: 404,
        body: errorOf('not-found', ROOM_MESSAGES.notFound),
      });
      expect((await join(guest, 'O0O0O0', 'Ana')).status).toBe(404);
      expect((await join(guest, 'x'.repeat(100), 'Ana')).status).toBe(400);

      expect((await act(host, code, 'close')).status).toBe(200);
      expect(await join(fourth, code, 'Di')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
      expect(await join(guest, code, 'Ana')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
    });

    it('counts concurrent joins exactly: the limit holds, a nickname is taken once', async () => {
      const { code } = await openRoom();
      const clients = await Promise.all(Array.from({ length: 8 }, () => h.guest()));
      const answers = await Promise.all(
        clients.map((client, i) => join(client, code, i < 4 ? 'Same' : `Player ${i}`)),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_PLAYERS);
      expect(statuses.filter((status) => status === 409)).toHaveLength(8 - MAX_PLAYERS);
      const names = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.body.player.name);
      expect(names.filter((name) => name === 'Same').length).toBeLessThanOrEqual(1);
      const shown = await read(h.anonymous(), code);
      expect(shown.players.count).toBe(MAX_PLAYERS);
      expect([...shown.players.recent].sort()).toEqual([...names].sort());
    });

    it('takes actions from its host only, each in its phase', async () => {
      const { host, code } = await openRoom();
      const [player, stranger] = await Promise.all([h.guest(), h.user('Stranger')]);
      expect((await join(player, code, 'Player')).status).toBe(201);
      for (const client of [player, stranger]) {
        expect(await act(client, code, 'start')).toMatchObject({
          status: 403,
          body: errorOf('permission-denied', ROOM_MESSAGES.notHost),
        });
      }
      expect((await act(h.anonymous(), code, 'start')).status).toBe(401);
      expect((await act(host, 'ZZZZZZ', 'start')).status).toBe(404);
      expect((await host.request('POST', `/api/rooms/${code}/dance`)).status).toBe(404);

      expect(await act(host, code, 'open')).toMatchObject({
        status: 409,
        body: errorOf(
          'aborted',
          'You cannot open the lobby now: the lobby is open. You can start the first round or close the room.',
        ),
      });
      expect(await act(host, code, 'reveal')).toMatchObject({
        status: 409,
        body: errorOf(
          'aborted',
          'You cannot reveal the results now: the lobby is open. You can start the first round or close the room.',
        ),
      });
      const started = await act(host, code, 'start');
      expect(started.status).toBe(200);
      expect(started.body.room).toMatchObject({
        phase: 'round',
        round: 1,
        actions: ['end-round', 'close'],
      });
      expect(await act(host, code, 'reveal')).toMatchObject({
        status: 409,
        body: errorOf(
          'aborted',
          'You cannot reveal the results now: a round is being played. You can end the round or close the room.',
        ),
      });
      expect((await act(host, code, 'next')).status).toBe(409);
      expect((await act(host, code, 'close')).status).toBe(200);
      expect(await act(host, code, 'open')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
    });

    it('plays rounds to the podium, with points from real submissions, live', async () => {
      const { host, games, code } = await openRoom(2);
      const [first, second] = games as [(typeof games)[0], (typeof games)[0]];
      const [ana, bo, cy, outsider] = await Promise.all([
        h.guest(),
        h.user('Bo Account'),
        h.guest(),
        h.guest(),
      ]);
      const stream = await ana.events(`/api/rooms/${code}/events`);
      try {
        const opened = await stream.nextEvent();
        expect(opened.event).toBe('room');
        expect(JSON.parse(opened.data)).toMatchObject({ code, phase: 'lobby', round: 0 });

        for (const [client, name] of [
          [ana, 'Ana'],
          [bo, 'Bo'],
          [cy, 'Cy'],
        ] as const) {
          expect((await join(client, code, name)).status).toBe(201);
        }
        // Joins come coalesced (join-feed.ts): the names in order, the last count exact.
        expect(await joinsUntil(stream, 3)).toEqual({ names: ['Ana', 'Bo', 'Cy'], players: 3 });

        // A ballot before the round is refused (rooms-rounds.test.ts has the whole rule).
        expect(await h.submit(cy, first.id, ids(first))).toMatchObject({
          status: 409,
          body: errorOf('aborted', ROOM_MESSAGES.roundNotStarted),
        });
        const started = await act(host, code, 'start');
        expect(started.status).toBe(200);
        const live = await stream.nextEvent();
        expect(live.event).toBe('room');
        const round = JSON.parse(live.data) as RoomView;
        expect(round).toMatchObject({ phase: 'round', round: 1, gameId: first.id });
        expect(round.deadline).toBe(started.body.room.deadline);
        expect(round.deadline! - round.serverTime).toBeGreaterThan(25_000);

        // The crowd: Alpha, Bravo, Charlie (an outsider's ballot counts for the crowd only).
        const order = ids(first);
        expect((await h.submit(outsider, first.id, order)).status).toBe(200);
        expect((await h.submit(ana, first.id, order)).status).toBe(200);
        expect((await h.submit(bo, first.id, [...order].reverse())).status).toBe(200);

        expect((await act(host, code, 'end-round')).body.room).toMatchObject({
          phase: 'ended',
          actions: ['reveal', 'close'],
        });
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'ended' });
        const revealed = await act(host, code, 'reveal');
        expect(revealed.status).toBe(200);
        expect(revealed.body.room).toMatchObject({
          phase: 'reveal',
          round: 1,
          podium: [
            { name: 'Ana', place: 1, points: 1000, agreement: 100 },
            { name: 'Bo', place: 2, points: 0, agreement: 0 },
          ],
          leaderboard: [
            { name: 'Ana', place: 1, points: 1000 },
            { name: 'Bo', place: 2, points: 0 },
            { name: 'Cy', place: 2, points: 0 },
          ],
          actions: ['next', 'close'],
        });
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({
          phase: 'reveal',
          podium: [{ name: 'Ana' }, { name: 'Bo' }],
        });
        expect((await read(ana, code)).me).toEqual({
          name: 'Ana',
          points: 1000,
          place: 1,
          lastRound: { round: 1, agreement: 100, points: 1000, place: 1 },
        });
        expect((await read(cy, code)).me).toEqual({
          name: 'Cy',
          points: 0,
          place: 2,
          lastRound: null,
        });
        // Revealed once: the points are not added again.
        expect((await act(host, code, 'reveal')).status).toBe(409);

        expect((await act(host, code, 'next')).body.room).toMatchObject({
          phase: 'round',
          round: 2,
          gameId: second.id,
          podium: [],
        });
        const secondOrder = ids(second);
        expect((await h.submit(outsider, second.id, secondOrder)).status).toBe(200);
        expect((await h.submit(bo, second.id, secondOrder)).status).toBe(200);
        expect((await act(host, code, 'end-round')).status).toBe(200);
        const last = await act(host, code, 'reveal');
        expect(last.body.room).toMatchObject({
          phase: 'reveal',
          round: 2,
          podium: [{ name: 'Bo', place: 1, points: 1000, agreement: 100 }],
          leaderboard: [
            { name: 'Ana', place: 1, points: 1000 },
            { name: 'Bo', place: 1, points: 1000 },
            { name: 'Cy', place: 3, points: 0 },
          ],
          actions: ['close'],
        });
        expect(await act(host, code, 'next')).toMatchObject({
          status: 409,
          body: errorOf('aborted', 'That was the last round: close the room to finish'),
        });
        const closed = await act(host, code, 'close');
        expect(closed.body.room).toMatchObject({
          phase: 'closed',
          podium: [
            { name: 'Ana', place: 1, points: 1000, agreement: null },
            { name: 'Bo', place: 1, points: 1000, agreement: null },
            { name: 'Cy', place: 3, points: 0, agreement: null },
          ],
          actions: [],
        });
        expect((await read(bo, code)).me).toMatchObject({ points: 1000, place: 1 });
        // The phases since the first reveal, one event each; then the closed room's stream ends.
        const phases = [];
        for (let i = 0; i < 4; i++) phases.push(JSON.parse((await stream.nextEvent()).data).phase);
        expect(phases).toEqual(['round', 'ended', 'reveal', 'closed']);
        await expect(stream.nextEvent(2000)).rejects.toThrow(/ended/);
      } finally {
        stream.close();
      }
    });

    it('reads a round past its deadline as ended, and a quiet room as closed', async () => {
      const { host, code, id } = await openRoom();
      const player = await h.guest();
      expect((await join(player, code, 'Pat')).status).toBe(201);
      expect((await act(host, code, 'start')).status).toBe(200);
      const db = h.server.database.db;
      // The deadline passes (moved back rather than waited for): nothing is written at it.
      await db
        .update(room)
        .set({ deadline: sql`now() - interval '1 second'` })
        .where(eq(room.id, id));
      expect(await read(player, code)).toMatchObject({ phase: 'ended', round: 1 });
      expect((await act(host, code, 'end-round')).status).toBe(409);
      expect((await act(host, code, 'reveal')).body.room).toMatchObject({ phase: 'reveal' });

      // Twelve hours without a join or an action: closed, whatever was stored.
      await db
        .update(room)
        .set({ lastActivityAt: new Date(Date.now() - ROOM_EXPIRY_MS - 1000) })
        .where(eq(room.id, id));
      expect(await read(player, code)).toMatchObject({ phase: 'closed' });
      expect(await join(await h.guest(), code, 'Late')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
      expect(await join(player, code, 'Pat')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
      expect(await act(host, code, 'next')).toMatchObject({
        status: 409,
        body: errorOf('aborted', ROOM_MESSAGES.closed),
      });
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a live room across two instances (PostgreSQL)',
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    let instances: RunningServer[] = [];
    const a = new Harness();

    beforeAll(async () => {
      database = await createPostgresDatabase();
      const authSecret = randomBytes(32).toString('base64url');
      instances = await Promise.all(
        [0, 1].map(async () =>
          startServer(await testConfig({ DATABASE_URL: database!.url, AUTH_SECRET: authSecret })),
        ),
      );
      a.server = { ...instances[0]!, kind: 'postgres' };
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await database?.drop();
    });

    it('keeps the host on one instance and a phone on the other in step', async () => {
      const b = instances[1]!.url;
      const host = await a.user('Host');
      const game = await a.createGame(host);
      const { code } = await createRoom(a, host, [game.id]);
      const phone = (await a.guest()).at(b);
      const stream = await phone.events(`/api/rooms/${code}/events`);
      try {
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'created' });
        expect((await act(host, code, 'open')).status).toBe(200);
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({ phase: 'lobby' });
        // Joined on the other instance: the host's instance counts them at once.
        expect((await join(phone, code, 'Phone')).status).toBe(201);
        expect(await joinsUntil(stream, 1)).toEqual({ names: ['Phone'], players: 1 });
        expect((await read(host, code)).players).toEqual({ count: 1, recent: ['Phone'] });
        expect((await act(host, code, 'start')).status).toBe(200);
        expect(JSON.parse((await stream.nextEvent()).data)).toMatchObject({
          phase: 'round',
          round: 1,
          gameId: game.id,
        });
        expect((await a.submit(phone, game.id, ids(game))).status).toBe(200);
        expect((await act(host, code, 'end-round')).status).toBe(200);
        expect((await act(host, code, 'reveal')).status).toBe(200);
        const events = [await stream.nextEvent(), await stream.nextEvent()];
        expect(JSON.parse(events[1]!.data)).toMatchObject({
          phase: 'reveal',
          podium: [{ name: 'Phone', place: 1, points: 1000, agreement: 100 }],
        });
        expect((await read(phone, code)).me).toMatchObject({ name: 'Phone', points: 1000 });
      } finally {
        stream.close();
      }
    });
  },
);
