/**
 * My Ranks, Played tab (`GET /api/me/played`): games the player ranked or started, by last played,
 * 24 a page with strict keyset cursors, without archived games or games they own, each started or
 * completed.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '../../src/domain/community';
import type { PageResponse, PlayedGameView } from '../../src/domain/profile';
import { game } from '../../src/server/db/schema/games';
import { playedGame } from '../../src/server/db/schema/players';
import { encodePageCursor } from '../../src/server/players/page-cursor';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

type Page = PageResponse<PlayedGameView>;

describe.concurrent.each(testDatabases)('my played games on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  async function page(client: TestClient, cursor?: string) {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await client.request<Page>('GET', `/api/me/played${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  async function allPages(client: TestClient) {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const next = await page(client, cursor ?? undefined);
      pages.push(next);
      cursor = next.nextCursor;
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return { pages, games: pages.flatMap((p) => p.games) };
  }

  it('lists started and completed games by last played, without own or archived games', async () => {
    const owner = await h.user('Host');
    const player = await h.user('Player One');
    const started = await h.createGame(owner, ['A', 'B', 'C'], `Started ${tag()}`);
    const completed = await h.createGame(owner, ['A', 'B', 'C', 'D'], `Completed ${tag()}`);
    const archived = await h.createGame(owner, undefined, `Archived ${tag()}`);
    const own = await h.createGame(player, undefined, `Own ${tag()}`);

    expect((await h.submit(player, started.id, [], { partial: true })).status).toBe(200);
    expect((await h.submit(player, completed.id, [], { partial: true })).status).toBe(200);
    expect((await h.submit(player, completed.id, ids(completed))).status).toBe(200);
    expect((await h.submit(player, archived.id, ids(archived))).status).toBe(200);
    expect((await h.submit(player, own.id, ids(own))).status).toBe(200);
    expect((await owner.request('POST', `/api/games/${archived.id}/archive`, {})).status).toBe(200);

    const { games, nextCursor } = await page(player);
    expect(nextCursor).toBeNull();
    expect(games.map((g) => g.gameId)).toEqual([completed.id, started.id]);
    const [first, second] = games;
    expect(first).toEqual({
      gameId: completed.id,
      slug: completed.slug,
      title: completed.prompt,
      emoji: null,
      itemsCount: 4,
      status: 'completed',
      lastPlayedAt: expect.any(Number) as number,
      closed: false,
    } satisfies PlayedGameView);
    expect(second).toMatchObject({ gameId: started.id, status: 'started', itemsCount: 3 });
    expect(first!.lastPlayedAt).toBeGreaterThanOrEqual(second!.lastPlayedAt);

    // Completing the started one moves it first; saved progress after a final ranking changes
    // nothing (the final ranking is what counts).
    expect((await h.submit(player, started.id, ids(started))).status).toBe(200);
    expect((await h.submit(player, completed.id, [], { partial: true })).status).toBe(200);
    const again = await page(player);
    expect(again.games.map((g) => [g.gameId, g.status])).toEqual([
      [started.id, 'completed'],
      [completed.id, 'completed'],
    ]);

    // Unarchived, it is back; closed games say so; deleted ones leave.
    await owner.request('POST', `/api/games/${archived.id}/archive`, { archived: false });
    await owner.request('POST', `/api/games/${started.id}/close`, {});
    await owner.request('DELETE', `/api/games/${completed.id}`);
    const last = await page(player);
    expect(last.games.map((g) => g.gameId).sort()).toEqual([archived.id, started.id].sort());
    expect(last.games.find((g) => g.gameId === started.id)?.closed).toBe(true);

    // The owner never sees their own game as played, and others' lists are theirs.
    expect((await page(owner)).games).toEqual([]);
  });

  it('pages 30 played games 24 at a time, stable while games are played between pages', async () => {
    const owner = await h.user('Many Games Host');
    const player = await h.user('Busy Player');
    const playerId = (await h.me(player)).id;
    const games = [];
    for (let start = 0; start < 30; start += 6) {
      games.push(
        ...(await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            h.createGame(owner, undefined, `Played ${start + i} ${tag()}`),
          ),
        )),
      );
    }
    await Promise.all(games.map((g) => h.submit(player, g.id, ids(g))));
    // Several share a last-played time exactly: the game id breaks the tie.
    await db()
      .update(playedGame)
      .set({ lastPlayedAt: sql`date_trunc('second', ${playedGame.lastPlayedAt})` })
      .where(eq(playedGame.userId, playerId));

    const first = await page(player);
    expect(first.games).toHaveLength(24);
    // A game played between pages goes first, and does not shift the next page.
    const fresh = await h.createGame(owner, undefined, `Fresh ${tag()}`);
    expect((await h.submit(player, fresh.id, ids(fresh))).status).toBe(200);
    const second = await page(player, first.nextCursor!);
    expect(second.nextCursor).toBeNull();
    const listed = [...first.games, ...second.games].map((g) => g.gameId);
    expect(listed).toHaveLength(30);
    expect([...listed].sort()).toEqual(games.map((g) => g.id).sort());
    const order = await db()
      .select({ id: playedGame.gameId })
      .from(playedGame)
      .where(eq(playedGame.userId, playerId))
      .orderBy(sql`${playedGame.lastPlayedAt} desc, ${playedGame.gameId} desc`);
    expect(listed).toEqual(order.map((row) => row.id).filter((id) => id !== fresh.id));

    const all = await allPages(player);
    expect(all.games[0]?.gameId).toBe(fresh.id);
    expect(all.games).toHaveLength(31);
  });

  it('skips own and archived games without leaving a page short of what follows', async () => {
    const owner = await h.user('Archiving Host');
    const player = await h.user('Skipper');
    const playerId = (await h.me(player)).id;
    const ownerId = (await h.me(owner)).id;
    // 40 of the host's games played by the player, written directly (fast); half archived.
    const theirs = Array.from({ length: 40 }, (_, i) => {
      const id = `skip${tag()}${i}`;
      return { id, slug: id.toLowerCase(), ownerId, prompt: `T${i}`, archived: i % 2 === 0 };
    });
    await db()
      .insert(game)
      .values(theirs.map((g) => ({ ...g, items: [{ id: 'a', label: 'A' }] })));
    await db()
      .insert(playedGame)
      .values(theirs.map((g) => ({ userId: playerId, gameId: g.id })));
    const archivedIds = theirs.filter((g) => g.archived).map((g) => g.id);
    const own = await h.createGame(player, undefined, `Mine ${tag()}`);
    await h.submit(player, own.id, ids(own));
    expect(
      (await db().select().from(playedGame).where(eq(playedGame.userId, playerId))).length,
    ).toBe(41);

    const { pages, games } = await allPages(player);
    expect(pages).toHaveLength(1);
    expect(games).toHaveLength(20);
    expect(games.every((g) => g.status === 'started' && !archivedIds.includes(g.gameId))).toBe(
      true,
    );
  });

  it('answers 400 to forged cursors and to cursors of the other list', async () => {
    const player = await h.user('Cursor Forger');
    const bad = errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      encodePageCursor({ list: 'created', atUs: 1, id: 'abc' }),
      encodePageCursor({ list: 'archived', atUs: 1, id: 'abc' }),
      b64(['p', -5, 'abc']),
      b64(['p', 5, 'a b']),
      b64(['p', 5, 'abc', 1]),
      '%%%',
      '{}',
    ]) {
      const response = await player.request(
        'GET',
        `/api/me/played?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.status, cursor).toBe(400);
      expect(response.body, cursor).toEqual(bad);
    }
    const fine = encodePageCursor({ list: 'played', atUs: Date.now() * 1000, id: 'zzz' });
    expect((await player.request('GET', `/api/me/played?cursor=${fine}`)).status).toBe(200);
  });

  it('is for signed-in people, guests included', async () => {
    const response = await h.anonymous().request('GET', '/api/me/played');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorOf('unauthenticated', 'Not signed in'));

    const owner = await h.user('Guest Host');
    const g = await h.createGame(owner);
    const guest = await h.guest();
    expect(await page(guest)).toEqual({ games: [], nextCursor: null });
    expect((await h.submit(guest, g.id, ids(g))).status).toBe(200);
    expect((await page(guest)).games.map((p) => [p.gameId, p.status])).toEqual([
      [g.id, 'completed'],
    ]);
  });
});
