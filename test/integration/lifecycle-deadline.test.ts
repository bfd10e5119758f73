/**
 * Closing at the deadline: a scheduled check closes games nobody touches and pushes the unlock to
 * watchers live; reads and submissions check the deadline too, whether or not the check ran.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { game } from '../../src/server/db/schema/games';
import type { SseStream } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, useServer, type EventData, type Harness } from './harness';

const AHEAD_MS = 2500;

const closedBody = {
  error: { code: 'permission-denied', message: LIFECYCLE_MESSAGES.closed, closed: true },
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function nextData(stream: SseStream, timeoutMs = 5000) {
  const message = await stream.nextEvent(timeoutMs);
  return { event: message.event, data: JSON.parse(message.data) as EventData };
}

async function isClosedInDb(h: Harness, gameId: string): Promise<boolean | undefined> {
  const [row] = await h.server.database.db
    .select({ closed: game.closed })
    .from(game)
    .where(eq(game.id, gameId));
  return row?.closed;
}

describe.each(testDatabases)('deadlines on %s', (kind) => {
  describe.concurrent('with a scheduled check every 100 ms', () => {
    const h = useServer(kind, { env: { DEADLINE_CHECK_MS: '100' } });

    it('watchers get the unlock live, without any request; a late ranking is refused', async ({
      onTestFinished,
    }) => {
      // Both accounts first: only creating and ranking need to fit before the deadline.
      const [owner, player] = await Promise.all([h.user(), h.guest()]);
      const deadlineAt = Date.now() + AHEAD_MS;
      const created = await h.createGame(owner, undefined, undefined, { deadlineAt });
      expect(created).toMatchObject({ deadlineAt, timeLimit: 1, resultsLocked: true });
      expect((await h.submit(player, created.id, ids(created))).status).toBe(200);
      const locked = await h.results(player, created.id);
      expect(locked.status).toBe(403);
      expect(locked.body).toMatchObject({
        error: { unlock: { playersNeeded: null, deadlineAt } },
      });

      const playerStream = await player.events(`/api/games/${created.id}/events`);
      const anonymousStream = await h.anonymous().events(`/api/games/${created.id}/events`);
      onTestFinished(() => {
        playerStream.close();
        anonymousStream.close();
      });
      expect((await nextData(playerStream)).data).toMatchObject({
        closed: false,
        resultsLocked: true,
        results: null,
        version: 1,
      });
      expect((await nextData(anonymousStream)).data).toMatchObject({
        closed: false,
        results: null,
      });

      // Nobody asks anything from here on: the scheduled check closes the game and says so.
      const live = await nextData(playerStream, AHEAD_MS + 4000);
      expect(Date.now()).toBeGreaterThanOrEqual(deadlineAt);
      expect(live.event).toBe('snapshot');
      expect(live.data).toMatchObject({
        change: 'closed',
        closed: true,
        resultsLocked: false,
        version: 2,
        submissionCount: 1,
        results: { submissions: 1 },
      });
      // Someone who did not play learns it closed, with the results: a closed game's are seen by
      // all (decision 0039), as nobody can rank it any more.
      expect((await nextData(anonymousStream)).data).toMatchObject({
        change: 'closed',
        closed: true,
        resultsLocked: false,
        results: { submissions: 1 },
      });
      expect(await isClosedInDb(h, created.id)).toBe(true);

      const late = await h.submit(await h.guest(), created.id, ids(created));
      expect(late.status).toBe(403);
      expect(late.body).toEqual(closedBody);
      expect((await h.results(player, created.id)).status).toBe(200);
      expect((await h.getGame(owner, created.id)).body.game).toMatchObject({
        closed: true,
        resultsLocked: false,
        unlock: null,
      });
    });

    it('closes every game whose deadline passed, each once', async () => {
      const owner = await h.user();
      // Room for the set-up on a loaded machine: every game is created before the deadline.
      const deadlineAt = Date.now() + 2_500;
      const games = await Promise.all(
        Array.from({ length: 5 }, () =>
          h.createGame(owner, undefined, undefined, { deadlineAt, sizeLimit: 100 }),
        ),
      );
      const later = await h.createGame(owner, undefined, undefined, {
        deadlineAt: Date.now() + 3_600_000,
      });
      await sleep(Math.max(0, deadlineAt - Date.now()));
      // The check runs every 100 ms; a busy machine may take longer to get to it.
      for (const created of games) {
        for (
          let waited = 0;
          !(await isClosedInDb(h, created.id)) && waited < 15_000;
          waited += 100
        ) {
          await sleep(100);
        }
        expect(await isClosedInDb(h, created.id)).toBe(true);
      }
      expect(await isClosedInDb(h, later.id)).toBe(false);
      // Closing bumped each game's live version once.
      const stream = await owner.events(`/api/games/${games[0]!.id}/events`);
      try {
        expect((await nextData(stream)).data).toMatchObject({ version: 1, closed: true });
      } finally {
        stream.close();
      }
    });
  });

  describe.concurrent('when the scheduled check has not run yet', () => {
    // Runs once at start, then not again within these tests.
    const h = useServer(kind, { env: { DEADLINE_CHECK_MS: '3600000' } });

    it('a read past the deadline shows the game closed (and closes it)', async () => {
      const owner = await h.user();
      // Room for the set-up on a loaded machine: a deadline already past when the server reads
      // it is no deadline at all.
      const deadlineAt = Date.now() + 3000;
      const created = await h.createGame(owner, undefined, undefined, {
        deadlineAt,
        sizeLimit: 10,
      });
      expect(created.deadlineAt).toBe(deadlineAt);
      await sleep(Math.max(0, deadlineAt - Date.now()) + 100);
      expect(await isClosedInDb(h, created.id)).toBe(false);
      const read = await h.getGame(h.anonymous(), created.slug);
      expect(read.body.game).toMatchObject({ closed: true, resultsLocked: false, unlock: null });
      expect(await isClosedInDb(h, created.id)).toBe(true);
    });

    it('a ranking past the deadline is refused and closes the game; watchers are told', async ({
      onTestFinished,
    }) => {
      const owner = await h.user();
      // Room for the set-up below on a loaded machine: the watcher must open before the deadline.
      const deadlineAt = Date.now() + 4000;
      const created = await h.createGame(owner, undefined, undefined, { deadlineAt });
      const player = await h.guest();
      await h.submit(player, created.id, ids(created), { partial: true });
      const watcher = await owner.events(`/api/games/${created.id}/events`);
      onTestFinished(() => watcher.close());
      expect((await nextData(watcher)).data).toMatchObject({ closed: false, version: 0 });
      await sleep(deadlineAt - Date.now() + 100);
      expect(await isClosedInDb(h, created.id)).toBe(false);

      const late = await h.submit(player, created.id, ids(created));
      expect(late.status).toBe(403);
      expect(late.body).toEqual(closedBody);
      expect(await isClosedInDb(h, created.id)).toBe(true);
      expect((await nextData(watcher)).data).toMatchObject({
        change: 'closed',
        closed: true,
        version: 1,
        submissionCount: 0,
      });
      // The saved progress stayed saved progress.
      expect((await h.getGame(player, created.id)).body.mySubmission).toMatchObject({
        partial: true,
      });
    });
  });
});
