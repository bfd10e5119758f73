/**
 * Duels (issue 28, decision 0057): the pair a player is offered and their answers. The answer to
 * one duel carries the next pair, so the board shows it at once without asking again.
 */
import type { ItemView } from '../../domain/game';
import { api } from './client';
import { ApiError } from './errors';
import { request } from './request';

/** How far a player is: duels answered of their budget. */
export type DuelProgress = { answered: number; budget: number };

/** What comes next: a pair to compare, or done (the budget spent, or no new pair left). */
export type DuelTurn =
  | { pair: [ItemView, ItemView]; progress: DuelProgress; done?: undefined }
  | { done: true; progress: DuelProgress; pair?: undefined };

/** One answer: the two items as offered, and the better one, or null for "can't decide". */
export type DuelAnswerInput = { a: string; b: string; winner: string | null };

export const duelKeys = {
  turn: (gameId: string) => ['duel', gameId] as const,
};

/** The pair offered to this player now (the same one until answered), or done. */
export function fetchDuel(gameId: string, signal?: AbortSignal): Promise<DuelTurn> {
  return request<DuelTurn>(
    (init) => api.games[':id'].duel.$get({ param: { id: gameId } }, { init }),
    { signal },
  );
}

/** What an answer answers: the next turn, and the game's count after it. */
export type DuelAnswered = {
  answered: DuelAnswerInput;
  next: DuelTurn;
  submissionCount: number;
  /** Present when this answer closed the game (its players rule was met). */
  closed?: true;
};

/**
 * Saves one answer; the reply carries the next turn. Not retried: a second try after a lost
 * answer would be refused as already answered (409), which the board handles by asking again.
 */
export function answerDuel(gameId: string, answer: DuelAnswerInput): Promise<DuelAnswered> {
  return request<DuelAnswered>(
    (init) => api.games[':id'].duels.$post({ param: { id: gameId }, json: answer }, { init }),
    { retry: false },
  );
}

/** A pair that was not offered, or already answered (409): the board quietly asks for a fresh one. */
export function isStalePair(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
