/** My Ranks' cached lists after an action on one of my games: changed, moved or gone. */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { MyGameView, PageResponse } from '../../domain/profile';
import { playerKeys } from '../api/players';

type MyGamesData = InfiniteData<PageResponse<MyGameView>, string | null>;

/** Applies `update` to the game in every cached list of mine; `null` drops it. */
export function updateMyGame(
  queryClient: QueryClient,
  gameId: string,
  update: (game: MyGameView) => MyGameView | null,
): void {
  queryClient.setQueriesData<MyGamesData>({ queryKey: playerKeys.myGamesAll }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            games: page.games.flatMap((game) => {
              if (game.id !== gameId) return [game];
              const next = update(game);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}
