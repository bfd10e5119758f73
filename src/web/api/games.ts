/**
 * Game API calls, their TanStack Query keys and hooks: shared by create, play and results. What a
 * change does to the cache is game-cache.ts's.
 */
import { useQuery } from '@tanstack/react-query';
import type { BallotSpec } from '../../domain/ballot';
import type { GameView, SubmissionView } from '../../domain/game';
import type { IrvRound } from '../../domain/methods';
import type { Results } from '../../domain/results';
import { api } from './client';
import { ApiError } from './errors';
import { request, type RequestOptions } from './request';

export type GameResponse = {
  game: GameView;
  submissionCount: number;
  /** Of those, the ballots the owner imported (decision 0048). */
  importedCount?: number;
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
    (init) => api.games[':id'].results.$get({ param: { id: gameId }, query: {} }, { init }),
    { signal },
  );
  return body.results;
}

/** Instant runoff needs every ballot: the server computes it (the other methods the page does). */
export type Runoff = { order: string[]; winner: string | null; rounds: IrvRound[] };

export async function fetchRunoff(gameId: string, signal?: AbortSignal): Promise<Runoff> {
  const body = await request<{
    results: { items: { id: string }[]; winners: { irv?: string | null }; irvRounds?: IrvRound[] };
  }>(
    (init) =>
      api.games[':id'].results.$get({ param: { id: gameId }, query: { method: 'irv' } }, { init }),
    { signal },
  );
  return {
    order: body.results.items.map((item) => item.id),
    winner: body.results.winners.irv ?? null,
    rounds: body.results.irvRounds ?? [],
  };
}

/** The runoff for this many rankings; fetched again when the count changes. */
export function useRunoff(gameId: string, submissions: number, enabled: boolean) {
  return useQuery({
    queryKey: ['runoff', gameId, submissions],
    queryFn: ({ signal }) => fetchRunoff(gameId, signal),
    enabled,
    staleTime: 10_000,
    placeholderData: (previous) => previous,
  });
}

export type Closest = { name: string; agreement: number | null } | null;

/** The other player who ranked most like the viewer (by the name they showed), if any. */
export function useClosest(gameId: string, submissions: number, enabled: boolean) {
  return useQuery({
    queryKey: ['closest', gameId, submissions],
    queryFn: async ({ signal }) =>
      (
        await request<{ closest: Closest }>(
          (init) => api.games[':id'].closest.$get({ param: { id: gameId } }, { init }),
          { signal },
        )
      ).closest,
    enabled,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
}

/** A new game's closing rules, as the create screen's settings dialog sets them. */
export type NewGameRules = { sizeLimit?: number | null; deadlineAt?: number | null };

/** An item as create and the builder send it: text, or a label with an uploaded picture. */
export type NewItem = string | { label: string; image: { id: string; alt: string } };

export type NewGame = {
  prompt: string;
  items: NewItem[];
  publish?: boolean;
  /** What the game asks for (issue 25); a full ranking when left out. */
  ballot?: BallotSpec;
} & NewGameRules;

/** A created game; `publishError` says why publishing failed (the game is created anyway). */
export type CreatedGame = { game: GameView; publishError: string | null };

export async function createGame(input: NewGame): Promise<CreatedGame> {
  // Not retried: a second try after a lost answer would create the game twice.
  const body = await request<{ game: GameView; publishError?: string }>(
    (init) => api.games.$post({ json: input }, { init }),
    { retry: false },
  );
  return { game: body.game, publishError: body.publishError ?? null };
}

/** A new game of the caller's with the same prompt and items (not retried, like a create). */
export async function remixGame(gameId: string): Promise<GameView> {
  const body = await request<{ game: GameView }>(
    (init) => api.games[':id'].remix.$post({ param: { id: gameId } }, { init }),
    { retry: false },
  );
  return body.game;
}

export type SubmitResult = {
  submission: SubmissionView;
  submissionCount: number;
  /** Present when this ranking was the one that closed the game (its players rule was met). */
  closed?: true;
};

/** What a submission sends: a ranking (every item, or a top N's picks) or a tier list. */
export type SubmissionInput = BallotValue & { name?: string; partial?: boolean };

/** A ballot's content: a ranking (every item, or a top N's picks) or a tier list. */
export type BallotValue = { ranking: string[] } | { tiers: string[][] };

/**
 * Saves a ballot: final (counts in the results) or `partial` (saved progress, not counted: some
 * of the items in order, a top N's picks so far, or tiers partly filled). A resubmission overwrites the same row, so
 * retrying is safe.
 */
export function submitRanking(
  gameId: string,
  input: SubmissionInput,
  options: Pick<RequestOptions, 'signal' | 'keepalive'> = {},
): Promise<SubmitResult> {
  return request(
    (init) => api.games[':id'].submission.$put({ param: { id: gameId }, json: input }, { init }),
    options,
  );
}

/** What the owner's actions answer: the game as it is now, with its final-submission count. */
export type OwnedGameResult = { game: GameView; submissionCount: number };

/**
 * An item edit: labels, or `{ id, label }` to rename an existing item (it keeps its votes), with
 * `image`: a picture `{ id, alt }`, or null for none (left out: the item keeps its own).
 */
export type ItemEdit =
  string | { id?: string; label: string; image?: { id: string; alt: string } | null };

export function editItems(gameId: string, items: ItemEdit[]): Promise<OwnedGameResult> {
  // Not retried: a second try could race a later edit from another tab.
  return request(
    (init) => api.games[':id'].items.$patch({ param: { id: gameId }, json: { items } }, { init }),
    { retry: false },
  );
}

/** Changes the game's ballot (issue 25); once played, only tier labels and colours may change. */
export function setBallot(gameId: string, ballot: BallotSpec): Promise<OwnedGameResult> {
  return request(
    (init) => api.games[':id'].ballot.$put({ param: { id: gameId }, json: { ballot } }, { init }),
    { retry: false },
  );
}

/** What an import answers: how many it added, and the game's counts after it. */
export type ImportedBallots = { imported: number; submissionCount: number; importedCount: number };

/** Imports a ballot CSV (decision 0048): all or nothing; a bad row's error names it. */
export function importBallots(gameId: string, csv: string): Promise<ImportedBallots> {
  // Not retried: a second try of an import that went through would add the ballots twice.
  return request(
    (init) =>
      api.games[':id'].ballots.$post(
        { param: { id: gameId } },
        {
          init: {
            ...init,
            body: csv,
            headers: {
              ...Object.fromEntries(new Headers(init.headers)),
              'content-type': 'text/csv',
            },
          },
        },
      ),
    { retry: false },
  );
}

export function closeGame(gameId: string): Promise<OwnedGameResult> {
  return request((init) => api.games[':id'].close.$post({ param: { id: gameId } }, { init }));
}

export function archiveGame(gameId: string, archived: boolean): Promise<{ game: GameView }> {
  return request((init) =>
    api.games[':id'].archive.$post({ param: { id: gameId }, json: { archived } }, { init }),
  );
}

export function deleteGame(gameId: string): Promise<{ deleted: true; id: string }> {
  // Not retried: after a lost answer a second try would answer "Game not found".
  return request((init) => api.games[':id'].$delete({ param: { id: gameId } }, { init }), {
    retry: false,
  });
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

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
