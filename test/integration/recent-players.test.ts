/**
 * The owner's Recent players (issue 25): `GET /api/games/:id/players`, newest first, final and
 * partial, paged by cursor without gaps or repeats (ties on the time included), owner only, and
 * bad paging input answered 400 with the rule's words.
 */
import { eq, inArray, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '../../src/domain/community';
import type { GameView } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { RECENT_PLAYERS_MESSAGES, type RecentPlayersPage } from '../../src/domain/recent-players';
import { submission } from '../../src/server/db/schema/games';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

describe.each(testDatabases)('recent players on %s', (kind) => {
  const h = useServer(kind);

  const playersPath = (game: GameView, query = '') => `/api/games/${game.id}/players${query}`;
  const page = (client: TestClient, game: GameView, query = '') =>
    client.request<RecentPlayersPage>('GET', playersPath(game, query));

  /** Every page of the list, `limit` at a time. */
  async function allPages(client: TestClient, game: GameView, limit: number) {
    const pages: RecentPlayersPage[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await page(client, game, query);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.players.length).toBeLessThanOrEqual(limit);
      pages.push(response.body);
      cursor = response.body.nextCursor;
    } while (cursor !== null && pages.length < 50);
    return pages;
  }

  it('lists players newest first, final and partial, with names and times only', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const empty = await page(owner, game);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ players: [], nextCursor: null });

    const ann = await h.user('Ann');
    const guest = await h.guest();
    const bob = await h.user('Bob');
    expect((await h.submit(ann, game.id, ids(game))).status).toBe(200);
    expect(
      (await h.submit(guest, game.id, ids(game).slice(0, 1), { partial: true, name: 'Gus' }))
        .status,
    ).toBe(200);
    expect((await h.submit(bob, game.id, ids(game).reverse())).status).toBe(200);

    const first = await page(owner, game);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.players.map((p) => [p.name, p.partial])).toEqual([
      ['Bob', false],
      ['Gus', true],
      ['Ann', false],
    ]);
    const times = first.body.players.map((p) => p.at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    for (const player of first.body.players) {
      expect(Object.keys(player).sort()).toEqual(['at', 'name', 'partial']);
    }
    // No user id and no e-mail anywhere in the answer.
    const text = JSON.stringify(first.body);
    for (const client of [ann, guest, bob]) {
      const me = await client.request<{ user: { id: string; email: string } }>(
        'GET',
        '/api/auth/get-session',
      );
      expect(text).not.toContain(me.body.user.id);
      expect(text).not.toContain(me.body.user.email);
    }

    // Playing again brings a player back to the top.
    expect((await h.submit(ann, game.id, ids(game).reverse())).status).toBe(200);
    const again = await page(owner, game);
    expect(again.body.players.map((p) => p.name)).toEqual(['Ann', 'Bob', 'Gus']);
  });

  it('pages without gaps or repeats, players saved at the same moment included', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const names = ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7'];
    for (const name of names) {
      expect((await h.submit(await h.guest(), game.id, ids(game), { name })).status).toBe(200);
    }
    // Four of them at the very same microsecond: the tie-break must still page them exactly.
    const db = h.server.database.db;
    const rows = await db
      .select({ userId: submission.userId, name: submission.name })
      .from(submission)
      .where(eq(submission.gameId, game.id));
    const tied = rows.filter((row) => ['P2', 'P3', 'P4', 'P5'].includes(row.name));
    await db
      .update(submission)
      .set({ at: new Date('2030-01-01T00:00:00.123Z') })
      .where(
        and(
          eq(submission.gameId, game.id),
          inArray(
            submission.userId,
            tied.map((row) => row.userId),
          ),
        ),
      );

    const whole = await page(owner, game, '?limit=100');
    expect(whole.body.nextCursor).toBeNull();
    const everyone = whole.body.players.map((p) => p.name);
    expect(everyone).toHaveLength(7);
    expect(everyone.slice(0, 4).sort()).toEqual(['P2', 'P3', 'P4', 'P5']);
    expect(everyone.slice(4)).toEqual(['P7', 'P6', 'P1']);

    for (const limit of [1, 2, 3]) {
      const pages = await allPages(owner, game, limit);
      expect(pages).toHaveLength(Math.ceil(7 / limit));
      expect(pages.flatMap((p) => p.players.map((player) => player.name))).toEqual(everyone);
    }
    // The default page is 20: all seven, no next page.
    const defaults = await page(owner, game);
    expect(defaults.body.players).toHaveLength(7);
    expect(defaults.body.nextCursor).toBeNull();
  });

  it('is for the owner only: 401 signed out, 403 for others, 404 for no such game', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const other = await h.user('Other');
    expect((await h.submit(other, game.id, ids(game))).status).toBe(200);

    const stranger = await page(other, game);
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual(errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner));
    expect((await page(await h.guest(), game)).status).toBe(403);
    expect((await page(h.anonymous(), game)).status).toBe(401);
    const missing = await owner.request('GET', '/api/games/no-such-game/players');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(errorOf('not-found', 'Game not found'));
  });

  it('answers bad paging input with 400 and the rule, never a 500', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner);
    const { badLimit } = RECENT_PLAYERS_MESSAGES;
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '', '9999', '1e2']) {
      const response = await page(owner, game, `?limit=${encodeURIComponent(limit)}`);
      expect(response.status, `limit=${limit}`).toBe(400);
      expect(response.body).toEqual(errorOf('invalid-argument', badLimit));
    }
    expect((await page(owner, game, '?limit=1&limit=2')).status).toBe(400);

    const forged = Buffer.from(JSON.stringify(['rp', 1, 'x y'])).toString('base64url');
    const otherList = Buffer.from(JSON.stringify(['c', 1, 'abc'])).toString('base64url');
    for (const cursor of ['not a cursor', '%%%', forged, otherList, 'a'.repeat(500)]) {
      const response = await page(owner, game, `?cursor=${encodeURIComponent(cursor)}`);
      expect(response.status, `cursor=${cursor}`).toBe(400);
      expect(response.body).toEqual(errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor));
    }
  });
});
