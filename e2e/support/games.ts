/** Games made and read through the API from a person's page, for the specs that play them. */
import type { Page } from 'playwright-core';
import type { BallotSpec, BallotSpecInput } from '../../src/domain/ballot';
import type { TestServer } from '../../test/support/server';

export type ApiGame = { id: string; items: { id: string; label: string }[]; ballot: BallotSpec };

/** Creates a game as the page's signed-in person (POST /api/games). */
export async function createGameByApi(
  page: Page,
  server: TestServer,
  input: { prompt: string; items: string[]; ballot?: BallotSpecInput },
): Promise<ApiGame> {
  const response = await page.request.post('/api/games', {
    data: input,
    headers: { origin: server.url },
  });
  if (response.status() !== 201) {
    throw new Error(`create failed: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { game: ApiGame }).game;
}

export type ApiSubmission = {
  ranking: string[];
  tiers?: string[][];
  partial: boolean;
} | null;

/** The game as the page's person reads it, with their submission. */
export async function readGameByApi(
  page: Page,
  gameId: string,
): Promise<{ game: ApiGame; mySubmission: ApiSubmission }> {
  const response = await page.request.get(`/api/games/${gameId}`);
  if (!response.ok()) throw new Error(`read failed: ${response.status()}`);
  return (await response.json()) as { game: ApiGame; mySubmission: ApiSubmission };
}
