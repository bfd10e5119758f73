/**
 * Games for browser specs, made without clicking through /create: a registered owner's game
 * through the API (any ballot kind) and read back with the person's submission, and players
 * stored straight in the database (names and times chosen), for screens that list them.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BallotSpecInput } from '../../src/domain/ballot';
import type { GameView, SubmissionView } from '../../src/domain/game';
import { user } from '../../src/server/db/schema/auth';
import { submission } from '../../src/server/db/schema/games';
import type { TestServer } from '../../test/support/server';
import { newApiPerson } from './harness';
import { DESKTOP, newVisitor, registerByApi, type Visitor } from './web';

/** Creates a game from the page's signed-in context. */
export async function createGameByApi(
  page: Page,
  server: TestServer,
  body: { prompt: string; items: string[]; ballot?: BallotSpecInput },
): Promise<GameView> {
  const response = await page.request.post('/api/games', {
    data: body,
    headers: { origin: server.url },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { game: GameView }).game;
}

/** The game as the page's person reads it, with their submission. */
export async function readGameByApi(
  page: Page,
  gameId: string,
): Promise<{ game: GameView; mySubmission: SubmissionView | null }> {
  const response = await page.request.get(`/api/games/${gameId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as { game: GameView; mySubmission: SubmissionView | null };
}

/** A registered owner with a new game, on its results page (where the owner panel is). */
export async function ownerOnResults(
  browser: Browser,
  server: TestServer,
  options: { name: string; prompt: string; items: string[]; viewport?: typeof DESKTOP },
): Promise<Visitor & { game: GameView }> {
  const visitor = await newVisitor(browser, server, { viewport: options.viewport ?? DESKTOP });
  await registerByApi(visitor.page, server, options.name);
  const game = await createGameByApi(visitor.page, server, options);
  await visitor.page.goto(`/g/${game.id}/results`);
  await visitor.page.getByTestId('owner-panel').waitFor({ timeout: 15_000 });
  return { ...visitor, game };
}

let stored = 0;

/**
 * Players of `game` written straight to the database: each a user of its own and a submission
 * (the game's items in order) with its name, time and partial flag. The tally is left alone: for
 * lists of who played, not for results.
 */
export async function storePlayers(
  server: TestServer,
  game: GameView,
  players: readonly { name: string; at: Date; partial?: boolean }[],
): Promise<void> {
  const db = server.database.db;
  const rows = players.map((player) => {
    stored += 1;
    const id = `e2e-player-${Date.now().toString(36)}-${stored}`;
    return { ...player, id, email: `${id}@example.test` };
  });
  await db.insert(user).values(rows.map(({ id, name, email }) => ({ id, name, email })));
  await db.insert(submission).values(
    rows.map((row) => ({
      gameId: game.id,
      userId: row.id,
      name: row.name,
      ranking: game.items.map((item) => item.id),
      partial: row.partial ?? false,
      at: row.at,
      startedAt: row.at,
    })),
  );
}

/**
 * A guest (signed in through the API, a client of their own: no browser context, which would cost
 * Chromium about 1.5 s of CPU for requests alone) sends a ballot of `game`: by default a ranking
 * in its item order.
 */
export async function guestPlaysByApi(
  server: TestServer,
  game: GameView,
  ballot: { name?: string; tiers?: string[][] } = {},
): Promise<void> {
  const api = await newApiPerson(server);
  try {
    const signIn = await api.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBe(true);
    const data = ballot.tiers
      ? { tiers: ballot.tiers }
      : { ranking: game.items.map((item) => item.id) };
    const response = await api.put(`/api/games/${game.id}/submission`, {
      data: { ...data, ...(ballot.name === undefined ? {} : { name: ballot.name }) },
      headers: { origin: server.url },
    });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** A guest ranks `game` in its item order under `name`. */
export function guestRanksByApi(server: TestServer, game: GameView, name: string): Promise<void> {
  return guestPlaysByApi(server, game, { name });
}
