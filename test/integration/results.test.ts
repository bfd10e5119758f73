/** Results: who may see them and that the numbers are right, incrementally maintained. */
import { agreement } from '../../src/domain/agreement';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/game';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import { testDatabases } from '../support/server';
import { errorOf, ids, shuffled, useServer, resultsView } from './harness';

describe.concurrent.each(testDatabases)('results on %s', (kind) => {
  const h = useServer(kind);

  it('are hidden (403) from a viewer who has not submitted and from no session', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    await h.submit(await h.guest(), game.id, ids(game));
    const viewer = await h.guest();
    for (const client of [viewer, h.anonymous()]) {
      const response = await h.results(client, game.id);
      expect(response.status).toBe(403);
      expect(response.body).toEqual(errorOf('permission-denied', MESSAGES.resultsHidden));
    }
    const unknown = await h.results(viewer, 'no-such-game');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorOf('not-found', MESSAGES.gameNotFound));

    // ... and visible once they submit.
    await h.submit(viewer, game.id, ids(game).reverse());
    const after = await h.results(viewer, game.id);
    expect(after.status).toBe(200);
    expect(after.body.results.submissions).toBe(2);
  });

  it('are visible to the owner before anyone submits', async () => {
    const owner = await h.user();
    // Labels beyond ASCII: the results are sent as UTF-8 bytes kept per version.
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Crème brûlée 🍮', 'Δέλτα']);
    const response = await h.results(owner, game.id);
    expect(response.status).toBe(200);
    expect(response.body.results.submissions).toBe(0);
    expect(response.body.results.condorcetWinner).toBeNull();
    expect(response.body.results.headToHead).toEqual({});
    expect(response.body.results.myAgreement).toBeNull();
    expect(response.body.results.items).toHaveLength(4);
    for (const item of response.body.results.items) {
      expect(item).toMatchObject({
        meanPosition: null,
        firstShare: 0,
        distribution: [0, 0, 0, 0],
        contested: 0,
      });
    }
    expect(response.body.results.items.map((item) => item.label).sort()).toEqual([
      'Alpha',
      'Bravo',
      'Crème brûlée 🍮',
      'Δέλτα',
    ]);
  });

  it('are right for a known set of rankings, ties broken head to head', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Apple', 'Banana', 'Cherry', 'Apricot']);
    const [A, B, C, D] = ids(game, ['Apple', 'Banana', 'Cherry', 'Apricot']) as [
      string,
      string,
      string,
      string,
    ];
    const rankings = [
      [A, C, B, D],
      [B, A, C, D],
      [D, B, A, C],
    ];
    const players = await Promise.all(rankings.map(() => h.guest()));
    for (const [i, ranking] of rankings.entries()) {
      const response = await h.submit(players[i]!, game.id, ranking);
      expect(response.status).toBe(200);
      expect(response.body.submissionCount).toBe(i + 1);
    }

    const response = await h.results(owner, game.id);
    expect(response.status).toBe(200);
    const results = response.body.results;
    expect(results.submissions).toBe(3);
    // Apple and Banana both average 2, Cherry and Apricot both 3. By name Apple and Apricot
    // would come first; head to head Banana beats Apple 2-1 and Cherry beats Apricot 2-1.
    expect(results.items.map((item) => item.label)).toEqual([
      'Banana',
      'Apple',
      'Cherry',
      'Apricot',
    ]);
    const byLabel = Object.fromEntries(results.items.map((item) => [item.label, item]));
    expect(byLabel.Apple).toMatchObject({ meanPosition: 2, distribution: [1, 1, 1, 0] });
    expect(byLabel.Banana).toMatchObject({ meanPosition: 2, distribution: [1, 1, 1, 0] });
    expect(byLabel.Cherry).toMatchObject({
      meanPosition: 3,
      firstShare: 0,
      distribution: [0, 1, 1, 1],
    });
    expect(byLabel.Apricot).toMatchObject({ meanPosition: 3, distribution: [1, 0, 0, 2] });
    for (const label of ['Apple', 'Banana', 'Apricot'])
      expect(byLabel[label]!.firstShare).toBeCloseTo(1 / 3, 12);
    // Apple's positions 1,2,3: sd sqrt(2/3) over the largest possible sd (4-1)/2.
    expect(byLabel.Apple!.contested).toBeCloseTo(Math.sqrt(2 / 3) / 1.5, 12);
    expect(results.condorcetWinner).toBe(B);
    expect(results.headToHead[B]?.[A]).toBe(2);
    expect(results.headToHead[A]?.[B]).toBe(1);
    expect(results.headToHead[C]?.[D]).toBe(2);
    expect(results.headToHead[D]?.[C]).toBe(1);
    expect(results.myAgreement).toBeNull();

    // The same as computing it from scratch.
    const tally = rankings.reduce<Tally>((t, r) => addRanking(t, r), emptyTally());
    expect(results).toEqual(resultsView(tally, game.items, null));

    // A player sees how much they agree with the crowd.
    const second = await h.results(players[1]!, game.id);
    expect(second.body.results.myAgreement).toBe(100);
    const first = await h.results(players[0]!, game.id);
    expect(first.body.results.myAgreement).toBeCloseTo((100 * 4) / 6, 10);
    expect({ ...first.body.results, myAgreement: null }).toEqual(results);
  });

  it('stay consistent over many submissions and resubmissions', async () => {
    const owner = await h.user();
    const labels = ['One', 'Two', 'Three', 'Four', 'Five', 'Six'];
    const game = await h.createGame(owner, labels);
    const itemIds = ids(game);
    const players = await Promise.all(Array.from({ length: 16 }, () => h.guest()));
    const finals = new Map<number, string[]>();

    const round = async (who: number[]) => {
      const rankings = who.map(() => shuffled(itemIds));
      const responses = await Promise.all(
        who.map((p, i) => h.submit(players[p]!, game.id, rankings[i])),
      );
      responses.forEach((response, i) => {
        expect(response.status).toBe(200);
        finals.set(who[i]!, rankings[i]!);
      });
    };
    await round(players.map((_, i) => i));
    await round([0, 3, 5, 7, 11]);
    await round([3, 4, 5]);
    // Progress saved after a final ranking does not change anything.
    await Promise.all(
      [1, 2].map((p) => h.submit(players[p]!, game.id, [itemIds[0]], { partial: true })),
    );
    await round([15, 0]);

    const expected = resultsView(
      [...finals.values()].reduce<Tally>((t, r) => addRanking(t, r), emptyTally()),
      game.items,
      null,
    );
    const response = await h.results(owner, game.id);
    expect(response.status).toBe(200);
    expect(response.body.results).toEqual(expected);
    expect((await h.getGame(owner, game.id)).body.submissionCount).toBe(16);

    const consensus = expected.items.map((item) => item.id);
    for (const p of [0, 5, 9]) {
      const mine = await h.results(players[p]!, game.id);
      expect(mine.body.results.myAgreement).toBe(agreement(finals.get(p)!, consensus));
      expect((await h.getGame(players[p]!, game.id)).body.mySubmission?.ranking).toEqual(
        finals.get(p),
      );
    }
  });
});
