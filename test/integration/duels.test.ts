/**
 * Duel games (issue 28, decision 0060), server side: the pair offered, answers through the
 * submission batcher, the 409s, never the same pair twice, done after the budget, and results
 * whose matrix is the answers' and whose headline order is Bradley–Terry's with a band.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { duelBudget, DUEL_MESSAGES, pairKey } from '../../src/domain/duels';
import type { GameView, ItemView } from '../../src/domain/game';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import type { DuelStanding } from '../../src/domain/duels';
import { duelAnswer, submission } from '../../src/server/db/schema/games';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type ResultsBody } from './harness';

type Progress = { answered: number; budget: number };
type Turn = { pair: [ItemView, ItemView]; progress: Progress } | { done: true; progress: Progress };
type Answered = {
  answered: { a: string; b: string; winner: string | null };
  next: Turn;
  submissionCount: number;
  closed?: true;
};
type DuelResults = ResultsBody & {
  results: ResultsBody['results'] & { duels?: { standings: DuelStanding[] } };
};

const LABELS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'];

describe.concurrent.each(testDatabases)('duels on %s', (kind) => {
  const h = useServer(kind);

  const duelGame = async (
    owner: TestClient,
    extra: Record<string, unknown> = {},
    items = LABELS,
  ) => {
    const response = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Duels ${kind} ${Math.random()}`,
      items,
      ballot: { kind: 'duel' },
      ...extra,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  };

  const turn = (player: TestClient, game: GameView) =>
    player.request<Turn>('GET', `/api/games/${game.id}/duel`);

  const answer = (player: TestClient, game: GameView, body: unknown) =>
    player.request<Answered>('POST', `/api/games/${game.id}/duels`, body);

  /** The pair offered now (fails when the player is done). */
  const pairOf = async (player: TestClient, game: GameView): Promise<[string, string]> => {
    const response = await turn(player, game);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (!('pair' in response.body)) throw new Error('done');
    return [response.body.pair[0].id, response.body.pair[1].id];
  };

  /** Plays every duel the player is offered, picking the item earlier in `order`. */
  const playAll = async (player: TestClient, game: GameView, order: readonly string[]) => {
    let next: Turn = (await turn(player, game)).body;
    const seen: string[] = [];
    while ('pair' in next) {
      const [a, b] = [next.pair[0].id, next.pair[1].id];
      seen.push(pairKey(a, b));
      const winner = order.indexOf(a) < order.indexOf(b) ? a : b;
      const response = await answer(player, game, { a, b, winner });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      next = response.body.next;
    }
    return { seen, progress: next.progress };
  };

  it('creates a duel game and offers a pair of its items, the same until answered', async () => {
    const owner = await h.user();
    const game = await duelGame(owner);
    expect(game.ballot).toEqual({ kind: 'duel' });
    const player = await h.guest();
    const first = await turn(player, game);
    expect(first.status).toBe(200);
    if (!('pair' in first.body)) throw new Error('expected a pair');
    expect(first.body.progress).toEqual({ answered: 0, budget: duelBudget(5) });
    const [a, b] = first.body.pair;
    expect(a.id).not.toBe(b.id);
    for (const item of [a, b]) expect(game.items).toContainEqual(item);
    const again = await turn(player, game);
    expect(again.body).toEqual(first.body);
  });

  it('takes the answer, counts the player and offers the next pair in the same answer', async () => {
    const owner = await h.user();
    const game = await duelGame(owner);
    const player = await h.user('Duellist');
    const [a, b] = await pairOf(player, game);
    const response = await answer(player, game, { a, b, winner: b });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.answered).toEqual({ a, b, winner: b });
    expect(response.body.submissionCount).toBe(1);
    const next = response.body.next;
    if (!('pair' in next)) throw new Error('expected a next pair');
    expect(next.progress).toEqual({ answered: 1, budget: duelBudget(5) });
    expect(pairKey(next.pair[0].id, next.pair[1].id)).not.toBe(pairKey(a, b));
    // The next pair is the one offered now.
    expect(await pairOf(player, game)).toEqual([next.pair[0].id, next.pair[1].id]);
    // Their ballot: the order their answers imply, the items they met (b beat a).
    const userId = (await h.me(player)).id;
    const [row] = await h.server.database.db
      .select({ ranking: submission.ranking, partial: submission.partial })
      .from(submission)
      .where(and(eq(submission.gameId, game.id), eq(submission.userId, userId)));
    expect(row).toEqual({ ranking: [b, a], partial: false });
    const stored = await h.server.database.db
      .select({ a: duelAnswer.a, b: duelAnswer.b, winner: duelAnswer.winner })
      .from(duelAnswer)
      .where(eq(duelAnswer.gameId, game.id));
    expect(stored).toEqual([{ a: a < b ? a : b, b: a < b ? b : a, winner: b }]);
  });

  it('refuses a pair not offered, an answered pair and bad input; nothing changes', async () => {
    const owner = await h.user();
    const game = await duelGame(owner);
    const player = await h.guest();
    const [a, b] = await pairOf(player, game);
    const other = game.items.map((item) => item.id).find((id) => id !== a && id !== b)!;
    const notOffered = await answer(player, game, { a, b: other, winner: a });
    expect(notOffered.status).toBe(409);
    expect(notOffered.body).toEqual(errorOf('aborted', DUEL_MESSAGES.notOffered));
    for (const [body, message] of [
      [{ a, b: 'nope', winner: a }, DUEL_MESSAGES.unknownItem],
      [{ a, b: a, winner: a }, DUEL_MESSAGES.sameItem],
      [{ a, b, winner: other }, DUEL_MESSAGES.badWinner],
      [{ a, b, winner: 7 }, DUEL_MESSAGES.badWinner],
      [{ a, b }, DUEL_MESSAGES.badWinner],
    ] as const) {
      const refused = await answer(player, game, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual(errorOf('invalid-argument', message));
    }
    // Either order of the pair offered is the pair; "can't decide" is null.
    const taken = await answer(player, game, { a: b, b: a, winner: null });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    const twice = await answer(player, game, { a, b, winner: null });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual(errorOf('aborted', DUEL_MESSAGES.alreadyAnswered));
    expect((await h.getGame(owner, game.id)).body.submissionCount).toBe(1);
  });

  it('never offers a pair twice and is done after the budget', async () => {
    const owner = await h.user();
    const game = await duelGame(owner);
    const order = game.items.map((item) => item.id);
    const player = await h.guest();
    const { seen, progress } = await playAll(player, game, order);
    expect(seen).toHaveLength(duelBudget(5));
    expect(new Set(seen).size).toBe(seen.length);
    expect(progress).toEqual({ answered: duelBudget(5), budget: duelBudget(5) });
    const done = await turn(player, game);
    expect(done.body).toEqual({ done: true, progress });
  });

  it('a game that does not ask for duels, a missing game, and a closed one', async () => {
    const owner = await h.user();
    const ranked = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Ranked ${kind} ${Math.random()}`,
      items: LABELS,
    });
    const player = await h.guest();
    const notDuel = await turn(player, ranked.body.game);
    expect(notDuel.status).toBe(400);
    expect(notDuel.body).toEqual(errorOf('invalid-argument', DUEL_MESSAGES.notDuelGame));
    const missing = await player.request('GET', '/api/games/no-such-game/duel');
    expect(missing.status).toBe(404);

    const game = await duelGame(owner);
    const [a, b] = await pairOf(player, game);
    expect((await owner.request('POST', `/api/games/${game.id}/close`)).status).toBe(200);
    const closed = await player.request<{ error: { message: string } }>(
      'POST',
      `/api/games/${game.id}/duels`,
      { a, b, winner: a },
    );
    expect(closed.status).toBe(403);
    expect(closed.body.error.message).toBe(LIFECYCLE_MESSAGES.closed);
    expect((await turn(player, game)).status).toBe(403);
    // A ranking sent to a duel game is refused.
    const other = await duelGame(owner);
    const put = await player.request('PUT', `/api/games/${other.id}/submission`, {
      ranking: other.items.map((item) => item.id),
    });
    expect(put.status).toBe(400);
  });

  it('results: the matrix is the answers, the headline order Bradley–Terry with a band', async () => {
    const owner = await h.user();
    const game = await duelGame(owner);
    const order = game.items.map((item) => item.id); // the true order: Alpha best
    const players = await Promise.all([h.guest(), h.guest(), h.guest()]);
    await Promise.all(players.map((player) => playAll(player, game, order)));
    const response = await owner.request<DuelResults>('GET', `/api/games/${game.id}/results`);
    expect(response.status).toBe(200);
    const results = response.body.results;
    expect(results.submissions).toBe(3);
    const standings = results.duels!.standings;
    expect(standings.map((standing) => standing.id)).toEqual(order);
    for (const standing of standings) {
      expect(standing.low).toBeLessThan(standing.strength);
      expect(standing.high).toBeGreaterThan(standing.strength);
    }
    // Each answer is one preference: 3 players × budget answers in all.
    const total = Object.values(results.headToHead)
      .flatMap((row) => Object.values(row))
      .reduce((sum, count) => sum + count, 0);
    expect(total).toBe(3 * duelBudget(5));
    expect(results.condorcetWinner).toBe(order[0]);
    expect(results.items.map((item) => item.id)).toEqual(order);
    // One winner (decision 0066): strength is the default method and names the crown.
    expect(results.method).toBe('strength');
    expect(results.winners.strength).toBe(order[0]);
    expect(results.groups[0]).toEqual([order[0]]);
    const mean = await owner.request<DuelResults>(
      'GET',
      `/api/games/${game.id}/results?method=mean`,
    );
    expect(mean.body.results.method).toBe('mean');
    const card = await owner.request<{ card: { method: string; leaders: { label: string }[] } }>(
      'GET',
      `/api/games/${game.id}/card`,
    );
    expect(card.body.card.method).toBe('strength');
    expect(card.body.card.leaders[0]?.label).toBe(game.items[0]?.label);
  });

  it('strength is a duel game’s method only: 400 for another kind', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    for (const path of ['results', 'card']) {
      const response = await owner.request('GET', `/api/games/${game.id}/${path}?method=strength`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: {
          message: 'Method must be one of: mean, borda, schulze, irv, strength (duel games only)',
        },
      });
    }
  });
});
