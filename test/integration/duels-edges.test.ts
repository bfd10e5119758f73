/**
 * Duel games at their edges (issue 28, decision 0067): a guest's answers kept when they sign up
 * or sign in (counted once), the owner's item edits on a played game, a deleted player's answers
 * leaving the counts at once, the raw answers in the export, an analytics event per answer.
 * Every case ends with the counts equal to a recount of the stored answers.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  addDuelAnswers,
  DUEL_MESSAGES,
  pairKey,
  type DuelAnswer,
  type DuelStanding,
} from '../../src/domain/duels';
import type { GameView, ItemView } from '../../src/domain/game';
import { analyticsEvent } from '../../src/server/db/schema/analytics';
import { duelAnswer, duelOffer, gameTally, submission } from '../../src/server/db/schema/games';
import { deletePlayer } from '../../src/server/games/mutations';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type ResultsBody } from './harness';

type Progress = { answered: number; budget: number };
type Turn = { pair: [ItemView, ItemView]; progress: Progress } | { done: true; progress: Progress };
type Answered = { next: Turn; submissionCount: number };
type DuelResults = ResultsBody & {
  results: ResultsBody['results'] & { duels?: { standings: DuelStanding[] } };
};

const LABELS = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'];
const PASSWORD = 'correct horse battery';

describe.concurrent.each(testDatabases)('duel edges on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const duelGame = async (owner: TestClient, items = LABELS) => {
    const response = await owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Duel edges ${kind} ${tag()}`,
      items,
      ballot: { kind: 'duel' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  };

  const turn = async (player: TestClient, gameId: string): Promise<Turn> => {
    const response = await player.request<Turn>('GET', `/api/games/${gameId}/duel`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body;
  };

  /** Answers `count` duels (the first item shown wins); the pairs answered, as keys. */
  const play = async (player: TestClient, gameId: string, count: number) => {
    const answered: string[] = [];
    let next = await turn(player, gameId);
    for (let i = 0; i < count && 'pair' in next; i++) {
      const [a, b] = [next.pair[0].id, next.pair[1].id];
      const response = await player.request<Answered>('POST', `/api/games/${gameId}/duels`, {
        a,
        b,
        winner: a,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      answered.push(pairKey(a, b));
      next = response.body.next;
    }
    return answered;
  };

  const answersOf = (gameId: string, userId?: string) =>
    db()
      .select({
        userId: duelAnswer.userId,
        a: duelAnswer.a,
        b: duelAnswer.b,
        winner: duelAnswer.winner,
      })
      .from(duelAnswer)
      .where(
        userId === undefined
          ? eq(duelAnswer.gameId, gameId)
          : and(eq(duelAnswer.gameId, gameId), eq(duelAnswer.userId, userId)),
      );

  /** The stored tally counts exactly the stored answers, and the results (as the owner) too. */
  const expectCountsExact = async (owner: TestClient, gameId: string, answers: number) => {
    const stored = await answersOf(gameId);
    expect(stored).toHaveLength(answers);
    const [row] = await db().select().from(gameTally).where(eq(gameTally.gameId, gameId));
    expect(row?.tally.duels ?? { wins: {} }).toEqual(
      addDuelAnswers(undefined, stored as DuelAnswer[]),
    );
    // The server hears of a change made elsewhere (a deletion) by its event, a moment later.
    const read = async () => {
      const results = await owner.request<DuelResults>('GET', `/api/games/${gameId}/results`);
      expect(results.status).toBe(200);
      return results.body;
    };
    const duelsIn = (body: DuelResults) =>
      (body.results.duels?.standings ?? []).reduce((sum, standing) => sum + standing.duels, 0);
    await vi.waitFor(
      async () => {
        const counted = duelsIn(await read());
        if (counted !== 2 * answers) throw new Error(`${counted} duels, expected ${2 * answers}`);
      },
      { timeout: 10_000, interval: 50 },
    );
    return read();
  };

  const idOf = async (client: TestClient) =>
    (await client.request<{ profile: { id: string } }>('GET', '/api/me')).body.profile.id;

  it('a guest who signs up keeps their answers, counted once, and plays on', async () => {
    const owner = await h.user('Owner');
    const game = await duelGame(owner);
    const visitor = await h.guest();
    const played = await play(visitor, game.id, 4);
    await visitor.signUp({ name: 'Was A Guest' });
    const accountId = await idOf(visitor);
    const kept = await answersOf(game.id, accountId);
    expect(kept.map((answer) => pairKey(answer.a, answer.b)).sort()).toEqual([...played].sort());
    const next = await turn(visitor, game.id);
    expect(next.progress.answered).toBe(4);
    if ('pair' in next) {
      expect(played).not.toContain(pairKey(next.pair[0].id, next.pair[1].id));
    }
    await play(visitor, game.id, 2);
    const results = await expectCountsExact(owner, game.id, 6);
    expect(results.results.submissions).toBe(1);
  });

  it('a guest who signs in to an account that answered the same pairs: each pair counted once, the ballot from every answer', async () => {
    const owner = await h.user('Owner');
    // 7 items: 21 pairs, a budget of 20. 5 + 17 answers: at least one pair both answered.
    const game = await duelGame(owner, [...LABELS, 'Golf']);
    const email = `duelist-${tag()}@example.test`;
    const existing = new TestClient(h.url);
    await existing.signUp({ name: 'Duelist', email, password: PASSWORD });
    const accountId = await idOf(existing);
    const visitor = await h.guest();
    const guestId = await idOf(visitor);
    // Both answer pairs; the guest is offered the account's pairs too (they have not met them).
    await play(existing, game.id, 5);
    expect(await play(visitor, game.id, 17)).toHaveLength(17);
    const accountPairs = new Set(
      (await answersOf(game.id, accountId)).map((answer) => pairKey(answer.a, answer.b)),
    );
    const guestPairs = (await answersOf(game.id, guestId)).map((answer) =>
      pairKey(answer.a, answer.b),
    );
    const both = guestPairs.filter((key) => accountPairs.has(key)).length;
    const union = new Set([...accountPairs, ...guestPairs]).size;
    expect(both).toBeGreaterThan(0);
    await expectCountsExact(owner, game.id, 22);

    const signedIn = await visitor.signIn({ email, password: PASSWORD });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(await idOf(visitor)).toBe(accountId);
    expect(await answersOf(game.id, guestId)).toEqual([]);
    expect(await answersOf(game.id, accountId)).toHaveLength(union);
    const results = await expectCountsExact(owner, game.id, 22 - both);
    expect(results.results.submissions).toBe(1);
    // The ballot that stays ranks every item met in any of the answers.
    const met = new Set(
      (await answersOf(game.id, accountId)).flatMap((answer) => [answer.a, answer.b]),
    );
    const [ballot] = await db()
      .select({ ranking: submission.ranking })
      .from(submission)
      .where(and(eq(submission.gameId, game.id), eq(submission.userId, accountId)));
    expect(new Set(ballot?.ranking)).toEqual(met);
    // One offer stays, and the next pair is none of the answered ones, on either client.
    const offers = await db()
      .select()
      .from(duelOffer)
      .where(and(eq(duelOffer.gameId, game.id), eq(duelOffer.userId, accountId)));
    expect(offers.length).toBeLessThanOrEqual(1);
    for (const client of [visitor, existing]) {
      const next = await turn(client, game.id);
      expect(next.progress.answered).toBe(union);
      if ('pair' in next) {
        const key = pairKey(next.pair[0].id, next.pair[1].id);
        expect(accountPairs.has(key) || guestPairs.includes(key)).toBe(false);
      }
    }
    const more = await play(existing, game.id, 1);
    expect(more).toHaveLength(union < 20 ? 1 : 0);
    await expectCountsExact(owner, game.id, 22 - both + more.length);
  });

  it('item edits on a played duel game: a removed item’s answers stop counting and it is never offered; renames and additions keep the rest', async () => {
    const owner = await h.user('Owner');
    const game = await duelGame(owner);
    const players = [await h.guest(), await h.guest()];
    for (const player of players) await play(player, game.id, 6);
    const removed = game.items[0]!;
    const renamed = game.items[1]!;
    const touching = (await answersOf(game.id)).filter(
      (answer) => answer.a === removed.id || answer.b === removed.id,
    ).length;
    expect(touching).toBeGreaterThan(0);
    // Each player holds an offer now; one of them may be the removed item's.
    const edit = await owner.request('PATCH', `/api/games/${game.id}/items`, {
      items: [
        ...game.items
          .filter((item) => item.id !== removed.id)
          .map(({ id, label }) => ({ id, label: id === renamed.id ? 'Bravissimo' : label })),
        'Golf',
      ],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const results = await expectCountsExact(owner, game.id, 12 - touching);
    const standings = results.results.duels?.standings ?? [];
    expect(standings.map((standing) => standing.id)).not.toContain(removed.id);
    expect(results.results.items.find((item) => item.id === renamed.id)?.label).toBe('Bravissimo');
    for (const player of players) {
      // Every pair offered from now on is of current items, and the game goes on.
      let next = await turn(player, game.id);
      for (let i = 0; i < 8 && 'pair' in next; i++) {
        expect([next.pair[0].id, next.pair[1].id]).not.toContain(removed.id);
        const [a, b] = [next.pair[0].id, next.pair[1].id];
        const answered = await player.request<Answered>('POST', `/api/games/${game.id}/duels`, {
          a,
          b,
          winner: null,
        });
        expect(answered.status, JSON.stringify(answered.body)).toBe(200);
        next = answered.body.next;
      }
      // An answer naming the removed item is refused as not of the game, nothing counted.
      const stale = await player.request('POST', `/api/games/${game.id}/duels`, {
        a: removed.id,
        b: renamed.id,
        winner: removed.id,
      });
      expect(stale.status).toBe(400);
      expect(stale.body).toEqual(errorOf('invalid-argument', DUEL_MESSAGES.unknownItem));
    }
    const stored = await answersOf(game.id);
    expect(stored.some((answer) => answer.a === removed.id || answer.b === removed.id)).toBe(false);
    await expectCountsExact(owner, game.id, stored.length);
  });

  it('a deleted player’s answers and offer leave the counts at once', async () => {
    const owner = await h.user('Owner');
    const game = await duelGame(owner);
    const staying = await h.guest();
    const leaving = await h.user('Leaving');
    await play(staying, game.id, 3);
    await play(leaving, game.id, 5);
    // The server keeps the game's results in memory: read them before the deletion.
    await expectCountsExact(owner, game.id, 8);
    const leavingId = await idOf(leaving);
    await deletePlayer(db(), leavingId);
    expect(await answersOf(game.id, leavingId)).toEqual([]);
    const offers = await db().select().from(duelOffer).where(eq(duelOffer.userId, leavingId));
    expect(offers).toEqual([]);
    const results = await expectCountsExact(owner, game.id, 3);
    expect(results.results.submissions).toBe(1);
  });

  it('exports the raw answers as CSV and JSON; another kind’s answers are 400', async () => {
    const owner = await h.user('Owner');
    const game = await duelGame(owner);
    const player = await h.guest();
    await play(player, game.id, 3);
    const undecided = await turn(player, game.id);
    if (!('pair' in undecided)) throw new Error('done');
    const [a, b] = [undecided.pair[0].id, undecided.pair[1].id];
    expect(
      (await player.request('POST', `/api/games/${game.id}/duels`, { a, b, winner: null })).status,
    ).toBe(200);
    const label = new Map(game.items.map((item) => [item.id, item.label]));
    const stored = await answersOf(game.id);

    const csv = await owner.request<string>('GET', `/api/games/${game.id}/export.csv?what=answers`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/-answers\.csv"$/);
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('name,answered_at,item_a,item_b,winner');
    expect(lines).toHaveLength(1 + 4);
    const cells = lines.slice(1).map((line) => line.split(','));
    for (const row of cells) {
      expect(row).toHaveLength(5);
      expect(row[0]).toBe('Anonymous');
      expect(Number.isNaN(Date.parse(row[1]!))).toBe(false);
    }
    const expected = stored.map((answer) => [
      label.get(answer.a),
      label.get(answer.b),
      answer.winner === null ? '' : label.get(answer.winner),
    ]);
    expect(cells.map((row) => row.slice(2)).sort()).toEqual(expected.sort());
    expect(cells.filter((row) => row[4] === '')).toHaveLength(1);

    const json = await owner.request<{
      prompt: string;
      answers: { name: string; answeredAt: string; a: string; b: string; winner: string | null }[];
    }>('GET', `/api/games/${game.id}/export.json?what=answers`);
    expect(json.status).toBe(200);
    expect(json.body.prompt).toBe(game.prompt);
    expect(json.body.answers).toHaveLength(4);
    expect(Object.keys(json.body.answers[0]!)).toEqual(['name', 'answeredAt', 'a', 'b', 'winner']);
    expect(json.body.answers.filter((answer) => answer.winner === null)).toHaveLength(1);

    // Only the owner downloads; a ranking game has no answers.
    expect(
      (await player.request('GET', `/api/games/${game.id}/export.csv?what=answers`)).status,
    ).toBe(403);
    const ranking = await h.createGame(owner);
    const refused = await owner.request('GET', `/api/games/${ranking.id}/export.csv?what=answers`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(errorOf('invalid-argument', DUEL_MESSAGES.notDuelGame));
  });

  it('records a duel_answer analytics event per answer', async () => {
    const owner = await h.user('Owner');
    const game = await duelGame(owner);
    const player = await h.user('Analysed');
    const playerId = await idOf(player);
    await play(player, game.id, 3);
    await h.server.analytics.flush();
    const events = await db()
      .select({ props: analyticsEvent.props })
      .from(analyticsEvent)
      .where(and(eq(analyticsEvent.userId, playerId), eq(analyticsEvent.name, 'duel_answer')));
    expect(events.map((row) => row.props)).toEqual([
      { game_id: game.id },
      { game_id: game.id },
      { game_id: game.id },
    ]);
  });
});
