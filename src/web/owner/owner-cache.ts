/** The cache after an owner's action: the game as it answered, or gone once deleted. */
import type { QueryClient } from '@tanstack/react-query';
import type { GameView } from '../../domain/game';
import { gameKeys, updateCachedGame, type GameResponse } from '../api/games';

export function cacheOwnedGame(
  queryClient: QueryClient,
  answer: { game: GameView; submissionCount?: number },
): void {
  updateCachedGame(queryClient, answer.game.id, (cached) => ({
    ...cached,
    game: answer.game,
    submissionCount: answer.submissionCount ?? cached.submissionCount,
  }));
}

/** Drops a deleted game from the cache, whichever key (id or slug) it was loaded under. */
export function forgetGame(queryClient: QueryClient, gameId: string): void {
  queryClient.removeQueries({
    queryKey: gameKeys.all,
    predicate: (query) => (query.state.data as GameResponse | undefined)?.game.id === gameId,
  });
  queryClient.removeQueries({ queryKey: gameKeys.results(gameId) });
}
