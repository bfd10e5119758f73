/**
 * The results side of ballot kinds (issue 25): a tiers game's results carry the crowd's tier
 * list (the payload, the live events and the share card), read from memory (no statement about
 * the game per read); every method's results send their groups of tied items, so a top N's items
 * nobody ranked are one group at the bottom.
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import type { CrowdTiers } from '../../src/domain/results';
import type { PublicCard } from '../../src/domain/card';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, statementsNaming, useServer, type EventData } from './harness';

const TIERS = [
  { label: 'Great', color: '#1e3a8a' },
  { label: 'Fine', color: '#ffdf80' },
  { label: 'Meh', color: '#7fbfff' },
];

type ByMethod = {
  results: { method: string; items: { id: string }[]; groups: string[][]; crowdTiers?: CrowdTiers };
};

describe.concurrent.each(testDatabases)('crowd tier list and tied groups on %s', (kind) => {
  const h = useServer(kind);

  const created = async (owner: TestClient, ballot: unknown, items: string[]) => {
    const response = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Crowd ${kind} ${Math.random()}`,
      items,
      ballot,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  };

  const playsTiers = async (game: GameView, tiers: string[][]) => {
    const response = await (
      await h.guest()
    ).request('PUT', `/api/games/${game.id}/submission`, {
      tiers,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  const labelsOf = (crowd: CrowdTiers) => ({
    tiers: crowd.tiers.map((tier) => tier.map((item) => item.label)),
    pool: crowd.pool.map((item) => item.label),
  });

  it('a tiers game’s results carry the crowd’s tier list, from memory, live, on the card', async () => {
    const owner = await h.user('Owner');
    const game = await created(owner, { kind: 'tiers', tiers: TIERS }, ['A', 'B', 'C', 'D', 'E']);
    const [a, b, c, d] = ids(game) as [string, string, string, string];

    // Before anyone plays: every item in the pool.
    const empty = (await h.results(owner, game.id)).body.results.crowdTiers;
    expect(empty && labelsOf(empty)).toEqual({
      tiers: [[], [], []],
      pool: ['A', 'B', 'C', 'D', 'E'],
    });

    const stream = await owner.events(`/api/games/${game.id}/events`);
    try {
      const first = JSON.parse((await stream.nextEvent(5000)).data) as EventData;
      expect(first.results?.crowdTiers?.pool).toHaveLength(5);

      await playsTiers(game, [[a, b], [c], []]);
      await playsTiers(game, [[a], [b, c], [d]]);
      // a: 0, 0 → Great; b: 0, 1 → halfway, the better → Great; c: 1, 1 → Fine; d: 2 → Meh.
      const expected = { tiers: [['A', 'B'], ['C'], ['D']], pool: ['E'] };
      const results = (await h.results(owner, game.id)).body.results;
      expect(results.crowdTiers && labelsOf(results.crowdTiers)).toEqual(expected);
      const bItem = results.crowdTiers?.tiers[0]?.[1];
      expect(bItem).toEqual({ id: b, label: 'B', meanTier: 0.5, counts: [1, 1, 0], pool: 0 });
      expect(results.crowdTiers?.tiers[2]?.[0]).toMatchObject({ counts: [0, 0, 1], pool: 1 });

      // The live events carry it as it changes.
      let live: EventData | undefined;
      while (live?.results?.submissions !== 2) {
        const message = await stream.nextEvent(5000);
        if (message.event === 'submission') live = JSON.parse(message.data) as EventData;
      }
      expect(live.results?.crowdTiers && labelsOf(live.results.crowdTiers)).toEqual(expected);
    } finally {
      stream.close();
    }

    // Served from memory: reading again (every method but the runoff) names the game in no
    // statement. A late event of this instance's own writes may make it forget the game once on a
    // loaded machine (the next read brings it back), so a pass may be repeated, never more than
    // twice: a game read from the database every time names itself in every pass.
    const readsEveryMethod = async () => {
      for (const method of ['mean', 'borda', 'schulze', 'mean']) {
        const read = await owner.request<ByMethod>(
          'GET',
          `/api/games/${game.id}/results?method=${method}`,
        );
        expect(read.status).toBe(200);
        expect(read.body.results.crowdTiers && labelsOf(read.body.results.crowdTiers)).toEqual({
          tiers: [['A', 'B'], ['C'], ['D']],
          pool: ['E'],
        });
      }
    };
    const passes: number[] = [];
    while (passes.length < 3 && passes.at(-1) !== 0) {
      passes.push(await statementsNaming(h, game.id, readsEveryMethod));
    }
    expect(passes.at(-1), `statements naming the game, pass by pass: ${passes.join(', ')}`).toBe(0);
    // (The count sees statements: the game's own read asks for the viewer's submission.)
    const seen = await statementsNaming(h, game.id, async () => {
      expect((await h.getGame(owner, game.id)).status).toBe(200);
    });
    expect(seen).toBeGreaterThan(0);

    // The share card draws it: every tier, its colour and first items.
    const card = await h
      .anonymous()
      .request<{ card: PublicCard }>('GET', `/api/games/${game.id}/card`);
    expect(card.body.card.tiers).toEqual([
      { label: 'Great', color: '#1e3a8a', items: ['A', 'B'], more: 0 },
      { label: 'Fine', color: '#ffdf80', items: ['C'], more: 0 },
      { label: 'Meh', color: '#7fbfff', items: ['D'], more: 0 },
    ]);
    const png = await fetch(new URL(`/og/g/${game.id}.png`, h.server.url));
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('other kinds have no tier list; every method sends its groups of tied items', async () => {
    const owner = await h.user('Owner');
    const labels = ['A', 'B', 'C', 'D', 'E', 'F'];
    const top = await created(owner, { kind: 'top', n: 2 }, labels);
    const [a, b, c] = ids(top) as [string, string, string];
    for (const ballot of [
      [a, b],
      [a, c],
    ]) {
      const response = await h.submit(await h.guest(), top.id, ballot);
      expect(response.status).toBe(200);
    }
    for (const method of ['mean', 'borda', 'schulze', 'irv']) {
      const read = await owner.request<ByMethod>(
        'GET',
        `/api/games/${top.id}/results?method=${method}`,
      );
      expect(read.status, method).toBe(200);
      const { groups, items, crowdTiers } = read.body.results;
      expect(crowdTiers, method).toBeUndefined();
      // The groups are the order, cut where places change.
      expect(groups.flat(), method).toEqual(items.map((item) => item.id));
      expect(groups[0], method).toEqual([a]);
      // The three items nobody ranked share the last place (instant runoff's winner has a
      // majority in round 1, so every other item is out with 0 ballots there: one group).
      expect(groups.at(-1), method).toEqual(expect.arrayContaining(ids(top).slice(3)));
      expect(groups.at(-1)?.length, method).toBe(method === 'irv' ? 5 : 3);
    }
    // b and c: one ballot each at 2nd, unranked (4.5) in the other: tied under every method
    // that counts places.
    const mean = await owner.request<ByMethod>('GET', `/api/games/${top.id}/results`);
    expect(new Set(mean.body.results.groups[1])).toEqual(new Set([b, c]));

    const ranking = await created(owner, { kind: 'ranking' }, labels);
    await h.submit(await h.guest(), ranking.id, ids(ranking));
    const plain = (await h.results(owner, ranking.id)).body.results;
    expect(plain.crowdTiers).toBeUndefined();
    const card = await h
      .anonymous()
      .request<{ card: PublicCard }>('GET', `/api/games/${ranking.id}/card`);
    expect(card.body.card.tiers).toBeUndefined();
  });
});
