/**
 * A game's life over HTTP: closing rules at creation, locked results and what unlocks them,
 * closed games refusing rankings, saved progress and the played-game record, and the owner's
 * close, archive and delete (with everything a deleted game takes along).
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type GameView } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES, MAX_SIZE_LIMIT } from '../../src/domain/lifecycle';
import { communityRank, rankLike } from '../../src/server/db/schema/community';
import { game, gameTally, submission } from '../../src/server/db/schema/games';
import { play, playedGame } from '../../src/server/db/schema/players';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type CreatedBody, type GameBody } from './harness';

const LOCKED_MESSAGE = 'Results are locked until this game closes';

describe.concurrent.each(testDatabases)('game lifecycle on %s', (kind) => {
  const h = useServer(kind);

  async function create(owner: TestClient, extra: Record<string, unknown>) {
    return owner.request<CreatedBody>('POST', '/api/games', {
      prompt: `Rules ${tag()}`,
      items: ['Alpha', 'Bravo', 'Charlie'],
      ...extra,
    });
  }

  function closedError() {
    return {
      error: { code: 'permission-denied', message: LIFECYCLE_MESSAGES.closed, closed: true },
    };
  }

  describe('rules at creation', () => {
    it('keeps a players rule and a future deadline (minutes rounded up), and the publish choice', async () => {
      const owner = await h.user();
      const deadlineAt = Date.now() + 90 * 60_000 + 30_000;
      const response = await create(owner, { sizeLimit: 4, deadlineAt, publish: true });
      expect(response.status).toBe(201);
      expect(response.body.game).toMatchObject({
        sizeLimit: 4,
        deadlineAt,
        timeLimit: 91,
        closed: false,
        resultsLocked: true,
        unlock: { playersNeeded: 4, deadlineAt },
      });
      const [row] = await h.server.database.db
        .select()
        .from(game)
        .where(eq(game.id, response.body.game.id));
      expect(row).toMatchObject({ publishRequested: true, isPublic: true, sizeLimit: 4 });
      expect(row?.deadlineAt?.getTime()).toBe(deadlineAt);

      // The same on a read, for anyone.
      const read = await h.getGame(h.anonymous(), response.body.game.id);
      expect(read.body.game).toEqual({ ...response.body.game, isOwner: false });
    });

    it('ignores a past or invalid deadline and a players rule of 0 or less (no rule at all)', async () => {
      const owner = await h.user();
      for (const extra of [
        { deadlineAt: Date.now() - 1000 },
        { deadlineAt: 0 },
        { deadlineAt: 8.64e15 + 1 },
        { deadlineAt: null, sizeLimit: null },
        { sizeLimit: 0 },
        { sizeLimit: -5 },
        { sizeLimit: 0, deadlineAt: Date.now() - 1 },
        {},
      ]) {
        const response = await create(owner, extra);
        expect({ extra, status: response.status }).toEqual({ extra, status: 201 });
        expect({ extra, game: response.body.game }).toMatchObject({
          extra,
          game: {
            sizeLimit: null,
            timeLimit: null,
            deadlineAt: null,
            closed: false,
            resultsLocked: false,
            unlock: null,
          },
        });
      }
      const [row] = await h.server.database.db
        .select({ publishRequested: game.publishRequested })
        .from(game)
        .where(eq(game.ownerId, (await h.me(owner)).id));
      expect(row?.publishRequested).toBe(false);
    });

    it('rounds a fractional players rule up and caps a huge one', async () => {
      const owner = await h.user();
      expect((await create(owner, { sizeLimit: 2.5 })).body.game.sizeLimit).toBe(3);
      expect((await create(owner, { sizeLimit: 1e300 })).body.game.sizeLimit).toBe(MAX_SIZE_LIMIT);
    });

    it('answers 400 to rules of the wrong type, and creates nothing', async () => {
      const owner = await h.user();
      const cases: [unknown, string][] = [
        [{ sizeLimit: '5' }, 'Players rule must be a number'],
        [{ sizeLimit: true }, 'Players rule must be a number'],
        [{ sizeLimit: [5] }, 'Players rule must be a number'],
        [{ deadlineAt: '2030-01-01T00:00:00Z' }, 'Deadline must be a time in milliseconds'],
        [{ deadlineAt: { at: 1 } }, 'Deadline must be a time in milliseconds'],
        [{ publish: 'yes' }, 'Publish must be true or false'],
        [{ publish: 1 }, 'Publish must be true or false'],
      ];
      for (const [extra, message] of cases) {
        const response = await create(owner, extra as Record<string, unknown>);
        expect({ extra, status: response.status, body: response.body }).toEqual({
          extra,
          status: 400,
          body: errorOf('invalid-argument', message),
        });
      }
      const [row] = await h.server.database.db
        .select({ n: count() })
        .from(game)
        .where(eq(game.ownerId, (await h.me(owner)).id));
      expect(row?.n).toBe(0);
    });
  });

  describe('locked results and closing at the players limit', () => {
    it('locks results until the limit is reached, telling what unlocks them; then refuses more', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner, undefined, undefined, { sizeLimit: 3 });
      const order = ids(created);
      const [p1, p2, p3, late] = await Promise.all([h.guest(), h.guest(), h.guest(), h.guest()]);

      expect((await h.submit(p1, created.id, order)).status).toBe(200);
      const locked = await h.results(p1, created.id);
      expect(locked.status).toBe(403);
      expect(locked.body).toEqual({
        error: {
          code: 'permission-denied',
          message: LOCKED_MESSAGE,
          unlock: { playersNeeded: 2, deadlineAt: null },
        },
      });
      // Someone who has not played sees the same lock; the owner always sees results.
      expect((await h.results(h.anonymous(), created.id)).body).toEqual(locked.body);
      expect((await h.results(owner, created.id)).status).toBe(200);
      const read = await h.getGame(p1, created.id);
      expect(read.body.game).toMatchObject({
        closed: false,
        resultsLocked: true,
        unlock: { playersNeeded: 2, deadlineAt: null },
      });

      // A resubmission does not count twice.
      const again = await h.submit(p1, created.id, [...order].reverse());
      expect(again.body.submissionCount).toBe(1);
      expect((await h.submit(p2, created.id, order)).body.submissionCount).toBe(2);
      const last = await h.submit(p3, created.id, order);
      expect(last.status).toBe(200);
      expect(last.body).toMatchObject({ submissionCount: 3, closed: true });

      const closed = await h.getGame(p1, created.id);
      expect(closed.body.game).toMatchObject({ closed: true, resultsLocked: false, unlock: null });
      const unlocked = await h.results(p1, created.id);
      expect(unlocked.status).toBe(200);
      expect((unlocked.body as { results: { submissions: number } }).results.submissions).toBe(3);
      // Closed: a late visitor, who can no longer play, sees them too (decision 0039).
      const notPlayed = await h.results(late, created.id);
      expect(notPlayed.status).toBe(200);

      // Closed: no new ranking, no resubmission, no saved progress.
      const tallyBefore = await h.server.database.db
        .select()
        .from(gameTally)
        .where(eq(gameTally.gameId, created.id));
      for (const [client, body] of [
        [late, { ranking: order }],
        [p1, { ranking: order }],
        [late, { ranking: [order[0]], partial: true }],
        [p2, { ranking: [order[1]], partial: true }],
      ] as const) {
        const response = await client.request('PUT', `/api/games/${created.id}/submission`, body);
        expect({ status: response.status, body: response.body }).toEqual({
          status: 403,
          body: closedError(),
        });
      }
      const db = h.server.database.db;
      const [rows] = await db
        .select({ n: count() })
        .from(submission)
        .where(eq(submission.gameId, created.id));
      expect(rows?.n).toBe(3);
      expect(await db.select().from(gameTally).where(eq(gameTally.gameId, created.id))).toEqual(
        tallyBefore,
      );
    });

    it('a locked game with a deadline says so in what unlocks it', async () => {
      const owner = await h.user();
      const deadlineAt = Date.now() + 3_600_000;
      const created = await h.createGame(owner, undefined, undefined, { deadlineAt, sizeLimit: 9 });
      const player = await h.guest();
      await h.submit(player, created.id, ids(created));
      const locked = await h.results(player, created.id);
      expect(locked.body).toEqual({
        error: {
          code: 'permission-denied',
          message: LOCKED_MESSAGE,
          unlock: { playersNeeded: 8, deadlineAt },
        },
      });
    });

    it('without rules, results show at once to players who submitted', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner);
      const player = await h.guest();
      expect((await h.results(player, created.id)).body).toEqual(
        errorOf('permission-denied', MESSAGES.resultsHidden),
      );
      await h.submit(player, created.id, ids(created));
      expect((await h.results(player, created.id)).status).toBe(200);
    });
  });

  describe('saved progress and the played-game record', () => {
    it('goes started -> completed, counts only final rankings, and restores saved progress', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie', 'Delta'], undefined, {
        sizeLimit: 5,
      });
      const [a, b, c, d] = ids(created) as [string, string, string, string];
      const player = await h.guest();
      const userId = (await h.me(player)).id;
      const db = h.server.database.db;
      const record = async () => {
        const [row] = await db
          .select()
          .from(playedGame)
          .where(and(eq(playedGame.userId, userId), eq(playedGame.gameId, created.id)));
        return row;
      };

      const first = await h.submit(player, created.id, [c, a], { partial: true });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        submission: { ranking: [c, a], partial: true },
        submissionCount: 0,
      });
      expect(await record()).toMatchObject({
        status: 'started',
        partial: true,
        playCount: 0,
        lastCompletedAt: null,
        title: created.prompt,
        itemsCount: 4,
        isPublic: false,
      });
      // Any order of any current items; saved again over the last save.
      const second = await h.submit(player, created.id, [d, b, c, a], { partial: true });
      expect(second.status).toBe(200);
      expect((await h.getGame(player, created.id)).body.mySubmission).toMatchObject({
        ranking: [d, b, c, a],
        partial: true,
        needsReorder: false,
      });
      expect(await record()).toMatchObject({ status: 'started', partial: true, playCount: 0 });
      // Saved progress does not count, nor bring the players rule closer.
      expect((await h.getGame(owner, created.id)).body).toMatchObject({
        submissionCount: 0,
        game: { unlock: { playersNeeded: 5 } },
      });

      const final = await h.submit(player, created.id, [b, a, d, c]);
      expect(final.body.submissionCount).toBe(1);
      const completed = await record();
      expect(completed).toMatchObject({ status: 'completed', partial: false, playCount: 1 });
      expect(completed?.lastCompletedAt).toBeInstanceOf(Date);

      // Progress saved later never replaces the final ranking, nor the completed record.
      await h.submit(player, created.id, [a], { partial: true });
      expect((await h.getGame(player, created.id)).body.mySubmission).toMatchObject({
        ranking: [b, a, d, c],
        partial: false,
      });
      expect(await record()).toMatchObject({ status: 'completed', partial: false, playCount: 1 });

      // Each final ranking is one more play.
      await h.submit(player, created.id, [a, b, c, d]);
      expect(await record()).toMatchObject({ status: 'completed', playCount: 2 });
      expect((await h.getGame(owner, created.id)).body.submissionCount).toBe(1);
    });
  });

  describe("the owner's controls", () => {
    it('close now: refuses rankings from then on and unlocks the results', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner, undefined, undefined, { sizeLimit: 10 });
      const player = await h.guest();
      await h.submit(player, created.id, ids(created));
      expect((await h.results(player, created.id)).status).toBe(403);

      const watcher = await player.events(`/api/games/${created.id}/events`);
      try {
        const first = JSON.parse((await watcher.nextEvent()).data) as { results: unknown };
        expect(first.results).toBeNull();

        const closed = await owner.request<{ game: GameView }>(
          'POST',
          `/api/games/${created.id}/close`,
        );
        expect(closed.status).toBe(200);
        expect(closed.body.game).toMatchObject({
          closed: true,
          resultsLocked: false,
          unlock: null,
          isOwner: true,
        });
        const live = await watcher.nextEvent();
        expect(live.event).toBe('snapshot');
        expect(JSON.parse(live.data)).toMatchObject({
          closed: true,
          resultsLocked: false,
          change: 'closed',
          results: { submissions: 1 },
        });
      } finally {
        watcher.close();
      }
      expect((await h.results(player, created.id)).status).toBe(200);
      const late = await h.submit(await h.guest(), created.id, ids(created));
      expect(late.status).toBe(403);
      expect(late.body).toEqual(closedError());
      // Closing again is fine and changes nothing.
      const again = await owner.request('POST', `/api/games/${created.slug}/close`);
      expect(again.status).toBe(200);
    });

    it('archive hides nothing else: archived true by default, false brings it back', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner);
      const archived = await owner.request<{ game: GameView }>(
        'POST',
        `/api/games/${created.id}/archive`,
      );
      expect(archived.status).toBe(200);
      expect(archived.body.game).toMatchObject({ archived: true, closed: false });
      expect((await h.getGame(h.anonymous(), created.id)).body.game.archived).toBe(true);
      // Still playable.
      expect((await h.submit(await h.guest(), created.id, ids(created))).status).toBe(200);

      const back = await owner.request<{ game: GameView }>(
        'POST',
        `/api/games/${created.id}/archive`,
        { archived: false },
      );
      expect(back.body.game.archived).toBe(false);
      const explicit = await owner.request<{ game: GameView }>(
        'POST',
        `/api/games/${created.id}/archive`,
        { archived: true },
      );
      expect(explicit.body.game.archived).toBe(true);

      const bad = await owner.request('POST', `/api/games/${created.id}/archive`, {
        archived: 'yes',
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(errorOf('invalid-argument', 'Archived must be true or false'));
    });

    it('only the owner may edit, close, archive or delete: 401 without a session, 403 Not owner', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner, undefined, undefined, { sizeLimit: 5 });
      const other = await h.user('Not The Owner');
      const guest = await h.guest();
      const routes: [string, string, unknown][] = [
        ['PATCH', `/api/games/${created.id}/items`, { items: ['x', 'y', 'z'] }],
        ['POST', `/api/games/${created.id}/close`, undefined],
        ['POST', `/api/games/${created.id}/archive`, { archived: true }],
        ['DELETE', `/api/games/${created.id}`, undefined],
      ];
      for (const [method, path, body] of routes) {
        const anonymous = await h.anonymous().request(method, path, body);
        expect({ method, path, status: anonymous.status, body: anonymous.body }).toEqual({
          method,
          path,
          status: 401,
          body: errorOf('unauthenticated', 'Not signed in'),
        });
        for (const client of [other, guest]) {
          const response = await client.request(method, path, body);
          expect({ method, path, status: response.status, body: response.body }).toEqual({
            method,
            path,
            status: 403,
            body: errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner),
          });
        }
      }
      // Authentication comes before the body: a bad body without a session is still 401.
      const badBody = await h
        .anonymous()
        .request('PATCH', `/api/games/${created.id}/items`, { items: 'nope' });
      expect(badBody.status).toBe(401);

      // The demo game has no owner: nobody's to change.
      const demo = await other.request('DELETE', '/api/games/pizza-demo');
      expect(demo.body).toEqual(errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner));

      // Nothing changed.
      const after = await h.getGame(owner, created.id);
      expect(after.status).toBe(200);
      expect(after.body.game).toEqual({ ...created, isOwner: true });
    });

    it('answers 404 for an unknown game and 400 Missing gameId for a blank one', async () => {
      const owner = await h.user();
      for (const [method, path, body] of [
        ['PATCH', '/api/games/no-such-game/items', { items: ['x'] }],
        ['POST', '/api/games/no-such-game/close', undefined],
        ['POST', '/api/games/no-such-game/archive', {}],
        ['DELETE', '/api/games/no-such-game', undefined],
        ['DELETE', `/api/games/${'x'.repeat(300)}`, undefined],
      ] as const) {
        const response = await owner.request(method, path, body);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 404,
          body: errorOf('not-found', MESSAGES.gameNotFound),
        });
      }
      for (const [method, path, body] of [
        ['DELETE', '/api/games/%20%20', undefined],
        ['DELETE', '/api/games', undefined],
        ['PATCH', '/api/games/%20/items', { items: ['x'] }],
        ['POST', '/api/games/%20/close', undefined],
        ['POST', '/api/games/%20/archive', {}],
      ] as const) {
        const response = await owner.request(method, path, body);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 400,
          body: errorOf('invalid-argument', LIFECYCLE_MESSAGES.missingGameId),
        });
      }
      const anonymous = await h.anonymous().request('DELETE', '/api/games');
      expect(anonymous.status).toBe(401);
    });

    it('delete removes the game, its submissions, tally, plays and community ranks; watchers learn it', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner, undefined, undefined, { sizeLimit: 5 });
      const keep = await h.createGame(owner);
      const db = h.server.database.db;
      const [p1, p2] = await Promise.all([h.guest(), h.guest()]);
      await h.submit(p1, created.id, ids(created));
      await h.submit(p2, created.id, [ids(created)[0]], { partial: true });
      await h.submit(p1, keep.id, ids(keep));
      const p1Id = (await h.me(p1)).id;
      const ownerId = (await h.me(owner)).id;

      // A community rank pointing at the game, one the game points at, and a like (p1's final
      // ranking recorded a play).
      const rankByGame = `rank-${tag()}`;
      const rankByLink = `rank-${tag()}`;
      await db.insert(communityRank).values([
        { id: rankByGame, title: 'By game', items: ['a', 'b', 'c'], gameId: created.id },
        { id: rankByLink, title: 'By link', items: ['a', 'b', 'c'], creatorId: ownerId },
      ]);
      await db.update(game).set({ communityRankId: rankByLink }).where(eq(game.id, created.id));
      await db.insert(rankLike).values({ rankId: rankByGame, userId: p1Id });
      expect(await db.select({ n: count() }).from(play).where(eq(play.gameId, created.id))).toEqual(
        [{ n: 1 }],
      );

      const watcher = await p1.events(`/api/games/${created.id}/events`);
      try {
        expect((await watcher.nextEvent()).event).toBe('snapshot');
        const deleted = await owner.request('DELETE', `/api/games/${created.id}`);
        expect(deleted.status).toBe(200);
        expect(deleted.body).toEqual({ deleted: true, id: created.id });
        const event = await watcher.nextEvent();
        expect(event).toMatchObject({ event: 'deleted' });
        expect(JSON.parse(event.data)).toEqual({ gameId: created.id });
        // The stream ends after it.
        await expect(watcher.next(3000)).rejects.toThrow('SSE stream ended');
      } finally {
        watcher.close();
      }

      const left = await Promise.all([
        db.select({ n: count() }).from(game).where(eq(game.id, created.id)),
        db.select({ n: count() }).from(gameTally).where(eq(gameTally.gameId, created.id)),
        db.select({ n: count() }).from(submission).where(eq(submission.gameId, created.id)),
        db.select({ n: count() }).from(playedGame).where(eq(playedGame.gameId, created.id)),
        db.select({ n: count() }).from(play).where(eq(play.gameId, created.id)),
      ]);
      expect(left.map(([row]) => row?.n)).toEqual([0, 0, 0, 0, 0]);
      const ranks = await db.select({ id: communityRank.id }).from(communityRank);
      expect(ranks.map((rank) => rank.id)).not.toContain(rankByGame);
      expect(ranks.map((rank) => rank.id)).not.toContain(rankByLink);
      const likes = await db.select().from(rankLike).where(eq(rankLike.rankId, rankByGame));
      expect(likes).toEqual([]);

      expect((await h.getGame(owner, created.id)).status).toBe(404);
      expect((await owner.request('DELETE', `/api/games/${created.id}`)).status).toBe(404);
      // The owner's other game and its records are untouched.
      expect(((await h.getGame(p1, keep.id)).body as GameBody).submissionCount).toBe(1);
      const kept = await db
        .select()
        .from(playedGame)
        .where(and(eq(playedGame.userId, p1Id), eq(playedGame.gameId, keep.id)));
      expect(kept).toHaveLength(1);
    });
  });
});
