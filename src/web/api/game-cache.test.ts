import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { GameView, SubmissionView } from '../../domain/game';
import { cachedGame, gameDeleted, liveGameCaughtUp, submissionSaved } from './game-cache';
import { gameKeys, type GameResponse } from './games';
import { playerKeys } from './players';

function cached(id: string): GameResponse {
  // Only what the cache operations read; the rest of a game does not matter here.
  const game = { id, closed: false, items: [], sizeLimit: null, deadlineAt: null } as unknown;
  return { game: game as GameView, submissionCount: 1, mySubmission: null };
}

function setUp() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(gameKeys.game('g1'), cached('g1'));
  // The same game loaded by its slug.
  queryClient.setQueryData(gameKeys.game('best-pizza'), cached('g1'));
  queryClient.setQueryData(gameKeys.game('g2'), cached('g2'));
  queryClient.setQueryData(gameKeys.results('g1'), { items: [] });
  queryClient.setQueryData(gameKeys.results('g2'), { items: [] });
  queryClient.setQueryData(playerKeys.myPlayed('u1'), { pages: [], pageParams: [] });
  return queryClient;
}

const stale = (queryClient: QueryClient, key: readonly unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated;

describe('game cache', () => {
  it('a submit touches only its game (by id and slug), its results and my lists', () => {
    const queryClient = setUp();
    const submission = { ranking: ['a'], partial: false } as unknown as SubmissionView;
    submissionSaved(queryClient, 'g1', { submission, submissionCount: 2 });

    expect(cachedGame(queryClient, 'g1')?.submissionCount).toBe(2);
    expect(queryClient.getQueryData<GameResponse>(gameKeys.game('best-pizza'))?.mySubmission).toBe(
      submission,
    );
    expect(stale(queryClient, gameKeys.game('g1'))).toBe(true);
    expect(stale(queryClient, gameKeys.game('best-pizza'))).toBe(true);
    expect(stale(queryClient, gameKeys.results('g1'))).toBe(true);
    expect(stale(queryClient, playerKeys.myPlayed('u1'))).toBe(true);

    expect(stale(queryClient, gameKeys.game('g2'))).toBe(false);
    expect(stale(queryClient, gameKeys.results('g2'))).toBe(false);
    expect(queryClient.getQueryData<GameResponse>(gameKeys.game('g2'))?.submissionCount).toBe(1);
  });

  it('catching up after a reconnect reads only that game again', () => {
    const queryClient = setUp();
    liveGameCaughtUp(queryClient, 'g2');
    expect(stale(queryClient, gameKeys.game('g2'))).toBe(true);
    expect(stale(queryClient, gameKeys.results('g2'))).toBe(true);
    expect(stale(queryClient, gameKeys.game('g1'))).toBe(false);
    expect(stale(queryClient, gameKeys.game('best-pizza'))).toBe(false);
  });

  it('a deleted game leaves the cache under every key it was loaded by', () => {
    const queryClient = setUp();
    gameDeleted(queryClient, 'g1');
    expect(queryClient.getQueryData(gameKeys.game('g1'))).toBeUndefined();
    expect(queryClient.getQueryData(gameKeys.game('best-pizza'))).toBeUndefined();
    expect(queryClient.getQueryData(gameKeys.results('g1'))).toBeUndefined();
    expect(cachedGame(queryClient, 'g2')).toBeDefined();
  });
});
