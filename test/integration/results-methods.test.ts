/**
 * Voting methods through the API (issue 13): each method's order and every method's winner, the
 * instant runoff's rounds, bad methods answered 400, locked results hidden whatever the method,
 * and the closest other player by the name they showed.
 */
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import type { IrvRound } from '../../src/domain/methods';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

type MethodBody = {
  results: {
    method: string;
    submissions: number;
    items: { id: string; label: string }[];
    winners: Record<string, string | null>;
    irvRounds?: IrvRound[];
    myAgreement: number | null;
  };
};

describe.each(testDatabases)('voting methods on %s', (kind) => {
  const h = useServer(kind);

  const results = (client: TestClient, game: GameView, method?: string) =>
    client.request<MethodBody>(
      'GET',
      `/api/games/${game.id}/results${method ? `?method=${method}` : ''}`,
    );

  /** Tea beats Coffee and Cocoa head to head (3 to 2 each) with one first place only. */
  async function splitElection() {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner, ['Coffee', 'Cocoa', 'Tea'], 'Best hot drink');
    const [coffee, cocoa, tea] = game.items.map((item) => item.id) as [string, string, string];
    const ballots: [string, string[]][] = [
      ['Ann', [coffee, tea, cocoa]],
      ['Bob', [coffee, tea, cocoa]],
      ['Cid', [cocoa, tea, coffee]],
      ['Dee', [cocoa, tea, coffee]],
      ['Eve', [tea, coffee, cocoa]],
    ];
    const players: Record<string, TestClient> = {};
    for (const [name, ranking] of ballots) {
      const player = await h.user(name);
      expect((await h.submit(player, game.id, ranking)).status).toBe(200);
      players[name] = player;
    }
    return { owner, game, players, ids: { coffee, cocoa, tea } };
  }

  it('orders by each method and names every winner, instant runoff with its rounds', async () => {
    const { owner, game, ids } = await splitElection();
    const mean = await results(owner, game);
    expect(mean.status).toBe(200);
    expect(mean.body.results.method).toBe('mean');
    expect(mean.body.results.items[0]?.id).toBe(ids.tea);
    expect(mean.body.results.winners).toEqual({ mean: ids.tea, borda: ids.tea, schulze: ids.tea });

    const schulze = await results(owner, game, 'schulze');
    expect(schulze.body.results.method).toBe('schulze');
    expect(schulze.body.results.items.map((item) => item.id)).toEqual([
      ids.tea,
      ids.coffee,
      ids.cocoa,
    ]);

    const irv = await results(owner, game, 'irv');
    expect(irv.status).toBe(200);
    expect(irv.body.results.winners.irv).toBe(ids.coffee);
    expect(irv.body.results.items[0]?.id).toBe(ids.coffee);
    const [first, second] = irv.body.results.irvRounds ?? [];
    expect(first).toEqual({
      counts: { [ids.coffee]: 2, [ids.cocoa]: 2, [ids.tea]: 1 },
      eliminated: ids.tea,
    });
    expect(second?.counts).toEqual({ [ids.coffee]: 3, [ids.cocoa]: 2 });

    // A changed ballot is counted: the runoff follows (its ballots are read again).
    const fan = await h.user('Fan');
    await h.submit(fan, game.id, [ids.cocoa, ids.coffee, ids.tea]);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await results(owner, game, 'irv');
    expect(after.body.results.submissions).toBe(6);
    expect(after.body.results.irvRounds?.[0]?.counts[ids.cocoa]).toBe(3);
  });

  it('answers an unknown method with 400 and locked results with 403 whatever the method', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner, undefined, undefined, { sizeLimit: 5 });
    const bad = await results(owner, game, 'dictator');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual(
      errorOf(
        'invalid-argument',
        'Method must be one of: mean, borda, schulze, irv, strength (duel games only)',
      ),
    );
    const player = await h.guest();
    await h.submit(
      player,
      game.id,
      game.items.map((item) => item.id),
    );
    for (const method of ['mean', 'borda', 'schulze', 'irv']) {
      const hidden = await results(player, game, method);
      expect(hidden.status, method).toBe(403);
      expect(JSON.stringify(hidden.body)).not.toContain('"items"');
    }
    const closest = await player.request('GET', `/api/games/${game.id}/closest`);
    expect(closest.status).toBe(403);
  });

  it('finds the closest other player by the name they showed', async () => {
    const { game, players, ids } = await splitElection();
    // An unnamed guest with exactly Ann's order is never named.
    const guest = await h.guest();
    await h.submit(guest, game.id, [ids.coffee, ids.tea, ids.cocoa]);
    const ann = await players.Ann!.request<{ closest: { name: string; agreement: number } }>(
      'GET',
      `/api/games/${game.id}/closest`,
    );
    expect(ann.status).toBe(200);
    expect(ann.body.closest).toEqual({ name: 'Bob', agreement: 100 });
    const eve = await players.Eve!.request<{ closest: { name: string } }>(
      'GET',
      `/api/games/${game.id}/closest`,
    );
    expect(['Ann', 'Bob']).toContain(eve.body.closest.name);
    expect(JSON.stringify(eve.body)).not.toMatch(/@|userId/);
  });
});
