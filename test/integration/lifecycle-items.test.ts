/**
 * The owner edits a game's items: renames keep their votes, removed items leave the results (and
 * every saved ranking), added items ask players with an old ranking to re-order, and watchers are
 * told. Bad edits are refused with the spec's messages and change nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type GameView } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { addRanking, emptyTally, summarize, type Tally } from '../../src/domain/results';
import { gameTally, submission } from '../../src/server/db/schema/games';
import { playedGame } from '../../src/server/db/schema/players';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type EventData } from './harness';

type EditBody = { game: GameView; submissionCount: number };

describe.concurrent.each(testDatabases)('item edits on %s', (kind) => {
  const h = useServer(kind);

  function edit(owner: TestClient, gameId: string, items: unknown) {
    return owner.request<EditBody>('PATCH', `/api/games/${gameId}/items`, { items });
  }

  function expected(rankings: string[][], items: GameView['items']) {
    const tally = rankings.reduce<Tally>((t, r) => addRanking(t, r), emptyTally());
    return summarize(tally, items);
  }

  async function resultsOf(client: TestClient, gameId: string) {
    const response = await h.results(client, gameId);
    expect(response.status).toBe(200);
    const { results } = response.body;
    return {
      submissions: results.submissions,
      items: results.items,
      condorcetWinner: results.condorcetWinner,
      headToHead: results.headToHead,
    };
  }

  it('a rename keeps the item id and its votes; watchers get the new items live', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie']);
    const [a, b, c] = ids(created) as [string, string, string];
    const [p1, p2] = await Promise.all([h.guest(), h.guest()]);
    await h.submit(p1, created.id, [b, a, c]);
    await h.submit(p2, created.id, [b, c, a]);
    const before = await resultsOf(owner, created.id);

    const watcher = await owner.events(`/api/games/${created.id}/events`);
    try {
      const snapshot = JSON.parse((await watcher.nextEvent()).data) as EventData;
      expect(snapshot.version).toBe(2);

      const renamed = await edit(owner, created.id, [
        { id: a, label: 'Alpha' },
        { id: b, label: '  Bee  ' },
        { id: c, label: 'Charlie' },
      ]);
      expect(renamed.status).toBe(200);
      expect(renamed.body.game.items).toEqual([
        { id: a, label: 'Alpha' },
        { id: b, label: 'Bee' },
        { id: c, label: 'Charlie' },
      ]);
      expect(renamed.body.submissionCount).toBe(2);

      const live = await watcher.nextEvent();
      expect(live.event).toBe('snapshot');
      const data = JSON.parse(live.data) as EventData;
      expect(data).toMatchObject({ version: 3, change: 'items', submissionCount: 2 });
      expect(data.results?.items[0]).toMatchObject({ id: b, label: 'Bee', meanPosition: 1 });
    } finally {
      watcher.close();
    }

    const after = await resultsOf(owner, created.id);
    expect(after).toEqual({
      ...before,
      items: before.items.map((item) => (item.id === b ? { ...item, label: 'Bee' } : item)),
    });
    // Players keep their rankings and need not re-order.
    const mine = (await h.getGame(p1, created.id)).body.mySubmission;
    expect(mine).toMatchObject({ ranking: [b, a, c], needsReorder: false });
  });

  it('a removed item leaves the results and every saved ranking; resubmissions stay exact', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const [a, b, c, d] = ids(created) as [string, string, string, string];
    const players = await Promise.all([h.guest(), h.guest(), h.guest()]);
    const [p1, p2, p3] = players as [TestClient, TestClient, TestClient];
    await h.submit(p1, created.id, [a, b, c, d]);
    await h.submit(p2, created.id, [a, d, c, b]);
    await h.submit(p3, created.id, [b, a], { partial: true });

    // Alpha goes (everyone's first or second): the others move up, as if never there.
    const removed = await edit(owner, created.id, [
      { id: b, label: 'Bravo' },
      { id: c, label: 'Charlie' },
      { id: d, label: 'Delta' },
    ]);
    expect(removed.status).toBe(200);
    const items = removed.body.game.items;
    expect(items.map((item) => item.id)).toEqual([b, c, d]);

    const results = await resultsOf(owner, created.id);
    expect(results).toEqual(
      expected(
        [
          [b, c, d],
          [d, c, b],
        ],
        items,
      ),
    );
    expect(results.items.map((item) => item.meanPosition)).toEqual([2, 2, 2]);
    expect(results.items.every((item) => item.distribution.length === 3)).toBe(true);
    expect(JSON.stringify(results)).not.toContain(a);

    // Saved rankings (final and partial) no longer mention it.
    expect((await h.getGame(p1, created.id)).body.mySubmission).toMatchObject({
      ranking: [b, c, d],
      needsReorder: false,
    });
    expect((await h.getGame(p3, created.id)).body.mySubmission).toMatchObject({
      ranking: [b],
      partial: true,
    });

    // A final ranking is a permutation of the current items: the old one is refused.
    const stale = await h.submit(p1, created.id, [a, b, c, d]);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual(errorOf('invalid-argument', MESSAGES.rankingUnknownItem));
    // A resubmission replaces exactly what was counted for the player.
    const again = await h.submit(p1, created.id, [d, b, c]);
    expect(again.status).toBe(200);
    expect(again.body.submissionCount).toBe(2);
    expect(await resultsOf(owner, created.id)).toEqual(
      expected(
        [
          [d, b, c],
          [d, c, b],
        ],
        items,
      ),
    );
    const [tally] = await h.server.database.db
      .select()
      .from(gameTally)
      .where(eq(gameTally.gameId, created.id));
    expect(tally?.tally).toEqual(
      [
        [d, b, c],
        [d, c, b],
      ].reduce<Tally>((t, r) => addRanking(t, r), emptyTally()),
    );
    const rows = await h.server.database.db
      .select({ ranking: submission.ranking })
      .from(submission)
      .where(eq(submission.gameId, created.id));
    expect(rows.every((row) => !row.ranking.includes(a))).toBe(true);
  });

  it('added items ask old players to re-order, and a final ranking must include them', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie'], undefined, {
      sizeLimit: 3,
    });
    const [a, b, c] = ids(created) as [string, string, string];
    const [p1, p2] = await Promise.all([h.guest(), h.guest()]);
    await h.submit(p1, created.id, [c, b, a]);
    await h.submit(p2, created.id, [a, b, c]);

    const added = await edit(owner, created.id, [...created.items, 'Delta', { label: 'Echo' }]);
    expect(added.status).toBe(200);
    const items = added.body.game.items;
    expect(items.map((item) => item.label)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']);
    const [, , , d, e] = ids(added.body.game) as [string, string, string, string, string];
    expect(new Set([a, b, c, d, e]).size).toBe(5);
    // The players rule still counts the same players.
    expect(added.body.game).toMatchObject({ unlock: { playersNeeded: 1 }, closed: false });

    const mine = (await h.getGame(p1, created.id)).body.mySubmission;
    expect(mine).toMatchObject({ ranking: [c, b, a], partial: false, needsReorder: true });
    // New items have no votes yet: they come last, unranked.
    const results = await resultsOf(owner, created.id);
    expect(results).toEqual(
      expected(
        [
          [c, b, a],
          [a, b, c],
        ],
        items,
      ),
    );
    expect(results.items.slice(3).map((item) => [item.id, item.meanPosition])).toEqual([
      [d, null],
      [e, null],
    ]);

    const old = await h.submit(p1, created.id, [c, b, a]);
    expect(old.status).toBe(400);
    expect(old.body).toEqual(errorOf('invalid-argument', MESSAGES.rankingIncomplete));
    const reordered = await h.submit(p1, created.id, [e, c, b, a, d]);
    expect(reordered.status).toBe(200);
    expect(reordered.body.submissionCount).toBe(2);
    expect((await h.getGame(p1, created.id)).body.mySubmission).toMatchObject({
      needsReorder: false,
    });
    // Saved progress may hold any subset, new items or not.
    const progress = await h.submit(await h.guest(), created.id, [d], { partial: true });
    expect(progress.status).toBe(200);

    const db = h.server.database.db;
    const [record] = await db
      .select()
      .from(playedGame)
      .where(and(eq(playedGame.gameId, created.id), eq(playedGame.itemsCount, 5)));
    expect(record).toBeDefined();
  });

  it('refuses bad edits with the exact message, and changes nothing', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner);
    const cases: [unknown, string][] = [
      ['Alpha, Bravo', LIFECYCLE_MESSAGES.itemsMustBeArray],
      [{ 0: 'Alpha' }, LIFECYCLE_MESSAGES.itemsMustBeArray],
      [null, LIFECYCLE_MESSAGES.itemsMustBeArray],
      [undefined, LIFECYCLE_MESSAGES.itemsMustBeArray],
      [[], LIFECYCLE_MESSAGES.atLeastOneItem],
      [['', '   ', { label: ' ' }], LIFECYCLE_MESSAGES.atLeastOneItem],
      [['Alpha', 3], 'Each item must be text or { id, label, image }'],
      [['Alpha', null], 'Each item must be text or { id, label, image }'],
      [['Alpha', { id: 'x' }], 'Each item must be text or { id, label, image }'],
      [['Alpha', 'alpha '], MESSAGES.duplicateItems],
      [['Alpha', 'x'.repeat(121)], MESSAGES.itemTooLong],
      [['Alpha', 'x'.repeat(5000)], MESSAGES.itemTooLong],
    ];
    for (const [items, message] of cases) {
      const response = await owner.request('PATCH', `/api/games/${created.id}/items`, {
        items,
      });
      expect({ items, status: response.status, body: response.body }).toEqual({
        items,
        status: 400,
        body: errorOf('invalid-argument', message),
      });
    }
    const noBody = await owner.request('PATCH', `/api/games/${created.id}/items`, {});
    expect(noBody.body).toEqual(errorOf('invalid-argument', LIFECYCLE_MESSAGES.itemsMustBeArray));
    expect((await h.getGame(owner, created.id)).body.game.items).toEqual(created.items);
  });

  it('keeps at most 200 items and takes a single one', async () => {
    const owner = await h.user();
    const created = await h.createGame(owner);
    const many = await edit(
      owner,
      created.id,
      Array.from({ length: 260 }, (_, i) => (i % 13 === 0 ? ' ' : `Item ${i}`)),
    );
    expect(many.status).toBe(200);
    expect(many.body.game.items).toHaveLength(200);
    expect(many.body.game.items[0]?.label).toBe('Item 1');

    const one = await edit(owner, created.id, ['Only one']);
    expect(one.status).toBe(200);
    expect(one.body.game.items.map((item) => item.label)).toEqual(['Only one']);
    const [only] = ids(one.body.game) as [string];
    expect((await h.submit(await h.guest(), created.id, [only])).status).toBe(200);
  });
});
