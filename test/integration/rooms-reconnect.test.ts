/**
 * Live rooms (issue 27): a phone that drops reconnects into whatever the room is doing now. In
 * each phase (created, lobby, round, ended, reveal, the next round, closed) a phone whose stream
 * dropped opens it again, with the last event id it had (as a browser's EventSource does): the
 * stream's first event is the room as it is now, the viewer's own part (their points and place
 * after a reveal) comes with `GET`, and a closed room's stream says so and ends. Both databases.
 */
import { describe, expect, it } from 'vitest';
import type { RoomView, RoomViewer } from '../../src/domain/rooms';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, useServer } from './harness';

type Room = RoomView & RoomViewer;

describe.each(testDatabases)('a room phone reconnecting on %s', (kind) => {
  const h = useServer(kind);

  /** A phone's stream opened afresh after a drop: its first event, and whether it ended. */
  async function reconnect(phone: TestClient, code: string, lastEventId: number) {
    const stream = await phone.events(`/api/rooms/${code}/events`, { lastEventId });
    try {
      const first = await stream.nextEvent();
      expect(first.event).toBe('room');
      return { view: JSON.parse(first.data) as RoomView, id: Number(first.id) };
    } finally {
      await stream.close();
    }
  }

  async function act(host: TestClient, code: string, action: string): Promise<Room> {
    const response = await host.request<{ room: Room }>('POST', `/api/rooms/${code}/${action}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.room;
  }

  async function mine(phone: TestClient, code: string): Promise<Room> {
    const response = await phone.request<{ room: Room }>('GET', `/api/rooms/${code}`);
    expect(response.status).toBe(200);
    return response.body.room;
  }

  it('comes back into each phase as it is now', async () => {
    const host = await h.user('Reconnect Host');
    const [first, second] = [await h.createGame(host), await h.createGame(host)];
    const created = await host.request<{ room: { code: string } }>('POST', '/api/rooms', {
      gameIds: [first.id, second.id],
      roundSeconds: 60,
    });
    expect(created.status).toBe(201);
    const code = created.body.room.code;
    const phone = await h.guest();
    let lastId = 0;

    const expectPhase = async (expected: Partial<RoomView>) => {
      const { view, id } = await reconnect(phone, code, lastId);
      expect(view).toMatchObject({ code, ...expected });
      // Each phase change is a newer event than the one the phone had before it dropped.
      expect(id).toBeGreaterThanOrEqual(lastId);
      lastId = id;
      return view;
    };

    expect((await expectPhase({ phase: 'created', round: 0 })).playedGameIds).toEqual([]);
    await act(host, code, 'open');
    expect(
      (await phone.request('POST', `/api/rooms/${code}/join`, { name: 'Dropper' })).status,
    ).toBe(201);
    const lobby = await expectPhase({ phase: 'lobby', round: 0 });
    expect(lobby.players).toEqual({ count: 1, recent: ['Dropper'] });

    const started = await act(host, code, 'start');
    const round = await expectPhase({ phase: 'round', round: 1, gameId: first.id });
    expect(round.deadline).toBe(started.deadline);
    expect((await h.submit(phone, first.id, ids(first))).status).toBe(200);

    await act(host, code, 'end-round');
    await expectPhase({ phase: 'ended', round: 1 });

    await act(host, code, 'reveal');
    const reveal = await expectPhase({ phase: 'reveal', round: 1 });
    expect(reveal.podium).toEqual([{ name: 'Dropper', place: 1, points: 1000, agreement: 100 }]);
    // The phone's own part comes with GET, after the reconnect as before it.
    expect((await mine(phone, code)).me).toMatchObject({
      name: 'Dropper',
      points: 1000,
      place: 1,
      lastRound: { round: 1, agreement: 100, points: 1000, place: 1 },
    });

    await act(host, code, 'next');
    await expectPhase({ phase: 'round', round: 2, gameId: second.id });
    // The rounds played so far, for a link to each one's results (a phone may have missed one).
    expect((await mine(phone, code)).playedGameIds).toEqual([first.id, second.id]);

    await act(host, code, 'close');
    const stream = await phone.events(`/api/rooms/${code}/events`, { lastEventId: lastId });
    try {
      const closed = await stream.nextEvent();
      expect(JSON.parse(closed.data)).toMatchObject({ phase: 'closed', round: 2 });
      expect(JSON.parse(closed.data).podium).toEqual([
        { name: 'Dropper', place: 1, points: 1000, agreement: null },
      ]);
      // A closed room's stream ends once it said so: nothing more comes.
      await expect(stream.nextEvent(1000)).rejects.toThrow();
    } finally {
      await stream.close();
    }
  });
});
