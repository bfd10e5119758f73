/**
 * Guest-to-account migration over real HTTP: a guest (anonymous session) who signs up or signs in
 * on the same client keeps everything they did. Where both accounts ranked a game, the most recent
 * submission stays and the results are corrected; XP, stats, played games and likes merge; and if
 * the move fails halfway, nothing has moved.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addXp, INITIAL_PROGRESS } from '../../src/domain/progression';
import { addRanking, emptyTally, summarize, type Tally } from '../../src/domain/results';
import { analyticsEvent } from '../../src/server/db/schema/analytics';
import { communityRank, rankLike } from '../../src/server/db/schema/community';
import { game, gameTally, submission } from '../../src/server/db/schema/games';
import { play, playedGame } from '../../src/server/db/schema/players';
import { user } from '../../src/server/db/schema/auth';
import { playerProgress, xpAward } from '../../src/server/db/schema/progression';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, shuffled, useServer } from './harness';

const PASSWORD = 'correct horse battery';

describe.concurrent.each(testDatabases)('guest-to-account migration on %s', (kind) => {
  // Quiet: one test makes the move fail on purpose, which the server logs as an error.
  const h = useServer(kind, { env: { LOG_LEVEL: 'silent' } });
  const db = () => h.server.database.db;
  // One game owner for the whole block (signing up costs a password hash); games are per test.
  let sharedOwner: Promise<TestClient> | undefined;
  const gameOwner = () => (sharedOwner ??= h.user('Game Owner'));

  /** A registered account (signed up on its own client); returns its client, e-mail and id. */
  async function account(name: string) {
    const email = `${name.toLowerCase().replace(/\W+/g, '')}-${tag()}@example.test`;
    const client = new TestClient(h.url);
    await client.signUp({ name, email, password: PASSWORD });
    return { client, email, id: (await h.me(client)).id };
  }

  async function guest() {
    const client = await h.guest();
    return { client, id: (await h.me(client)).id };
  }

  async function userExists(id: string): Promise<boolean> {
    return (await db().select({ id: user.id }).from(user).where(eq(user.id, id))).length > 0;
  }

  async function submissionsOf(gameId: string) {
    return db().select().from(submission).where(eq(submission.gameId, gameId));
  }

  async function tallyOf(gameId: string) {
    const [row] = await db().select().from(gameTally).where(eq(gameTally.gameId, gameId));
    if (!row) throw new Error(`no tally for ${gameId}`);
    return row;
  }

  function fromScratch(rankings: string[][]): Tally {
    return rankings.reduce((tally, ranking) => addRanking(tally, ranking), emptyTally());
  }

  /** The owner's view of the results, without the viewer-specific agreement. */
  async function resultsAsOwner(owner: TestClient, gameId: string) {
    const response = await h.results(owner, gameId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { myAgreement, method, winners, groups, ...results } = response.body.results;
    // The mean's groups of tied items: every item once.
    expect(groups.flat().sort()).toEqual(results.items.map((item) => item.id).sort());
    // The owner did not rank it: no agreement to show.
    expect(myAgreement).toBeNull();
    expect(method).toBe('mean');
    expect(winners.mean).toBe(results.submissions > 0 ? (results.items[0]?.id ?? null) : null);
    return results;
  }

  async function submitOk(client: TestClient, gameId: string, ranking: string[]) {
    const response = await h.submit(client, gameId, ranking);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  }

  it('sign-up: the new account owns both submissions, the guest is gone, results unchanged', async () => {
    const owner = await gameOwner();
    const g1 = await h.createGame(owner, ['Red', 'Green', 'Blue', 'Gold']);
    const g2 = await h.createGame(owner, ['One', 'Two', 'Three']);
    // Someone else ranked them too, so the results are not just the guest's.
    const other = await h.guest();
    await submitOk(other, g1.id, shuffled(ids(g1)));
    await submitOk(other, g2.id, shuffled(ids(g2)));

    const visitor = await guest();
    const r1 = shuffled(ids(g1));
    const r2 = shuffled(ids(g2));
    await submitOk(visitor.client, g1.id, r1);
    await submitOk(visitor.client, g2.id, r2);
    const before = {
      g1: await resultsAsOwner(owner, g1.id),
      g2: await resultsAsOwner(owner, g2.id),
      t1: await tallyOf(g1.id),
      t2: await tallyOf(g2.id),
    };
    expect(before.g1.submissions).toBe(2);

    // Same client: the cookie jar still carries the guest session.
    const email = `registered-${tag()}@example.test`;
    await visitor.client.signUp({ name: 'Registered Guest', email, password: PASSWORD });
    const me = await h.me(visitor.client);
    expect(me).toMatchObject({ email, isAnonymous: false, name: 'Registered Guest' });
    expect(me.id).not.toBe(visitor.id);

    for (const [created, ranking] of [
      [g1, r1],
      [g2, r2],
    ] as const) {
      const response = await h.getGame(visitor.client, created.id);
      expect(response.body.mySubmission).toMatchObject({ ranking, partial: false });
      expect(response.body.submissionCount).toBe(2);
      const rows = await submissionsOf(created.id);
      expect(rows.map((row) => row.userId).sort()).toEqual([me.id, (await h.me(other)).id].sort());
    }
    expect(await userExists(visitor.id)).toBe(false);
    expect(await db().select().from(submission).where(eq(submission.userId, visitor.id))).toEqual(
      [],
    );
    // Results and tallies are exactly as they were: nothing was re-counted.
    expect(await resultsAsOwner(owner, g1.id)).toEqual(before.g1);
    expect(await resultsAsOwner(owner, g2.id)).toEqual(before.g2);
    expect(await tallyOf(g1.id)).toEqual(before.t1);
    expect(await tallyOf(g2.id)).toEqual(before.t2);
    // The moved submission still unlocks the results for its new owner.
    expect((await h.results(visitor.client, g1.id)).status).toBe(200);
  });

  for (const newer of ['guest', 'account'] as const) {
    it(`sign-in, both ranked one game, the ${newer}'s ranking is newer: it stays, the other goes`, async () => {
      const owner = await gameOwner();
      const shared = await h.createGame(owner, ['Ant', 'Bee', 'Cat', 'Dog', 'Eel']);
      const guestOnly = await h.createGame(owner, ['X', 'Y', 'Z']);
      const bystander = await h.guest();
      const bystanderRanking = shuffled(ids(shared));
      await submitOk(bystander, shared.id, bystanderRanking);

      const existing = await account('Returning Ranker');
      const visitor = await guest();
      const accountRanking = ids(shared);
      const guestRanking = [...ids(shared)].reverse();
      const guestOnlyRanking = shuffled(ids(guestOnly));
      if (newer === 'guest') {
        await submitOk(existing.client, shared.id, accountRanking);
        await submitOk(visitor.client, shared.id, guestRanking);
      } else {
        await submitOk(visitor.client, shared.id, guestRanking);
        await submitOk(existing.client, shared.id, accountRanking);
      }
      await submitOk(visitor.client, guestOnly.id, guestOnlyRanking);
      expect((await tallyOf(shared.id)).submissions).toBe(3);
      const versionBefore = (await tallyOf(shared.id)).version;

      const signedIn = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      expect((await h.me(visitor.client)).id).toBe(existing.id);
      expect(await userExists(visitor.id)).toBe(false);

      const kept = newer === 'guest' ? guestRanking : accountRanking;
      // Both clients are now the same account and see the kept ranking.
      for (const client of [visitor.client, existing.client]) {
        const response = await h.getGame(client, shared.id);
        expect(response.body.mySubmission?.ranking).toEqual(kept);
        expect(response.body.submissionCount).toBe(2);
      }
      const rows = await submissionsOf(shared.id);
      expect(rows).toHaveLength(2);
      expect(rows.find((row) => row.userId === existing.id)?.ranking).toEqual(kept);
      expect(rows.some((row) => row.userId === visitor.id)).toBe(false);

      // The results equal a from-scratch count of the rankings that remain.
      const expected = fromScratch([bystanderRanking, kept]);
      const tally = await tallyOf(shared.id);
      expect(tally.tally).toEqual(expected);
      expect(tally.submissions).toBe(2);
      expect(tally.version).toBeGreaterThan(versionBefore);
      expect(await resultsAsOwner(owner, shared.id)).toEqual(summarize(expected, shared.items));

      // The game only the guest ranked simply moved.
      const moved = await h.getGame(visitor.client, guestOnly.id);
      expect(moved.body.mySubmission?.ranking).toEqual(guestOnlyRanking);
      expect(moved.body.submissionCount).toBe(1);
      expect((await tallyOf(guestOnly.id)).tally).toEqual(fromScratch([guestOnlyRanking]));
    });
  }

  it('newer saved progress (partial) never replaces a final ranking, either way round', async () => {
    // submitRanking's rule: "saved progress never replaces a final ranking". The merge keeps it
    // too, or a counted ranking would silently leave the results.
    const owner = await gameOwner();
    const accountFinal = await h.createGame(owner, ['P', 'Q', 'R', 'S']);
    const guestFinal = await h.createGame(owner, ['K', 'L', 'M']);
    const existing = await account('Final Ranker');
    const visitor = await guest();
    const saveProgress = async (client: TestClient, gameId: string, ranking: string[]) =>
      expect((await h.submit(client, gameId, ranking, { partial: true })).status).toBe(200);
    // Final first, then newer saved progress by the other side.
    await submitOk(existing.client, accountFinal.id, ids(accountFinal));
    await saveProgress(visitor.client, accountFinal.id, [ids(accountFinal)[3]!]);
    const guestRanking = [...ids(guestFinal)].reverse();
    await submitOk(visitor.client, guestFinal.id, guestRanking);
    await saveProgress(existing.client, guestFinal.id, [ids(guestFinal)[0]!]);

    const signedIn = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
    for (const [created, kept] of [
      [accountFinal, ids(accountFinal)],
      [guestFinal, guestRanking],
    ] as const) {
      const response = await h.getGame(visitor.client, created.id);
      expect(response.body.mySubmission).toMatchObject({ ranking: kept, partial: false });
      expect(response.body.submissionCount).toBe(1);
      expect(await submissionsOf(created.id)).toHaveLength(1);
      expect((await tallyOf(created.id)).tally).toEqual(fromScratch([kept]));
    }
  });

  it('merges XP (no award counted twice); totals, stats, levels and achievements follow the ledger', async () => {
    const existing = await account('Xp Account');
    const visitor = await guest();
    const award = (userId: string, reason: string, ref: string, amount: number) => ({
      id: randomUUID(),
      userId,
      reason,
      ref,
      amount,
    });
    await db()
      .insert(xpAward)
      .values([
        award(existing.id, 'play', 'game-1', 10),
        award(existing.id, 'play', 'game-0', 10),
        award(existing.id, 'create', 'game-9', 5),
        // The first one is the account's own already: the guest does not bring it twice.
        award(visitor.id, 'play', 'game-1', 10),
        award(visitor.id, 'play', 'game-2', 10),
        award(visitor.id, 'publish', 'rank-1', 20),
        award(visitor.id, 'publish', 'rank-2', 20),
        award(visitor.id, 'create', 'game-3', 5),
        award(visitor.id, 'create', 'game-4', 5),
        award(visitor.id, 'bonus', 'welcome', 200),
      ]);
    // The guest unlocked first-play earlier than the account did: the earlier time stays.
    await db()
      .update(playerProgress)
      .set({ achievements: { 'first-play': 1000 } })
      .where(eq(playerProgress.userId, visitor.id));
    await db()
      .update(playerProgress)
      .set({ achievements: { 'first-play': 5000 } })
      .where(eq(playerProgress.userId, existing.id));
    const total = 10 + 10 + 5 + 10 + 20 + 20 + 5 + 5 + 200;

    const signedIn = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);

    const progress = addXp(INITIAL_PROGRESS, total);
    // 285: level 2 at 100 (185 left), level 3 at 135 (50 left); next needs 179.
    expect(progress).toEqual({ level: 3, xp: 50, xpToNext: 179, crowns: 10 });
    const me = await h.me(visitor.client);
    expect(me).toMatchObject({
      ...progress,
      totalXp: total,
      stats: { gamesCreated: 3, rankingsSubmitted: 3, communityPublishes: 2 },
    });
    expect(me.achievements['first-play']).toBe(1000);
    expect(me.achievements.publisher).toEqual(expect.any(Number));
    const [row] = await db()
      .select()
      .from(playerProgress)
      .where(eq(playerProgress.userId, existing.id));
    expect(row?.stats).toEqual({
      gamesCreated: 3,
      rankingsSubmitted: 3,
      communityPublishes: 2,
      xpByReason: { play: 30, create: 15, publish: 40, bonus: 200 },
    });
    const awards = await db()
      .select()
      .from(xpAward)
      .where(inArray(xpAward.userId, [existing.id, visitor.id]));
    expect(awards.every((a) => a.userId === existing.id)).toBe(true);
    expect(awards.map((a) => `${a.reason}:${a.ref}`).sort()).toEqual(
      [
        'bonus:welcome',
        'create:game-3',
        'create:game-4',
        'create:game-9',
        'publish:rank-1',
        'publish:rank-2',
        'play:game-0',
        'play:game-1',
        'play:game-2',
      ].sort(),
    );
    expect(awards.reduce((sum, a) => sum + a.amount, 0)).toBe(total);
  });

  /** Played games, likes, a game, a community rank, plays and analytics for guest and account. */
  async function seedActivity(guestId: string, accountId: string) {
    const owner = await gameOwner();
    const g1 = await h.createGame(owner);
    const g2 = await h.createGame(owner);
    const g3 = await h.createGame(owner);
    const ownerId = (await h.me(owner)).id;
    const early = new Date('2026-01-01T10:00:00Z');
    const late = new Date('2026-02-01T10:00:00Z');
    await db()
      .insert(playedGame)
      .values([
        // Both played g1: the account finished it earlier, the guest started it again later.
        {
          userId: accountId,
          gameId: g1.id,
          lastPlayedAt: early,
          lastCompletedAt: early,
          playCount: 1,
          status: 'completed',
          partial: false,
          itemsCount: 3,
        },
        {
          userId: guestId,
          gameId: g1.id,
          lastPlayedAt: late,
          lastCompletedAt: null,
          playCount: 2,
          status: 'started',
          partial: true,
          itemsCount: 3,
        },
        {
          userId: guestId,
          gameId: g2.id,
          lastPlayedAt: late,
          lastCompletedAt: late,
          playCount: 4,
          status: 'completed',
          partial: false,
          itemsCount: 3,
        },
        { userId: accountId, gameId: g3.id, lastPlayedAt: early, playCount: 1, itemsCount: 3 },
      ]);
    const r1 = `rank-${tag()}`;
    const r2 = `rank-${tag()}`;
    const guestRank = `rank-${tag()}`;
    await db()
      .insert(communityRank)
      .values([
        { id: r1, title: 'Liked by both', items: ['a', 'b', 'c'], creatorId: ownerId, likes: 2 },
        {
          id: r2,
          title: 'Liked by the guest',
          items: ['a', 'b', 'c'],
          creatorId: ownerId,
          likes: 1,
        },
        { id: guestRank, title: 'Made by the guest', items: ['a', 'b', 'c'], creatorId: guestId },
      ]);
    await db()
      .insert(rankLike)
      .values([
        { rankId: r1, userId: accountId },
        { rankId: r1, userId: guestId },
        { rankId: r2, userId: guestId },
      ]);
    const guestGame = `guestgame-${tag()}`;
    await db().insert(game).values({
      id: guestGame,
      slug: guestGame,
      ownerId: guestId,
      prompt: 'Guest game',
      items: [],
    });
    await db().insert(gameTally).values({ gameId: guestGame, tally: emptyTally() });
    const playId = `play-${tag()}`;
    await db().insert(play).values({ id: playId, userId: guestId, gameId: g2.id, startedAt: late });
    const eventId = `event-${tag()}`;
    await db()
      .insert(analyticsEvent)
      .values({ id: eventId, name: 'session_start', userId: guestId });
    return { g1, g2, g3, r1, r2, guestRank, guestGame, playId, eventId, early, late };
  }

  it('merges played games and likes, and moves games, ranks, plays and analytics', async () => {
    const existing = await account('Activity Account');
    const visitor = await guest();
    const seeded = await seedActivity(visitor.id, existing.id);

    const signedIn = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
    expect(signedIn.status).toBe(200);

    const played = await db()
      .select()
      .from(playedGame)
      .where(inArray(playedGame.userId, [existing.id, visitor.id]));
    expect(played.every((row) => row.userId === existing.id)).toBe(true);
    const byGame = new Map(played.map((row) => [row.gameId, row]));
    expect(byGame.size).toBe(3);
    expect(byGame.get(seeded.g1.id)).toMatchObject({
      playCount: 3,
      status: 'completed',
      partial: false,
      lastPlayedAt: seeded.late,
      lastCompletedAt: seeded.early,
    });
    expect(byGame.get(seeded.g2.id)).toMatchObject({
      playCount: 4,
      status: 'completed',
      lastPlayedAt: seeded.late,
    });
    expect(byGame.get(seeded.g3.id)).toMatchObject({ playCount: 1, status: 'started' });

    const likes = await db()
      .select()
      .from(rankLike)
      .where(inArray(rankLike.rankId, [seeded.r1, seeded.r2]));
    expect(likes.map((like) => `${like.rankId}:${like.userId}`).sort()).toEqual(
      [`${seeded.r1}:${existing.id}`, `${seeded.r2}:${existing.id}`].sort(),
    );
    const ranks = await db()
      .select()
      .from(communityRank)
      .where(inArray(communityRank.id, [seeded.r1, seeded.r2, seeded.guestRank]));
    const rankById = new Map(ranks.map((rank) => [rank.id, rank]));
    // A rank both liked keeps one like; the guest's own rank is the account's now.
    expect(rankById.get(seeded.r1)?.likes).toBe(1);
    expect(rankById.get(seeded.r2)?.likes).toBe(1);
    expect(rankById.get(seeded.guestRank)?.creatorId).toBe(existing.id);

    const [ownedGame] = await db().select().from(game).where(eq(game.id, seeded.guestGame));
    expect(ownedGame?.ownerId).toBe(existing.id);
    expect((await h.getGame(visitor.client, seeded.guestGame)).body.game.isOwner).toBe(true);
    const [playRow] = await db().select().from(play).where(eq(play.id, seeded.playId));
    expect(playRow?.userId).toBe(existing.id);
    const [eventRow] = await db()
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.id, seeded.eventId));
    expect(eventRow?.userId).toBe(existing.id);
    expect(await userExists(visitor.id)).toBe(false);
  });

  it('moves nothing when the move fails halfway, and succeeds on the next sign-in', async () => {
    const owner = await gameOwner();
    const shared = await h.createGame(owner, ['North', 'East', 'South', 'West']);
    const existing = await account('Atomic Account');
    const visitor = await guest();
    const accountRanking = ids(shared);
    const guestRanking = [...ids(shared)].reverse();
    await submitOk(existing.client, shared.id, accountRanking);
    await submitOk(visitor.client, shared.id, guestRanking);
    const seeded = await seedActivity(visitor.id, existing.id);
    await db()
      .insert(xpAward)
      .values([
        { id: randomUUID(), userId: existing.id, reason: 'submit', ref: shared.id, amount: 10 },
        { id: randomUUID(), userId: visitor.id, reason: 'submit', ref: shared.id, amount: 10 },
        { id: randomUUID(), userId: visitor.id, reason: 'bonus', ref: 'welcome', amount: 150 },
      ]);

    const snapshot = async () => ({
      users: await db()
        .select()
        .from(user)
        .where(inArray(user.id, [existing.id, visitor.id])),
      submissions: await submissionsOf(shared.id),
      tally: await tallyOf(shared.id),
      played: await db()
        .select()
        .from(playedGame)
        .where(inArray(playedGame.userId, [existing.id, visitor.id])),
      likes: await db()
        .select()
        .from(rankLike)
        .where(inArray(rankLike.rankId, [seeded.r1, seeded.r2])),
      ranks: await db()
        .select()
        .from(communityRank)
        .where(inArray(communityRank.id, [seeded.r1, seeded.r2, seeded.guestRank])),
      awards: await db()
        .select()
        .from(xpAward)
        .where(inArray(xpAward.userId, [existing.id, visitor.id])),
      game: await db().select().from(game).where(eq(game.id, seeded.guestGame)),
      play: await db().select().from(play).where(eq(play.id, seeded.playId)),
      event: await db().select().from(analyticsEvent).where(eq(analyticsEvent.id, seeded.eventId)),
    });
    const sortRows = (value: Awaited<ReturnType<typeof snapshot>>) =>
      Object.fromEntries(
        Object.entries(value).map(([key, rows]) => [
          key,
          Array.isArray(rows)
            ? [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
            : rows,
        ]),
      );
    const before = sortRows(await snapshot());

    // The last table the move touches refuses this guest's rows: everything before it must roll back.
    const fn = `fail_guest_move_${tag()}`;
    await db().execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure while moving guest data'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger ${fn} before update on analytics_event for each row
        when (old.user_id = '${visitor.id}') execute function ${fn}()`),
    );
    // better-call prints unexpected errors with console.error: this one is expected, any other
    // is not.
    const unexpected: unknown[][] = [];
    const quiet = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const cause = (args[1] as { cause?: unknown } | undefined)?.cause;
      if (!String(cause).includes('simulated failure')) unexpected.push(args);
    });
    try {
      const failed = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(unexpected).toEqual([]);
    } finally {
      quiet.mockRestore();
      await db().execute(sql.raw(`drop trigger if exists ${fn} on analytics_event`));
      await db().execute(sql.raw(`drop function if exists ${fn}()`));
    }

    // The guest still exists, still has their session, and owns everything; nothing moved.
    expect(await userExists(visitor.id)).toBe(true);
    expect(await h.me(visitor.client)).toMatchObject({ id: visitor.id, isAnonymous: true });
    expect(sortRows(await snapshot())).toEqual(before);
    expect((await h.getGame(visitor.client, shared.id)).body.mySubmission?.ranking).toEqual(
      guestRanking,
    );

    // Fixed: signing in again moves everything.
    const retried = await visitor.client.signIn({ email: existing.email, password: PASSWORD });
    expect(retried.status).toBe(200);
    expect(await userExists(visitor.id)).toBe(false);
    expect((await h.me(visitor.client)).id).toBe(existing.id);
    expect((await h.getGame(visitor.client, shared.id)).body.mySubmission?.ranking).toEqual(
      guestRanking,
    );
    expect((await tallyOf(shared.id)).tally).toEqual(fromScratch([guestRanking]));
    const [movedGame] = await db().select().from(game).where(eq(game.id, seeded.guestGame));
    expect(movedGame?.ownerId).toBe(existing.id);
    const [movedEvent] = await db()
      .select()
      .from(analyticsEvent)
      .where(and(eq(analyticsEvent.id, seeded.eventId)));
    expect(movedEvent?.userId).toBe(existing.id);
  });
});
