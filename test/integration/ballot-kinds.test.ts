/**
 * Ballot kinds (issue 25), server side: a game asks for a full ranking, the top N or tiers; the
 * creator's ballot is checked, players' ballots are checked against it, counted, and read back as
 * they were sent; the ballot is fixed once someone has played; refused requests change nothing.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BALLOT_MESSAGES, DEFAULT_TIERS, type BallotSpec } from '../../src/domain/ballot';
import type { GameView } from '../../src/domain/game';
import { submission } from '../../src/server/db/schema/games';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type GameBody, type SubmitBody } from './harness';

const LETTERS = 'ABCDEFGHIJKL'.split('').map((letter) => `Item ${letter}`);
const TIERS = [
  { label: 'Great', color: '#ff7f7f' },
  { label: 'Fine', color: '#ffdf80' },
  { label: 'Meh', color: '#7fbfff' },
];

type GameAnswer = { game: GameView; submissionCount: number };

describe.concurrent.each(testDatabases)('ballot kinds on %s', (kind) => {
  const h = useServer(kind);

  const create = (owner: TestClient, ballot: unknown, items: string[] = LETTERS) =>
    owner.request<{ game: GameView }>('POST', '/api/games', {
      prompt: `Ballots ${kind} ${Math.random()}`,
      items,
      ...(ballot === undefined ? {} : { ballot }),
    });

  const created = async (owner: TestClient, ballot: BallotSpec | Record<string, unknown>) => {
    const response = await create(owner, ballot);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.game;
  };

  const tiers = (player: TestClient, game: GameView, sent: unknown, extra = {}) =>
    player.request<SubmitBody>('PUT', `/api/games/${game.id}/submission`, {
      tiers: sent,
      ...extra,
    });

  const setBallot = (owner: TestClient, game: GameView, ballot: unknown) =>
    owner.request<GameAnswer>('PUT', `/api/games/${game.id}/ballot`, { ballot });

  const savedRow = async (gameId: string, userId: string) => {
    const [row] = await h.server.database.db
      .select({ ranking: submission.ranking, groups: submission.groups })
      .from(submission)
      .where(and(eq(submission.gameId, gameId), eq(submission.userId, userId)));
    return row ?? null;
  };

  const userIdOf = async (client: TestClient) => (await h.me(client)).id;

  it('creates each kind and answers it on GET; a full ranking by default, S to D tiers', async () => {
    const owner = await h.user();
    const plain = await created(owner, { kind: 'ranking' });
    expect(plain.ballot).toEqual({ kind: 'ranking' });
    const unsaid = await create(owner, undefined);
    expect(unsaid.body.game.ballot).toEqual({ kind: 'ranking' });

    const top = await created(owner, { kind: 'top', n: 10 });
    expect(top.ballot).toEqual({ kind: 'top', n: 10 });
    const read = await h.getGame(await h.guest(), top.slug);
    expect(read.body.game.ballot).toEqual({ kind: 'top', n: 10 });

    const tiered = await created(owner, {
      kind: 'tiers',
      tiers: [
        { label: '  Great  ', color: '#FF7F7F' },
        { label: 'Meh', color: '#7fbfff' },
      ],
    });
    expect(tiered.ballot).toEqual({
      kind: 'tiers',
      tiers: [
        { label: 'Great', color: '#ff7f7f' },
        { label: 'Meh', color: '#7fbfff' },
      ],
    });
    const defaults = await created(owner, { kind: 'tiers' });
    expect(defaults.ballot).toEqual({ kind: 'tiers', tiers: DEFAULT_TIERS });
    expect((await h.getGame(owner, defaults.id)).body.game.ballot).toEqual(defaults.ballot);
  });

  it('the builder takes a ballot too', async () => {
    const owner = await h.user();
    const built = await owner.request<{ game: GameView }>('POST', '/api/community', {
      title: `Built ${Math.random()}`,
      items: LETTERS.slice(0, 5),
      ballot: { kind: 'top', n: 3 },
    });
    expect(built.status, JSON.stringify(built.body)).toBe(201);
    expect(built.body.game.ballot).toEqual({ kind: 'top', n: 3 });
    const refused = await owner.request('POST', '/api/community', {
      title: `Built ${Math.random()}`,
      items: LETTERS.slice(0, 5),
      ballot: { kind: 'top', n: 6 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(
      errorOf('invalid-argument', 'Top N must be a whole number from 1 to 5'),
    );
  });

  it('refuses bad ballots with the rule’s message and creates nothing', async () => {
    const owner = await h.user();
    const tiersOf = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ label: `T${i}`, color: '#aabbcc' }));
    const bad: [string, unknown, string][] = [
      ['N = 0', { kind: 'top', n: 0 }, 'Top N must be a whole number from 1 to 12'],
      ['N > items', { kind: 'top', n: 13 }, 'Top N must be a whole number from 1 to 12'],
      ['N not whole', { kind: 'top', n: 2.5 }, 'Top N must be a whole number from 1 to 12'],
      ['N not a number', { kind: 'top', n: '3' }, 'Top N must be a number'],
      ['1 tier', { kind: 'tiers', tiers: tiersOf(1) }, 'A tier list needs 2 to 10 tiers'],
      ['11 tiers', { kind: 'tiers', tiers: tiersOf(11) }, 'A tier list needs 2 to 10 tiers'],
      [
        'a label of 25 characters',
        { kind: 'tiers', tiers: [{ label: 'x'.repeat(25), color: '#aabbcc' }, TIERS[1]] },
        'Each tier needs a label of 1 to 24 characters',
      ],
      [
        'an empty label',
        { kind: 'tiers', tiers: [{ label: ' ', color: '#aabbcc' }, TIERS[1]] },
        'Each tier needs a label of 1 to 24 characters',
      ],
      [
        'a bad colour',
        { kind: 'tiers', tiers: [{ label: 'A', color: 'red' }, TIERS[1]] },
        'Each tier colour must be a hex colour like #ff7f7f',
      ],
      [
        'the same label twice',
        { kind: 'tiers', tiers: [TIERS[0], { ...TIERS[0], color: '#000000' }] },
        'Each tier needs its own label',
      ],
      ['an unknown kind', { kind: 'pairs' }, 'Ballot kind must be ranking, top, tiers or duel'],
    ];
    const before = (await owner.request<{ games: unknown[] }>('GET', '/api/me/games')).body;
    for (const [name, ballot, message] of bad) {
      const response = await create(owner, ballot);
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 400,
        body: errorOf('invalid-argument', message),
      });
    }
    const after = (await owner.request<{ games: unknown[] }>('GET', '/api/me/games')).body;
    expect(after).toEqual(before);
  });

  it('a top N takes exactly N known, distinct items; refused ballots change nothing', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'top', n: 10 });
    const all = ids(game);
    const player = await h.guest();
    const mine = all.slice(2, 12).reverse();
    const first = await h.submit(player, game.id, mine);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      submission: { ranking: mine, name: 'Anonymous', partial: false, at: expect.any(Number) },
      submissionCount: 1,
    });
    const before = (await h.getGame(player, game.id)).body;
    const resultsBefore = (await h.results(player, game.id)).body;

    const bad: [string, unknown, string][] = [
      ['nine items', all.slice(0, 9), 'Pick exactly 10 items'],
      ['eleven items', all.slice(0, 11), 'Pick exactly 10 items'],
      ['every item', all, 'Pick exactly 10 items'],
      ['an unknown item', [...all.slice(0, 9), 'nope'], BALLOT_MESSAGES.rankingUnknownItem],
      ['a duplicate', [...all.slice(0, 9), all[0]], BALLOT_MESSAGES.rankingDuplicate],
    ];
    for (const [name, ranking, message] of bad) {
      const response = await h.submit(player, game.id, ranking);
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 400,
        body: errorOf('invalid-argument', message),
      });
    }
    const asTiers = await tiers(player, game, [all.slice(0, 10)]);
    expect(asTiers.body).toEqual(errorOf('invalid-argument', BALLOT_MESSAGES.rankingExpected));
    const both = await player.request('PUT', `/api/games/${game.id}/submission`, {
      ranking: mine,
      tiers: [mine],
    });
    expect(both.body).toEqual(
      errorOf('invalid-argument', 'Send either ranking or tiers, not both'),
    );

    expect((await h.getGame(player, game.id)).body).toEqual(before);
    expect((await h.results(player, game.id)).body).toEqual(resultsBefore);

    // Saved progress holds up to N; items added later do not ask a top N player to re-order.
    const saver = await h.guest();
    const progress = await h.submit(saver, game.id, all.slice(0, 4), { partial: true });
    expect(progress.status).toBe(200);
    expect(progress.body.submissionCount).toBe(1);
    const tooMany = await h.submit(saver, game.id, all.slice(0, 11), { partial: true });
    expect(tooMany.body).toEqual(errorOf('invalid-argument', 'Pick exactly 10 items'));
    const edited = await owner.request('PATCH', `/api/games/${game.id}/items`, {
      items: [...game.items, 'Item M'],
    });
    expect(edited.status).toBe(200);
    expect((await h.getGame(player, game.id)).body.mySubmission?.needsReorder).toBe(false);
  });

  it('counts top N ballots: the N picked are ranked, the rest unranked', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'top', n: 2 });
    const [a, b, c, d] = ids(game) as [string, string, string, string];
    expect((await h.submit(await h.guest(), game.id, [a, b])).body.submissionCount).toBe(1);
    const last = await h.submit(await h.guest(), game.id, [a, c]);
    expect(last.body.submissionCount).toBe(2);
    const results = (await h.results(owner, game.id)).body.results;
    expect(results.submissions).toBe(2);
    const byId = new Map(results.items.map((item) => [item.id, item]));
    expect(results.items[0]?.id).toBe(a);
    expect(byId.get(a)?.firstShare).toBe(1);
    expect(byId.get(d)?.meanPosition).toBeNull();
  });

  it('tiers: one list per tier, an item in one tier only; saved and read back as sent', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'tiers', tiers: TIERS });
    const [a, b, c, d, e] = ids(game) as [string, string, string, string, string];
    const player = await h.guest();
    const sent = [[b, a], [], [e]];
    const first = await tiers(player, game, sent, { name: 'Tia' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({
      submission: {
        ranking: [b, a, e],
        tiers: sent,
        name: 'Tia',
        partial: false,
        at: expect.any(Number),
      },
      submissionCount: 1,
    });
    const read = (await h.getGame(player, game.id)).body;
    expect(read.mySubmission).toEqual({ ...first.body.submission, needsReorder: false });
    const resultsBefore = (await h.results(player, game.id)).body;

    const bad: [string, unknown, string][] = [
      ['two tiers of three', [[a], [b]], 'Send 3 tiers: one list of items per tier'],
      ['four tiers of three', [[a], [b], [], []], 'Send 3 tiers: one list of items per tier'],
      ['an item in two tiers', [[a, b], [a], []], 'An item can be in one tier only'],
      ['an item twice in a tier', [[c, c], [], []], 'An item can be in one tier only'],
      ['an unknown item', [[a], ['nope'], []], BALLOT_MESSAGES.tierUnknownItem],
      ['no item at all', [[], [], []], 'Put at least one item in a tier'],
      ['not lists', [a, b, c], 'Tiers must be lists of item ids, one per tier'],
      ['ids that are not text', [[1], [], []], 'Tiers must list item ids'],
    ];
    for (const [name, tierList, message] of bad) {
      const response = await tiers(player, game, tierList);
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 400,
        body: errorOf('invalid-argument', message),
      });
    }
    const asRanking = await h.submit(player, game.id, [a, b, c, d, e]);
    expect(asRanking.body).toEqual(errorOf('invalid-argument', BALLOT_MESSAGES.tiersExpected));
    expect((await h.getGame(player, game.id)).body).toEqual(read);
    expect((await h.results(player, game.id)).body).toEqual(resultsBefore);

    // A tier ballot is stored with its tiers; a ranking's or a top N's row keeps groups null.
    const row = await savedRow(game.id, await userIdOf(player));
    expect(row).toEqual({ ranking: [b, a, e], groups: sent });
    const plain = await created(owner, { kind: 'ranking' });
    const ranker = await h.guest();
    expect((await h.submit(ranker, plain.id, ids(plain))).status).toBe(200);
    expect(await savedRow(plain.id, await userIdOf(ranker))).toEqual({
      ranking: ids(plain),
      groups: null,
    });

    // Progress may be empty; a second player's ballot counts.
    const saver = await h.guest();
    const empty = await tiers(saver, game, [[], [], []], { partial: true });
    expect(empty.status).toBe(200);
    expect(empty.body.submissionCount).toBe(1);
    const second = await tiers(saver, game, [[c], [a, b], []]);
    expect(second.body.submissionCount).toBe(2);
    const results = (await h.results(owner, game.id)).body.results;
    expect(results.submissions).toBe(2);
    expect(results.items.find((item) => item.id === d)?.meanPosition).toBeNull();
  });

  it('counts a tier as a tie, by every method, and agrees by tiers', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'tiers', tiers: TIERS });
    const [a, b, c] = ids(game) as [string, string, string];
    const ann = await h.user('Ann');
    const bob = await h.user('Bob');
    expect((await tiers(ann, game, [[a, b], [], [c]])).status).toBe(200);
    expect((await tiers(bob, game, [[a], [b], [c]])).status).toBe(200);
    const results = (await h.results(ann, game.id)).body.results;
    const mean = new Map(results.items.map((item) => [item.id, item.meanPosition]));
    expect(results.submissions).toBe(2);
    // Ann tied a and b for places 1–2 (1.5 each); Bob put a 1st, b 2nd.
    expect(mean.get(a)).toBeCloseTo((1.5 + 1) / 2);
    expect(mean.get(b)).toBeCloseTo((1.5 + 2) / 2);
    expect(results.items.slice(0, 3).map((item) => item.id)).toEqual([a, b, c]);
    expect(results.myAgreement).toEqual(expect.any(Number));
    for (const method of ['borda', 'schulze', 'irv']) {
      const byMethod = await ann.request<{ results: { winners: Record<string, string> } }>(
        'GET',
        `/api/games/${game.id}/results?method=${method}`,
      );
      expect(byMethod.status).toBe(200);
      expect(byMethod.body.results.winners[method]).toBe(a);
    }
    const closest = await ann.request<{ closest: { name: string; agreement: number } | null }>(
      'GET',
      `/api/games/${game.id}/closest`,
    );
    expect(closest.body.closest).toEqual({ name: 'Bob', agreement: expect.any(Number) });
  });

  it('an item removed leaves every tier in its place; a top N keeps at least N items', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'tiers', tiers: TIERS });
    const [a, b, c] = ids(game) as [string, string, string];
    const player = await h.guest();
    expect((await tiers(player, game, [[a], [b], [c]])).status).toBe(200);
    const removed = await owner.request<GameAnswer>('PATCH', `/api/games/${game.id}/items`, {
      items: game.items.filter((item) => item.id !== b),
    });
    expect(removed.status).toBe(200);
    expect(removed.body.submissionCount).toBe(1);
    const mine = (await h.getGame(player, game.id)).body.mySubmission;
    expect(mine?.tiers).toEqual([[a], [], [c]]);
    expect(mine?.ranking).toEqual([a, c]);
    const resubmitted = await tiers(player, game, [[c], [a], []]);
    expect(resubmitted.body.submissionCount).toBe(1);

    const top = await created(owner, { kind: 'top', n: 10 });
    const before = (await h.getGame(owner, top.id)).body;
    const tooFew = await owner.request('PATCH', `/api/games/${top.id}/items`, {
      items: top.items.slice(0, 9),
    });
    expect(tooFew.status).toBe(400);
    expect(tooFew.body).toEqual(errorOf('invalid-argument', 'A top 10 needs at least 10 items'));
    expect((await h.getGame(owner, top.id)).body).toEqual(before);
    const enough = await owner.request('PATCH', `/api/games/${top.id}/items`, {
      items: top.items.slice(0, 10),
    });
    expect(enough.status).toBe(200);
  });

  it('the ballot changes freely until someone plays; then only tier labels and colours', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'ranking' });
    const changed = await setBallot(owner, game, { kind: 'tiers', tiers: TIERS });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.game.ballot).toEqual({ kind: 'tiers', tiers: TIERS });
    expect((await setBallot(owner, game, { kind: 'top', n: 13 })).body).toEqual(
      errorOf('invalid-argument', 'Top N must be a whole number from 1 to 12'),
    );
    expect((await setBallot(await h.user(), game, { kind: 'ranking' })).status).toBe(403);

    // Saved progress is a play: the ballot is fixed from then on.
    const player = await h.guest();
    const [a, b] = ids(game) as [string, string];
    expect((await tiers(player, game, [[a], [], []], { partial: true })).status).toBe(200);
    const before = (await h.getGame(owner, game.id)).body;
    for (const ballot of [
      { kind: 'ranking' },
      { kind: 'top', n: 3 },
      { kind: 'tiers', tiers: TIERS.slice(0, 2) },
    ]) {
      const refused = await setBallot(owner, game, ballot);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual(errorOf('aborted', BALLOT_MESSAGES.ballotFixed));
    }
    expect((await h.getGame(owner, game.id)).body).toEqual(before);

    const relabelled = TIERS.map((tier, i) => ({ label: `Row ${i + 1}`, color: tier.color }));
    const renamed = await setBallot(owner, game, { kind: 'tiers', tiers: relabelled });
    expect(renamed.status).toBe(200);
    expect(renamed.body.game.ballot).toEqual({ kind: 'tiers', tiers: relabelled });
    const final = await tiers(player, game, [[a], [b], []]);
    expect(final.status).toBe(200);
    expect(final.body.submissionCount).toBe(1);

    // A game played with a top N keeps its N.
    const top = await created(owner, { kind: 'top', n: 2 });
    expect((await h.submit(await h.guest(), top.id, ids(top).slice(0, 2))).status).toBe(200);
    expect((await setBallot(owner, top, { kind: 'top', n: 3 })).status).toBe(409);
    expect((await setBallot(owner, top, { kind: 'top', n: 2 })).status).toBe(200);
  });

  it('exports a top N under its N positions and a tier ballot tier by tier', async () => {
    const owner = await h.user();
    const csvRows = async (game: GameView) => {
      const response = await owner.request<string>(
        'GET',
        `/api/games/${game.id}/export.csv?what=ballots`,
      );
      expect(response.status).toBe(200);
      // Simple labels and names: no quoting to undo.
      return response.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter((line) => line !== '')
        .map((line) => line.split(','));
    };
    const top = await created(owner, { kind: 'top', n: 2 });
    const [a, , c] = ids(top) as [string, string, string];
    expect((await h.submit(await h.guest(), top.id, [c, a], { name: 'Bo' })).status).toBe(200);
    expect((await csvRows(top)).map((row) => [row[0], ...row.slice(2)])).toEqual([
      ['name', '1', '2'],
      ['Bo', 'Item C', 'Item A'],
    ]);

    const tiered = await created(owner, { kind: 'tiers', tiers: TIERS });
    const [ta, tb] = ids(tiered) as [string, string];
    expect((await tiers(await h.guest(), tiered, [[tb], [], [ta]], { name: 'Cy' })).status).toBe(
      200,
    );
    const rows = await csvRows(tiered);
    expect(rows[0]).toEqual(['name', 'submitted_at', 'Great', 'Fine', 'Meh']);
    expect([rows[1]?.[0], ...(rows[1]?.slice(2) ?? [])]).toEqual(['Cy', 'Item B', '', 'Item A']);
    const json = await owner.request<{ ballots: { tiers: unknown; ranking: string[] }[] }>(
      'GET',
      `/api/games/${tiered.id}/export.json?what=ballots`,
    );
    expect(json.body.ballots).toEqual([
      expect.objectContaining({
        ranking: ['Item B', 'Item A'],
        tiers: [['Item B'], [], ['Item A']],
      }),
    ]);
  });

  it('a submission right after a ballot change is checked against the new ballot', async () => {
    const owner = await h.user();
    const game = await created(owner, { kind: 'ranking' });
    const player = await h.guest();
    // Read once, so this instance keeps the game's state with its first ballot.
    expect((await h.getGame(player, game.id)).status).toBe(200);
    expect((await setBallot(owner, game, { kind: 'top', n: 3 })).status).toBe(200);
    const full = await h.submit(player, game.id, ids(game));
    expect(full.body).toEqual(errorOf('invalid-argument', 'Pick exactly 3 items'));
    const three = await h.submit(player, game.id, ids(game).slice(0, 3));
    expect(three.status).toBe(200);
    const body: GameBody = (await h.getGame(player, game.id)).body;
    expect(body.submissionCount).toBe(1);
  });
});
