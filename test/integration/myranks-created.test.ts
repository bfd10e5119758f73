/**
 * My Ranks, Created tab (`GET /api/me/games`): 24 a page, newest first, keyset cursors that are
 * stable while games are created between pages and strict (a forged cursor is a 400), the
 * archived filter, players counts and states, and who may ask.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES } from '../../src/domain/community';
import type { GameView } from '../../src/domain/game';
import { OWN_GAMES_PAGE_SIZE } from '../../src/domain/limits';
import type { MyGameView, PageResponse } from '../../src/domain/profile';
import { game } from '../../src/server/db/schema/games';
import { encodePageCursor } from '../../src/server/players/page-cursor';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

type Page = PageResponse<MyGameView>;

describe.concurrent.each(testDatabases)('my created games on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  async function page(client: TestClient, query = '') {
    const response = await client.request<Page>('GET', `/api/me/games${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  /** Every page, following cursors; `between` runs after each page (e.g. creates a game). */
  async function allPages(
    client: TestClient,
    archived = '',
    between?: (pageIndex: number) => Promise<void>,
  ): Promise<{ pages: Page[]; games: MyGameView[] }> {
    const pages: Page[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams();
      if (cursor) params.set('cursor', cursor);
      if (archived) params.set('archived', archived);
      const query = params.size > 0 ? `?${params}` : '';
      const next = await page(client, query);
      pages.push(next);
      cursor = next.nextCursor;
      await between?.(pages.length - 1);
      expect(pages.length).toBeLessThan(20);
    } while (cursor);
    return { pages, games: pages.flatMap((p) => p.games) };
  }

  async function createMany(owner: TestClient, count: number, prefix: string) {
    const created: GameView[] = [];
    // A few at a time: some of them share a creation millisecond.
    for (let start = 0; start < count; start += 6) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(6, count - start) }, (_, i) =>
          h.createGame(owner, ['Alpha', 'Bravo', 'Charlie'], `${prefix} ${start + i}`),
        ),
      );
      created.push(...batch);
    }
    return created;
  }

  it('pages 60 games newest first, 24 a page, without duplicates or gaps, stable while games are added', async () => {
    const owner = await h.user('Prolific Owner');
    const other = await h.user('Someone Else');
    await h.createGame(other, undefined, `Not mine ${tag()}`);
    const created = await createMany(owner, 60, `Mine ${tag()}`);

    // The database's own order: created_at (microseconds) desc, id desc.
    const expected = await db()
      .select({ id: game.id })
      .from(game)
      .where(eq(game.ownerId, (await h.me(owner)).id))
      .orderBy(desc(game.createdAt), desc(game.id));
    expect(expected).toHaveLength(60);

    const added: GameView[] = [];
    const { pages, games } = await allPages(owner, '', async (index) => {
      // A new game between pages lands before the cursor: later pages do not move.
      if (index < 2) added.push(await h.createGame(owner, undefined, `Added ${tag()}`));
    });
    expect(pages.map((p) => p.games.length)).toEqual([
      OWN_GAMES_PAGE_SIZE,
      OWN_GAMES_PAGE_SIZE,
      12,
    ]);
    expect(pages[2]?.nextCursor).toBeNull();
    const listed = games.map((g) => g.id);
    expect(new Set(listed).size).toBe(60);
    expect([...listed].sort()).toEqual(created.map((g) => g.id).sort());
    for (const g of added) expect(listed).not.toContain(g.id);
    expect(games.map((g) => g.id)).toEqual(expected.map((row) => row.id));
    for (let i = 1; i < games.length; i++) {
      expect(games[i - 1]!.createdAt).toBeGreaterThanOrEqual(games[i]!.createdAt);
    }

    // From the start again, the added games come first.
    const first = await page(owner);
    expect(first.games.slice(0, 2).map((g) => g.id)).toEqual([added[1]!.id, added[0]!.id]);
  });

  it('breaks ties of one creation time by id, to the microsecond', async () => {
    const owner = await h.user('Tied Owner');
    const ownerId = (await h.me(owner)).id;
    const at = new Date();
    // 30 games created in one transaction share created_at exactly; 20 more a microsecond apart.
    const rows = Array.from({ length: 50 }, (_, i) => {
      const id = `tie${tag()}${String(i).padStart(2, '0')}`;
      return {
        id,
        slug: id.toLowerCase(),
        ownerId,
        prompt: `Tied ${i}`,
        items: [
          { id: 'a', label: 'A' },
          { id: 'b', label: 'B' },
          { id: 'c', label: 'C' },
        ],
        createdAt: at,
      };
    });
    await db().insert(game).values(rows);
    for (const [i, row] of rows.slice(30).entries()) {
      await db()
        .update(game)
        .set({ createdAt: sql`${game.createdAt} - ${i + 1} * interval '1 microsecond'` })
        .where(eq(game.id, row.id));
    }
    const { pages, games } = await allPages(owner);
    expect(pages).toHaveLength(3);
    expect(games.map((g) => g.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const order = await db()
      .select({ id: game.id })
      .from(game)
      .where(eq(game.ownerId, ownerId))
      .orderBy(desc(game.createdAt), desc(game.id));
    expect(games.map((g) => g.id)).toEqual(order.map((row) => row.id));
    // Games without a tally count no players.
    expect(games.every((g) => g.players === 0 && g.state === 'open')).toBe(true);
  });

  it('lists archived games only with archived=1, and the others by default', async () => {
    const owner = await h.user('Archivist');
    const games = await createMany(owner, 5, `Arch ${tag()}`);
    const [a, b] = games;
    for (const g of [a!, b!]) {
      const response = await owner.request('POST', `/api/games/${g.id}/archive`, {});
      expect(response.status).toBe(200);
    }
    const live = await page(owner);
    expect(live.games.map((g) => g.id).sort()).toEqual(
      games
        .slice(2)
        .map((g) => g.id)
        .sort(),
    );
    expect(live.games.every((g) => !g.archived)).toBe(true);
    expect(await page(owner, '?archived=0')).toEqual(live);

    const archived = await page(owner, '?archived=1');
    expect(archived.games.map((g) => g.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(archived.games.every((g) => g.archived)).toBe(true);
    expect(archived.nextCursor).toBeNull();

    // Unarchived, it is back in the default list.
    await owner.request('POST', `/api/games/${a!.id}/archive`, { archived: false });
    expect((await page(owner)).games.map((g) => g.id)).toContain(a!.id);
    expect((await page(owner, '?archived=1')).games.map((g) => g.id)).toEqual([b!.id]);
  });

  it('pages archived games with their own cursors', async () => {
    const owner = await h.user('Big Archivist');
    const ownerId = (await h.me(owner)).id;
    // Written directly (fast): 30 archived games a millisecond apart.
    const games = Array.from({ length: 30 }, (_, i) => {
      const id = `arch${tag()}${i}`;
      return {
        id,
        slug: id.toLowerCase(),
        ownerId,
        prompt: `Archived ${i}`,
        items: [{ id: 'a', label: 'A' }],
        archived: true,
        createdAt: new Date(Date.now() - i),
      };
    });
    await db().insert(game).values(games);
    const { pages, games: listed } = await allPages(owner, '1');
    expect(pages.map((p) => p.games.length)).toEqual([24, 6]);
    expect(listed.map((g) => g.id).sort()).toEqual(games.map((g) => g.id).sort());
    expect((await page(owner)).games).toEqual([]);
    // A cursor of the archived list does not page the other one.
    const cursor = pages[0]!.nextCursor!;
    const response = await owner.request('GET', `/api/me/games?cursor=${cursor}`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor));
  });

  it('shows each game: title, emoji, items, players (final rankings), state and publication', async () => {
    const owner = await h.user('Shower');
    const plain = await h.createGame(owner, ['A', 'B', 'C', 'D'], `Plain ${tag()}`);
    const capped = await h.createGame(owner, ['A', 'B', 'C'], `Capped ${tag()}`, {
      sizeLimit: 2,
    });
    const timed = await h.createGame(owner, ['A', 'B', 'C'], `Timed ${tag()}`, {
      deadlineAt: Date.now() + 3_600_000,
    });
    const players = await Promise.all([h.user('P1'), h.user('P2'), h.user('P3')]);
    expect((await h.submit(players[0]!, plain.id, ids(plain))).status).toBe(200);
    expect((await h.submit(players[1]!, plain.id, ids(plain).reverse())).status).toBe(200);
    // Saved progress is not a player yet; a resubmission is still one player.
    expect((await h.submit(players[2]!, plain.id, [], { partial: true })).status).toBe(200);
    expect((await h.submit(players[0]!, plain.id, ids(plain).reverse())).status).toBe(200);
    expect((await h.submit(players[0]!, capped.id, ids(capped))).status).toBe(200);

    const { games } = await page(owner);
    const byId = new Map(games.map((g) => [g.id, g]));
    expect(byId.get(plain.id)).toEqual({
      id: plain.id,
      slug: plain.slug,
      title: plain.prompt,
      emoji: null,
      itemsCount: 4,
      players: 2,
      state: 'open',
      isPublic: false,
      communityRankId: null,
      archived: false,
      createdAt: plain.createdAt,
    } satisfies MyGameView);
    expect(byId.get(capped.id)).toMatchObject({ players: 1, state: 'locked' });
    expect(byId.get(timed.id)).toMatchObject({ players: 0, state: 'locked' });

    // The second player reaches the limit: closed.
    expect((await h.submit(players[1]!, capped.id, ids(capped))).status).toBe(200);
    expect((await page(owner)).games.find((g) => g.id === capped.id)).toMatchObject({
      players: 2,
      state: 'closed',
    });
    // The owner closes one by hand; a past deadline is closed even before the sweep.
    expect((await owner.request('POST', `/api/games/${plain.id}/close`, {})).status).toBe(200);
    await db()
      .update(game)
      .set({ deadlineAt: new Date(Date.now() - 1000) })
      .where(eq(game.id, timed.id));
    const after = new Map((await page(owner)).games.map((g) => [g.id, g]));
    expect(after.get(plain.id)?.state).toBe('closed');
    expect(after.get(timed.id)?.state).toBe('closed');

    // A deleted game leaves the list.
    expect((await owner.request('DELETE', `/api/games/${plain.id}`)).status).toBe(200);
    expect((await page(owner)).games.map((g) => g.id)).not.toContain(plain.id);
  });

  it('answers 400 to forged, truncated or foreign cursors, never a 500', async () => {
    const owner = await h.user('Forger');
    const bad = errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor);
    const valid = encodePageCursor({ list: 'created', atUs: Date.now() * 1000, id: 'abc' });
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      'nope!',
      'x',
      valid.slice(0, -2),
      `${valid}A`,
      b64(['c', -1, 'abc']),
      b64(['c', 1.5, 'abc']),
      b64(['c', 1e300, 'abc']),
      b64(['c', '123', 'abc']),
      b64(['c', 123, "a' or 1=1 --"]),
      b64(['c', 123, '']),
      b64(['c', 123]),
      b64(['c', 123, 'abc', 'extra']),
      b64({ list: 'created', atUs: 1, id: 'abc' }),
      b64(['p', 123, 'abc']),
      b64(['a', 123, 'abc']),
      b64(null),
      'A'.repeat(300),
      'A'.repeat(500),
    ];
    for (const cursor of forged) {
      const response = await owner.request(
        'GET',
        `/api/me/games?cursor=${encodeURIComponent(cursor)}`,
      );
      expect(response.status, cursor).toBe(400);
      if (cursor.length < 400) expect(response.body, cursor).toEqual(bad);
    }
    for (const query of ['?archived=2', '?archived=true', '?archived=1&archived=0x']) {
      const response = await owner.request('GET', `/api/me/games${query}`);
      expect(response.status, query).toBe(400);
    }
    // A well-formed cursor pointing anywhere is fine; an empty cursor is the first page.
    expect((await owner.request('GET', `/api/me/games?cursor=${valid}`)).status).toBe(200);
    expect((await owner.request('GET', '/api/me/games?cursor=&archived=0')).status).toBe(200);
  });

  it('is for signed-in people, guests included, each seeing only their own games', async () => {
    const response = await h.anonymous().request('GET', '/api/me/games');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorOf('unauthenticated', 'Not signed in'));

    const guest = await h.guest();
    expect(await page(guest)).toEqual({ games: [], nextCursor: null });

    const owner = await h.user('Only Mine');
    const mine = await h.createGame(owner);
    const stranger = await h.user('Stranger');
    expect((await page(stranger)).games).toEqual([]);
    expect((await page(owner)).games.map((g) => g.id)).toEqual([mine.id]);
  });
});
