/** Game API calls, their TanStack Query keys and hooks: shared by create, play and results. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { GameView, SubmissionView } from '../../domain/game';
import type { Results } from '../../domain/results';
import { api } from './client';
import { ApiError } from './errors';
import { request } from './request';

export type GameResponse = {
  game: GameView;
  submissionCount: number;
  mySubmission: SubmissionView | null;
};

export type ResultsView = Results & { myAgreement: number | null };

export const gameKeys = {
  all: ['game'] as const,
  game: (idOrSlug: string) => ['game', idOrSlug] as const,
  results: (gameId: string) => ['results', gameId] as const,
};

export function fetchGame(idOrSlug: string, signal?: AbortSignal): Promise<GameResponse> {
  return request<GameResponse>(
    (init) => api.games[':id'].$get({ param: { id: idOrSlug } }, { init }),
    { signal },
  );
}

export async function fetchResults(gameId: string, signal?: AbortSignal): Promise<ResultsView> {
  const body = await request<{ results: ResultsView }>(
    (init) => api.games[':id'].results.$get({ param: { id: gameId } }, { init }),
    { signal },
  );
  return body.results;
}

export async function createGame(input: { prompt: string; items: string[] }): Promise<GameView> {
  // Not retried: a second try after a lost answer would create the game twice.
  const body = await request<{ game: GameView }>(
    (init) => api.games.$post({ json: input }, { init }),
    { retry: false },
  );
  return body.game;
}

export function submitRanking(
  gameId: string,
  input: { ranking: string[]; name?: string },
): Promise<{ submission: SubmissionView; submissionCount: number }> {
  // A resubmission overwrites the same row, so retrying is safe.
  return request((init) =>
    api.games[':id'].submission.$put({ param: { id: gameId }, json: input }, { init }),
  );
}

/** Don't retry what will fail the same way again; transient failures are retried in `request`. */
const noRetry = false;

export function useGame(idOrSlug: string) {
  return useQuery({
    queryKey: gameKeys.game(idOrSlug),
    queryFn: ({ signal }) => fetchGame(idOrSlug, signal),
    retry: noRetry,
  });
}

export function useResults(gameId: string | undefined) {
  return useQuery({
    queryKey: gameKeys.results(gameId ?? ''),
    queryFn: ({ signal }) => fetchResults(gameId ?? '', signal),
    enabled: gameId !== undefined,
    retry: noRetry,
  });
}

/** Applies `update` to every cached game query for this game id (it may be cached by slug too). */
export function updateCachedGame(
  queryClient: QueryClient,
  gameId: string,
  update: (data: GameResponse) => GameResponse,
): void {
  queryClient.setQueriesData<GameResponse>({ queryKey: gameKeys.all }, (data) =>
    data && data.game.id === gameId ? update(data) : data,
  );
}

/** The cached game for an id, whichever key (id or slug) it was loaded under. */
export function cachedGame(queryClient: QueryClient, gameId: string): GameResponse | undefined {
  return queryClient
    .getQueriesData<GameResponse>({ queryKey: gameKeys.all })
    .map(([, data]) => data)
    .find((data) => data?.game.id === gameId);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
