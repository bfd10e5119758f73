/**
 * XP over real HTTP: every award and non-award (create +5, first final ranking +10, publish +20
 * once; saved progress, resubmits and republishes nothing), concurrent replays awarding once,
 * the ledger deciding totals, levels, crowns, stats and achievements after a random run, the
 * recent activity list, and a guest's XP moving to their account.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { satisfiedAchievements } from '../../src/domain/achievements';
import type { GameView } from '../../src/domain/game';
import type { ProfileView, XpActivityView } from '../../src/domain/profile';
import { addXp, type XpReason } from '../../src/domain/progression';
import { play } from '../../src/server/db/schema/players';
import { playerProgress, xpAward } from '../../src/server/db/schema/progression';
import { awardXp } from '../../src/server/progression/ledger';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, shuffled, useServer } from './harness';

const START = { level: 1, xp: 0, xpToNext: 100, crowns: 0 };
const AMOUNT: Record<XpReason, number> = { create: 5, play: 10, publish: 20 };
const PASSWORD = 'correct horse battery';

describe.concurrent.each(testDatabases)('XP on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const publish = (client: TestClient, gameId: string) =>
    client.request<{ game: GameView }>('POST', `/api/games/${gameId}/publish`, {});
  const unpublish = (client: TestClient, gameId: string) =>
    client.request<{ game: GameView }>('POST', `/api/games/${gameId}/unpublish`, {});

  async function ledger(userId: string) {
    return db().select().from(xpAward).where(eq(xpAward.userId, userId));
  }

  async function activity(client: TestClient): Promise<XpActivityView[]> {
    const response = await client.request<{ activity: XpActivityView[] }>(
      'GET',
      '/api/me/activity',
    );
    expect(response.status).toBe(200);
    return response.body.activity;
  }

  /**
   * The profile agrees with the ledger: total = sum, progress = addXp(start, total), one stat per
   * award of its kind, XP by reason, and every achievement the facts satisfy stamped.
   */
  async function expectConsistent(client: TestClient): Promise<ProfileView> {
    const me = await h.me(client);
    const rows = await ledger(me.id);
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    expect(me.totalXp).toBe(total);
    expect({ level: me.level, xp: me.xp, xpToNext: me.xpToNext, crowns: me.crowns }).toEqual(
      addXp(START, total),
    );
    const countOf = (reason: XpReason) => rows.filter((row) => row.reason === reason).length;
    expect(me.stats).toEqual({
      gamesCreated: countOf('create'),
      rankingsSubmitted: countOf('play'),
      communityPublishes: countOf('publish'),
    });
    const [row] = await db()
      .select({ stats: playerProgress.stats })
      .from(playerProgress)
      .where(eq(playerProgress.userId, me.id));
    const byReason: Record<string, number> = {};
    for (const award of rows) byReason[award.reason] = (byReason[award.reason] ?? 0) + award.amount;
    expect(row?.stats.xpByReason ?? {}).toEqual(byReason);
    expect(Object.keys(me.achievements).sort()).toEqual(satisfiedAchievements(me).sort());
    return me;
  }

  it('awards +5 for creating, +10 for a first final ranking only, +20 for a first publish only', async () => {
    const owner = await h.user('Xp Owner');
    const player = await h.user('Xp Player');
    const ownerId = (await h.me(owner)).id;
    const playerId = (await h.me(player)).id;

    const created = await h.createGame(owner, ['A', 'B', 'C'], `Xp game ${tag()}`);
    expect((await h.me(owner)).totalXp).toBe(5);
    expect((await ledger(ownerId)).map((r) => [r.reason, r.ref, r.amount])).toEqual([
      ['create', created.id, 5],
    ]);

    // Saved progress: nothing.
    expect((await h.submit(player, created.id, [], { partial: true })).status).toBe(200);
    expect((await h.me(player)).totalXp).toBe(0);
    expect(await ledger(playerId)).toEqual([]);

    // The first final ranking: +10 and the first-play achievement, stamped now.
    const before = Date.now();
    expect((await h.submit(player, created.id, ids(created))).status).toBe(200);
    const after = Date.now();
    const me = await expectConsistent(player);
    expect(me.totalXp).toBe(10);
    expect(me.stats.rankingsSubmitted).toBe(1);
    expect(me.achievements['first-play']).toBeGreaterThanOrEqual(before - 1000);
    expect(me.achievements['first-play']).toBeLessThanOrEqual(after + 1000);
    expect(await db().select().from(play).where(eq(play.userId, playerId))).toHaveLength(1);

    // Resubmits and later saved progress: nothing more, and the unlock keeps its time.
    expect((await h.submit(player, created.id, [...ids(created)].reverse())).status).toBe(200);
    expect((await h.submit(player, created.id, [], { partial: true })).status).toBe(200);
    expect((await h.submit(player, created.id, ids(created))).status).toBe(200);
    const again = await expectConsistent(player);
    expect(again.totalXp).toBe(10);
    expect(again.achievements['first-play']).toBe(me.achievements['first-play']);

    // A refused ranking (incomplete) and a closed game award nothing.
    const capped = await h.createGame(owner, ['A', 'B', 'C'], `Capped ${tag()}`, { sizeLimit: 1 });
    expect((await h.submit(player, capped.id, ids(capped).slice(0, 2))).status).toBe(400);
    const filler = await h.user('Filler');
    expect((await h.submit(filler, capped.id, ids(capped))).status).toBe(200);
    expect((await h.submit(player, capped.id, ids(capped))).status).toBe(403);
    expect((await expectConsistent(player)).totalXp).toBe(10);

    // Publishing: +20 once, whatever unpublishing and republishing follow.
    expect((await publish(owner, created.id)).status).toBe(200);
    expect((await h.me(owner)).totalXp).toBe(5 + 5 + 20);
    expect((await unpublish(owner, created.id)).status).toBe(200);
    expect((await publish(owner, created.id)).status).toBe(200);
    expect((await publish(owner, created.id)).status).toBe(200);
    const ownerNow = await expectConsistent(owner);
    expect(ownerNow.totalXp).toBe(30);
    expect(ownerNow.stats).toEqual({
      gamesCreated: 2,
      rankingsSubmitted: 0,
      communityPublishes: 1,
    });
    expect(ownerNow.achievements.publisher).toEqual(expect.any(Number));

    // Someone else's publish attempt is refused and awards nothing.
    expect((await publish(player, capped.id)).status).toBe(403);
    expect((await h.me(player)).totalXp).toBe(10);

    // Creating with publish: +5 and +20.
    const atOnce = await h.createGame(owner, ['A', 'B', 'C'], `Published at once ${tag()}`, {
      publish: true,
    });
    expect((await expectConsistent(owner)).totalXp).toBe(55);
    // The activity lists the publish above the create it followed.
    expect(
      (await activity(owner)).slice(0, 2).map((a) => [a.reason, a.gameId, a.gameTitle]),
    ).toEqual([
      ['publish', atOnce.id, atOnce.prompt],
      ['create', atOnce.id, atOnce.prompt],
    ]);
  });

  it('awards once when the same award is replayed 10 times at once', async () => {
    const owner = await h.user('Replay Owner');
    const player = await h.user('Replay Player');
    const playerId = (await h.me(player)).id;
    const ownerId = (await h.me(owner)).id;
    const created = await h.createGame(owner, ['A', 'B', 'C', 'D'], `Replays ${tag()}`);

    // 10 concurrent first final rankings of one game by one player.
    const submits = await Promise.all(
      Array.from({ length: 10 }, () => h.submit(player, created.id, shuffled(ids(created)))),
    );
    expect(submits.every((r) => r.status === 200)).toBe(true);
    expect((await ledger(playerId)).filter((r) => r.reason === 'play')).toHaveLength(1);
    expect(await db().select().from(play).where(eq(play.userId, playerId))).toHaveLength(1);
    expect((await expectConsistent(player)).totalXp).toBe(10);

    // 10 concurrent first publishes of one game.
    const publishes = await Promise.all(
      Array.from({ length: 10 }, () => publish(owner, created.id)),
    );
    expect(publishes.every((r) => r.status === 200)).toBe(true);
    expect((await ledger(ownerId)).filter((r) => r.reason === 'publish')).toHaveLength(1);
    expect((await expectConsistent(owner)).totalXp).toBe(25);

    // 10 concurrent transactions replaying one award directly: exactly one awards.
    const ref = `replay-${tag()}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        db().transaction((tx) => awardXp(tx, { userId: playerId, reason: 'create', ref })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await ledger(playerId)).filter((r) => r.ref === ref)).toHaveLength(1);
    expect((await expectConsistent(player)).totalXp).toBe(15);
  });

  // About 4 s alone; the longer timeout is for a loaded machine.
  it('keeps totals, levels, crowns, stats and achievements equal to the ledger after a random run of 400 actions', async () => {
    const clients = await Promise.all(['Ann', 'Bo', 'Cy'].map((name) => h.user(`Runner ${name}`)));
    clients.push(await h.guest());
    const userIds = await Promise.all(clients.map(async (c) => (await h.me(c)).id));
    const games: { game: GameView; owner: number }[] = [];
    const expected = new Set<string>();
    const key = (userIndex: number, reason: XpReason, ref: string) =>
      `${userIds[userIndex]}:${reason}:${ref}`;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
    const accounts = [0, 1, 2];

    async function act(): Promise<void> {
      const roll = Math.random();
      const othersGames = (player: number) => games.filter((g) => g.owner !== player);
      if (roll < 0.2 || games.length < 3) {
        const owner = pick(accounts);
        const extra = Math.random() < 0.2 ? { sizeLimit: 1 + Math.floor(Math.random() * 2) } : {};
        const created = await h.createGame(clients[owner]!, ['A', 'B', 'C'], `Run ${tag()}`, extra);
        games.push({ game: created, owner });
        expected.add(key(owner, 'create', created.id));
      } else if (roll < 0.65) {
        const player = Math.floor(Math.random() * clients.length);
        const candidates = othersGames(player);
        if (candidates.length === 0) return;
        const { game: target } = pick(candidates);
        const partial = Math.random() < 0.25;
        const response = await h.submit(
          clients[player]!,
          target.id,
          partial ? [] : shuffled(ids(target)),
          { partial },
        );
        expect([200, 403]).toContain(response.status);
        if (response.status === 200 && !partial) expected.add(key(player, 'play', target.id));
      } else if (roll < 0.85) {
        const { game: target, owner } = pick(games);
        const response = await publish(clients[owner]!, target.id);
        expect(response.status).toBe(200);
        expected.add(key(owner, 'publish', target.id));
      } else {
        const { game: target, owner } = pick(games);
        expect((await unpublish(clients[owner]!, target.id)).status).toBe(200);
      }
    }

    // Eight at a time, so awards to one player often run concurrently.
    for (let done = 0; done < 400; done += 8) {
      await Promise.all(Array.from({ length: 8 }, () => act()));
    }

    const rows = await Promise.all(userIds.map((id) => ledger(id)));
    const actual = new Set(rows.flat().map((r) => `${r.userId}:${r.reason}:${r.ref}`));
    expect([...actual].sort()).toEqual([...expected].sort());
    for (const row of rows.flat()) expect(row.amount).toBe(AMOUNT[row.reason as XpReason]);
    const profiles = [];
    for (const client of clients) profiles.push(await expectConsistent(client));
    // The run is big enough to level someone up.
    expect(Math.max(...profiles.map((p) => p.level))).toBeGreaterThan(1);
  }, 240_000);

  it('lists the last 10 awards, newest first, with game titles while the games exist', async () => {
    const owner = await h.user('Active Owner');
    const player = await h.user('Active Player');
    const first = await h.createGame(owner, ['A', 'B', 'C'], `First ${tag()}`);
    const theirs = await h.createGame(player, ['A', 'B', 'C'], `Theirs ${tag()}`);
    expect((await h.submit(owner, theirs.id, ids(theirs))).status).toBe(200);
    expect((await publish(owner, first.id)).status).toBe(200);

    const list = await activity(owner);
    expect(list).toEqual([
      {
        reason: 'publish',
        amount: 20,
        at: expect.any(Number),
        gameId: first.id,
        gameTitle: first.prompt,
      },
      {
        reason: 'play',
        amount: 10,
        at: expect.any(Number),
        gameId: theirs.id,
        gameTitle: theirs.prompt,
      },
      {
        reason: 'create',
        amount: 5,
        at: expect.any(Number),
        gameId: first.id,
        gameTitle: first.prompt,
      },
    ]);
    expect(list[0]!.at).toBeGreaterThanOrEqual(list[1]!.at);
    expect(list[1]!.at).toBeGreaterThanOrEqual(list[2]!.at);

    // A deleted game keeps its award, without a title.
    expect((await player.request('DELETE', `/api/games/${theirs.id}`)).status).toBe(200);
    expect((await activity(owner))[1]).toMatchObject({ gameId: theirs.id, gameTitle: null });
    expect((await expectConsistent(owner)).totalXp).toBe(35);

    // Only the last 10.
    const made: GameView[] = [];
    for (let i = 0; i < 11; i++)
      made.push(await h.createGame(owner, ['A', 'B', 'C'], `Many ${i} ${tag()}`));
    const latest = await activity(owner);
    expect(latest).toHaveLength(10);
    expect(latest.map((a) => a.gameId)).toEqual(
      made
        .slice(1)
        .reverse()
        .map((g) => g.id),
    );

    // Others see only their own; signed-out people none.
    expect((await activity(player)).map((a) => a.reason)).toEqual(['create']);
    expect((await h.anonymous().request('GET', '/api/me/activity')).status).toBe(401);
  });

  it("moves a guest's XP to the account they sign up for, and merges without double awards into an existing one", async () => {
    const owner = await h.user('Guest Games Host');
    const games = await Promise.all(
      [0, 1, 2].map((i) => h.createGame(owner, ['A', 'B', 'C'], `For guests ${i} ${tag()}`)),
    );

    // A guest plays two games, then signs up on the same client.
    const visitor = await h.guest();
    const guestId = (await h.me(visitor)).id;
    for (const g of games.slice(0, 2))
      expect((await h.submit(visitor, g.id, ids(g))).status).toBe(200);
    const asGuest = await expectConsistent(visitor);
    expect(asGuest.totalXp).toBe(20);
    expect((await activity(visitor)).map((a) => a.gameId).sort()).toEqual(
      games
        .slice(0, 2)
        .map((g) => g.id)
        .sort(),
    );
    await visitor.signUp({ name: 'Registered Visitor', email: `visitor-${tag()}@example.test` });
    const registered = await expectConsistent(visitor);
    expect(registered.id).not.toBe(guestId);
    expect(registered).toMatchObject({ isAnonymous: false, totalXp: 20 });
    expect(registered.stats.rankingsSubmitted).toBe(2);
    expect(registered.achievements['first-play']).toBe(asGuest.achievements['first-play']);
    expect(await ledger(guestId)).toEqual([]);
    expect((await activity(visitor)).length).toBe(2);

    // An existing account that already ranked game 0 and 1; a guest ranks games 1 and 2, then
    // signs in: game 1's award is not counted twice.
    const email = `existing-${tag()}@example.test`;
    const existing = new TestClient(h.url);
    await existing.signUp({ name: 'Existing Player', email, password: PASSWORD });
    for (const g of games.slice(0, 2))
      expect((await h.submit(existing, g.id, ids(g))).status).toBe(200);
    expect((await h.me(existing)).totalXp).toBe(20);
    const second = await h.guest();
    for (const g of games.slice(1)) expect((await h.submit(second, g.id, ids(g))).status).toBe(200);
    expect((await second.signIn({ email, password: PASSWORD })).status).toBe(200);
    const merged = await expectConsistent(second);
    expect(merged.totalXp).toBe(30);
    expect(merged.stats.rankingsSubmitted).toBe(3);
    expect((await ledger(merged.id)).map((r) => r.ref).sort()).toEqual(
      games.map((g) => g.id).sort(),
    );
  });
});
