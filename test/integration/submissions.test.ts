/** Submitting rankings: who may, what a valid ranking is, and that bad requests damage nothing. */
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/game';
import { MAX_NAME_LENGTH } from '../../src/domain/limits';
import { addRanking, emptyTally } from '../../src/domain/results';
import { play } from '../../src/server/db/schema/players';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type ResultsBody, resultsView } from './harness';

describe.concurrent.each(testDatabases)('submissions on %s', (kind) => {
  const h = useServer(kind);

  it('refuses a submission without a session (401)', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const response = await h.submit(h.anonymous(), game.id, ids(game));
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorOf('unauthenticated', MESSAGES.mustSignInToSubmit));
    expect((await h.getGame(owner, game.id)).body.submissionCount).toBe(0);
  });

  it('lets a guest submit; the name defaults to Anonymous, a signed-up user to their name', async () => {
    const owner = await h.user('Owner Olga');
    const game = await h.createGame(owner);
    const guest = await h.guest();
    const ranking = ids(game);
    const asGuest = await h.submit(guest, game.id, ranking);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body).toEqual({
      submission: { ranking, name: 'Anonymous', partial: false, at: expect.any(Number) },
      submissionCount: 1,
    });
    const asOwner = await h.submit(owner, game.slug, [...ranking].reverse());
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.submission.name).toBe('Owner Olga');
    expect(asOwner.body.submissionCount).toBe(2);
  });

  it('answers 404 for an unknown game', async () => {
    const guest = await h.guest();
    const response = await h.submit(guest, 'no-such-game', ['a', 'b', 'c']);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorOf('not-found', MESSAGES.gameNotFound));
  });

  it('accepts only a permutation of the game items; bad requests change nothing', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const other = await h.createGame(owner, ['Echo', 'Foxtrot', 'Golf', 'Hotel']);
    const [a, b, c, d] = ids(game) as [string, string, string, string];
    const player = await h.guest();

    const first = await h.submit(player, game.id, [b, a, d, c], { name: 'Pia' });
    expect(first.status).toBe(200);
    const saved = (await h.getGame(player, game.id)).body;
    const resultsBefore = (await h.results(player, game.id)).body;
    expect(resultsBefore.results.items.map((item) => item.id)).toEqual([b, a, d, c]);

    const bad: [string, unknown, string][] = [
      ['missing item', [a, b, c], MESSAGES.rankingIncomplete],
      ['duplicate item', [a, b, c, c], MESSAGES.rankingDuplicate],
      ['duplicate replacing one', [a, b, c, a], MESSAGES.rankingDuplicate],
      ['unknown item id', [a, b, c, 'nope'], MESSAGES.rankingUnknownItem],
      ['extra unknown item', [a, b, c, d, 'nope'], MESSAGES.rankingUnknownItem],
      ['item of another game', [a, b, c, ids(other)[0]], MESSAGES.rankingUnknownItem],
      [
        'labels instead of ids',
        ['Alpha', 'Bravo', 'Charlie', 'Delta'],
        MESSAGES.rankingUnknownItem,
      ],
      ['very long id', [a, b, c, 'x'.repeat(1000)], MESSAGES.rankingUnknownItem],
      ['empty array', [], MESSAGES.rankingIncomplete],
      ['not an array', `${a},${b},${c},${d}`, 'Ranking must be a list of item ids'],
      ['an object', { 0: a, 1: b, 2: c, 3: d }, 'Ranking must be a list of item ids'],
      ['null', null, 'Ranking must be a list of item ids'],
      ['array of numbers', [1, 2, 3, 4], 'Ranking must list item ids'],
      ['array with null', [a, b, c, null], 'Ranking must list item ids'],
      ['huge array', Array.from({ length: 5000 }, (_, i) => `id${i}`), MESSAGES.rankingIncomplete],
    ];
    for (const [name, ranking, message] of bad) {
      const response = await h.submit(player, game.id, ranking, { name: 'Changed' });
      expect({ name, status: response.status, body: response.body }).toEqual({
        name,
        status: 400,
        body: errorOf('invalid-argument', message),
      });
    }

    const missingField = await player.request('PUT', `/api/games/${game.id}/submission`, {
      name: 'x',
    });
    expect(missingField.status).toBe(400);
    expect(missingField.body).toEqual(
      errorOf(
        'invalid-argument',
        'Send your ballot: ranking (a list of item ids) or tiers (a list per tier)',
      ),
    );
    const notJson = await player.request('PUT', `/api/games/${game.id}/submission`, undefined, {
      raw: '[oops',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body).toEqual(errorOf('invalid-argument', 'Request body must be valid JSON'));
    const badPartial = await h.submit(player, game.id, [a, b, c, d], { partial: 'yes' });
    expect(badPartial.status).toBe(400);
    expect(badPartial.body).toEqual(errorOf('invalid-argument', 'Partial must be true or false'));
    const badName = await h.submit(player, game.id, [a, b, c, d], { name: 12 });
    expect(badName.status).toBe(400);
    expect(badName.body).toEqual(errorOf('invalid-argument', 'Name must be text'));
    const longName = await h.submit(player, game.id, [a, b, c, d], {
      name: 'n'.repeat(MAX_NAME_LENGTH + 1),
    });
    expect(longName.status).toBe(400);
    expect(longName.body).toEqual(errorOf('invalid-argument', MESSAGES.nameTooLong));
    const veryLongName = await h.submit(player, game.id, [a, b, c, d], { name: 'n'.repeat(5000) });
    expect(veryLongName.status).toBe(400);
    expect(veryLongName.body).toEqual(errorOf('invalid-argument', MESSAGES.nameTooLong));

    // Nothing was damaged: the saved submission and the results are exactly as before.
    expect((await h.getGame(player, game.id)).body).toEqual(saved);
    expect((await h.results(player, game.id)).body).toEqual(resultsBefore);
    expect((await h.results(owner, other.id)).body.results.submissions).toBe(0);
  });

  it('answers 400 Missing game id for a blank game id', async () => {
    const guest = await h.guest();
    const response = await h.submit(guest, '  ', ['a', 'b', 'c']);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorOf('invalid-argument', MESSAGES.missingGameId));
  });

  // BUG (src/domain/game.ts, playerName): the 40-character limit is applied to the account-name
  // fallback too, so a user whose account name is longer than 40 characters gets
  // 'Name must be at most 40 characters' on every submission unless they type a name.
  // Remove `.fails` once fixed.
  it('lets a user with a long account name submit without typing a name', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const player = await h.user('Bartholomew Maximilian Fitzgerald-Worthington III');
    const response = await h.submit(player, game.id, ids(game));
    expect(response.status).toBe(200);
    expect(response.body.submission.name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
  });

  it('accepts a name of exactly the limit, trimmed', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner);
    const player = await h.guest();
    const name = 'n'.repeat(MAX_NAME_LENGTH);
    const response = await h.submit(player, game.id, ids(game), { name: `  ${name}  ` });
    expect(response.status).toBe(200);
    expect(response.body.submission.name).toBe(name);
  });

  it('a resubmission overwrites: count stays 1, results reflect only the new ranking', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie']);
    const player = await h.guest();
    const [a, b, c] = ids(game) as [string, string, string];

    expect(
      (await h.submit(player, game.id, [a, b, c], { name: 'First' })).body.submissionCount,
    ).toBe(1);
    const again = await h.submit(player, game.id, [c, b, a], { name: 'Second' });
    expect(again.status).toBe(200);
    expect(again.body.submissionCount).toBe(1);
    expect(again.body.submission).toMatchObject({ ranking: [c, b, a], name: 'Second' });

    const read = await h.getGame(player, game.id);
    expect(read.body.submissionCount).toBe(1);
    expect(read.body.mySubmission).toMatchObject({
      ranking: [c, b, a],
      name: 'Second',
      partial: false,
    });

    const results = await h.results(owner, game.id);
    expect(results.status).toBe(200);
    expect(results.body.results).toEqual(
      resultsView(addRanking(emptyTally(), [c, b, a]), game.items, null),
    );
    expect(results.body.results.items.map((item) => [item.id, item.meanPosition])).toEqual([
      [c, 1],
      [b, 2],
      [a, 3],
    ]);
  });

  it('saves progress (partial) without counting it, and never over a final ranking', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie']);
    const [a, b, c] = ids(game) as [string, string, string];
    const player = await h.guest();

    const progress = await h.submit(player, game.id, [b], { partial: true });
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      submission: { ranking: [b], partial: true },
      submissionCount: 0,
    });
    // Partial progress does not unlock the results.
    expect((await h.results(player, game.id)).status).toBe(403);
    const partialDuplicate = await h.submit(player, game.id, [b, b], { partial: true });
    expect(partialDuplicate.body).toEqual(errorOf('invalid-argument', MESSAGES.rankingDuplicate));

    const final = await h.submit(player, game.id, [a, b, c]);
    expect(final.body.submissionCount).toBe(1);
    const later = await h.submit(player, game.id, [c], { partial: true });
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({
      submission: { ranking: [a, b, c], partial: false },
      submissionCount: 1,
    });
    expect((await h.getGame(player, game.id)).body.mySubmission).toMatchObject({
      ranking: [a, b, c],
      partial: false,
    });
    const results = await h.results(player, game.id);
    expect(results.status).toBe(200);
    expect((results.body as ResultsBody).results.submissions).toBe(1);
  });

  it('records a first play as started when the player first saved progress, completed with their final ranking', async () => {
    const owner = await h.user();
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie']);
    const [a, b, c] = ids(game) as [string, string, string];
    const player = await h.guest();
    const progress = await h.submit(player, game.id, [b], { partial: true });
    expect(progress.status).toBe(200);
    await sleep(50);
    // More progress later moves the last save, not the start.
    const more = await h.submit(player, game.id, [b, a], { partial: true });
    expect(more.status).toBe(200);
    expect(more.body.submission.at).toBeGreaterThan(progress.body.submission.at);
    await sleep(50);
    expect((await h.submit(player, game.id, [a, b, c])).status).toBe(200);
    // Without saved progress, the play starts with the final ranking itself.
    expect((await h.submit(await h.guest(), game.id, [c, b, a])).status).toBe(200);
    const plays = await h.server.database.db
      .select()
      .from(play)
      .where(eq(play.gameId, game.id))
      .orderBy(play.completedAt);
    expect(plays).toHaveLength(2);
    const [progressed, direct] = plays as [typeof play.$inferSelect, typeof play.$inferSelect];
    expect(progressed.startedAt?.getTime()).toBe(progress.body.submission.at);
    expect(progressed.completedAt!.getTime()).toBeGreaterThanOrEqual(
      progressed.startedAt!.getTime() + 50,
    );
    expect(direct.startedAt?.getTime()).toBe(direct.completedAt?.getTime());
  });
});
