/**
 * The owner's Recent players (issue 25): `GET /api/games/:id/players`, newest first, a page at a
 * time (the answer's shape is domain/recent-players.ts).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { RecentPlayersPage } from '../../domain/recent-players';
import { api } from './client';
import { request } from './request';

export const recentPlayersKeys = {
  game: (gameId: string) => ['recent-players', gameId] as const,
};

export function fetchRecentPlayers(
  gameId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<RecentPlayersPage> {
  return request<RecentPlayersPage>(
    (init) =>
      api.games[':id'].players.$get(
        { param: { id: gameId }, query: cursor ? { cursor } : {} },
        { init },
      ),
    { signal },
  );
}

/** The list, fetched while `enabled` (the section is open). */
export function useRecentPlayers(gameId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: recentPlayersKeys.game(gameId),
    queryFn: ({ pageParam, signal }) => fetchRecentPlayers(gameId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    retry: false,
  });
}
