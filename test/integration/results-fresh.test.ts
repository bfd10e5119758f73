/**
 * A results read is never served stale: its body is kept per results version (the shared part)
 * and per ballot (the viewer's agreement), and must follow every change — another viewer, a
 * resubmission, an item edit, an import — the next read after it.
 */
import { describe, expect, it } from 'vitest';
import { agreement } from '../../src/domain/agreement';
import type { GameView } from '../../src/domain/game';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { ids, resultsView, useServer } from './harness';

describe.concurrent.each(testDatabases)('results reads kept per version on %s', (kind) => {
  const h = useServer(kind);

  /** What a read must answer: the results counted from scratch, with this ballot's agreement. */
  function expected(
    rankings: string[][],
    items: GameView['items'],
    mine: string[] | null,
    imported = 0,
  ) {
    const tally = rankings.reduce<Tally>((t, r) => addRanking(t, r), emptyTally());
    const view = resultsView(tally, items, null);
    const crowd = view.items.map((item) => item.id);
    return {
      ...view,
      myAgreement: mine ? agreement(mine, crowd) : null,
      ...(imported > 0 ? { imported } : {}),
    };
  }

  async function read(client: TestClient, gameId: string) {
    const response = await h.results(client, gameId);
    expect(response.status).toBe(200);
    return response.body.results;
  }

  it('follows each viewer, resubmission, item edit and import', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Apple', 'Banana', 'Cherry', 'Damson']);
    const [a, b, c, d] = ids(game) as [string, string, string, string];
    const [p1, p2] = await Promise.all([h.guest(), h.guest()]);
    let first = [a, b, c, d];
    const second = [d, c, a, b];
    expect((await h.submit(p1, game.id, first)).status).toBe(200);
    expect((await h.submit(p2, game.id, second)).status).toBe(200);

    // Each viewer gets their own agreement from the same version, whoever read first.
    for (const [client, mine] of [
      [owner, null],
      [p1, first],
      [p2, second],
      [p1, first],
      [owner, null],
    ] as const) {
      expect(await read(client, game.id)).toEqual(expected([first, second], game.items, mine));
    }
    expect((await read(p1, game.id)).myAgreement).not.toBe((await read(p2, game.id)).myAgreement);

    // A resubmission: new counts, and every player's agreement with the new crowd.
    first = [c, d, a, b];
    expect((await h.submit(p1, game.id, first)).status).toBe(200);
    expect(await read(p1, game.id)).toEqual(expected([first, second], game.items, first));
    expect(await read(p2, game.id)).toEqual(expected([first, second], game.items, second));

    // An item renamed: the next read has its new label.
    const renamed = game.items.map((item) =>
      item.id === b ? { ...item, label: 'Blueberry' } : item,
    );
    const edit = await owner.request<{ game: GameView }>('PATCH', `/api/games/${game.id}/items`, {
      items: renamed.map((item) => ({ id: item.id, label: item.label })),
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const items = edit.body.game.items;
    expect(items.find((item) => item.id === b)?.label).toBe('Blueberry');
    expect(await read(owner, game.id)).toEqual(expected([first, second], items, null));
    expect(await read(p2, game.id)).toEqual(expected([first, second], items, second));

    // Ballots imported: counted, and their count sent.
    const imported = await owner.request('POST', `/api/games/${game.id}/ballots`, undefined, {
      raw: 'name,submitted_at,1,2,3,4\nBo,,Damson,Cherry,Blueberry,Apple\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const all = [first, second, [d, c, b, a]];
    expect(await read(owner, game.id)).toEqual(expected(all, items, null, 1));
    expect(await read(p1, game.id)).toEqual(expected(all, items, first, 1));
  });
});
