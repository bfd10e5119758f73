/**
 * Live rooms at scale (issue 27 "Scale", decision 0058), over real HTTP on both databases:
 * concurrent joins of a room are written in batches (far fewer statements than joins, the players
 * limit exact, a taken nickname refused alone), and the room's streams hear joins coalesced
 * (fewer `join` messages than joins, every name delivered, the last count exact).
 */
import { describe, expect, it } from 'vitest';
import { ROOM_MESSAGES } from '../../src/domain/rooms';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, statementsNaming, useServer } from './harness';

const MAX_PLAYERS = 20;

function join(client: TestClient, code: string, name: string) {
  return client.request<{ player: { name: string; joined: boolean } }>(
    'POST',
    `/api/rooms/${code}/join`,
    { name },
  );
}

describe.each(testDatabases)('live rooms at scale on %s', (kind) => {
  const h = useServer(kind, { env: { LIMIT_ROOM_PLAYERS: String(MAX_PLAYERS) } });

  async function openRoom() {
    const host = await h.user('Host');
    const game = await h.createGame(host);
    const created = await host.request<{ room: { code: string } }>('POST', '/api/rooms', {
      gameIds: [game.id],
    });
    expect(created.status).toBe(201);
    const { code } = created.body.room;
    expect((await host.request('POST', `/api/rooms/${code}/open`)).status).toBe(200);
    return { host, code };
  }

  const guests = (count: number) => Promise.all(Array.from({ length: count }, () => h.guest()));

  it('writes concurrent joins in batches: few statements, the limit exact', async () => {
    const { host, code } = await openRoom();
    const clients = await guests(MAX_PLAYERS + 8);
    let answers: Awaited<ReturnType<typeof join>>[] = [];
    const statements = await statementsNaming(h, code, async () => {
      answers = await Promise.all(
        clients.map((client, i) => join(client, code, i < 4 ? 'Same' : `Player ${i}`)),
      );
    });
    // Batched: each statement wrote several joins.
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(clients.length / 3);
    const joined = answers.filter((answer) => answer.status === 201);
    expect(joined).toHaveLength(MAX_PLAYERS);
    expect(joined.filter((answer) => answer.body.player.name === 'Same')).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 201)) {
      expect(refused.status).toBe(409);
      expect([ROOM_MESSAGES.nameTaken, ROOM_MESSAGES.full(MAX_PLAYERS)]).toContain(
        (refused.body as unknown as ReturnType<typeof errorOf>).error.message,
      );
    }
    const shown = await host.request<{ room: { players: { count: number } } }>(
      'GET',
      `/api/rooms/${code}`,
    );
    expect(shown.body.room.players.count).toBe(MAX_PLAYERS);
    // Everyone who joined gets their place back, full as the room is.
    const again = await Promise.all(clients.map((client, i) => join(client, code, `Other ${i}`)));
    expect(again.filter((answer) => answer.status === 200)).toHaveLength(MAX_PLAYERS);
    expect(again.filter((answer) => answer.status === 409)).toHaveLength(8);
  });

  it('refuses a taken nickname alone among concurrent joins', async () => {
    const { code } = await openRoom();
    const [first, ...clients] = await guests(11);
    expect((await join(first!, code, 'Taken')).status).toBe(201);
    const answers = await Promise.all(
      clients.map((client, i) => join(client, code, i === 4 ? 'TAKEN' : `Player ${i}`)),
    );
    expect(answers[4]).toMatchObject({
      status: 409,
      body: errorOf('aborted', ROOM_MESSAGES.nameTaken),
    });
    const others = answers.filter((_, i) => i !== 4);
    expect(others.map((answer) => answer.status)).toEqual(others.map(() => 201));
    expect(others.map((answer) => answer.body.player)).toEqual(
      others.map((_, i) => ({ name: `Player ${i < 4 ? i : i + 1}`, joined: true })),
    );
  });

  it('tells the room’s streams of joins coalesced, every name and the last count', async () => {
    const { host, code } = await openRoom();
    const clients = await guests(MAX_PLAYERS);
    const streams = await Promise.all(
      [host, ...clients.slice(0, 3)].map((client) => client.events(`/api/rooms/${code}/events`)),
    );
    try {
      for (const stream of streams) expect((await stream.nextEvent()).event).toBe('room');
      const names = clients.map((_, i) => `Player ${i}`);
      const answers = await Promise.all(clients.map((client, i) => join(client, code, names[i]!)));
      expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 201));
      for (const stream of streams) {
        const heard: string[] = [];
        let messages = 0;
        for (;;) {
          const event = await stream.nextEvent();
          expect(event.event).toBe('join');
          const joined = JSON.parse(event.data) as { names: string[]; players: number };
          messages += 1;
          heard.push(...joined.names);
          if (joined.players === MAX_PLAYERS) break;
          expect(joined.players).toBeLessThan(MAX_PLAYERS);
        }
        expect(messages).toBeLessThan(MAX_PLAYERS / 2);
        expect([...heard].sort()).toEqual([...names].sort());
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
