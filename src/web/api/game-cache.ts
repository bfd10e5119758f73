/**
 * Every write to the cached games, results and My Ranks lists, named for what happened. Pages and
 * live streams call these rather than `setQueryData`/`invalidateQueries` themselves, so what one
 * change touches is decided here: a game's own queries (by id or slug), its results, and the lists
 * that show it; never every cached game.
 */
import { ballotAgreement } from '../../domain/agreement';
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { resultsLocked, type GameView, type SubmissionView } from '../../domain/game';
import { lockedUntil } from '../../domain/lifecycle';
import type { MyGameView, PageResponse } from '../../domain/profile';
import { groupsOfRanking } from '../../domain/ballot';
import type { LiveData } from '../../domain/results';
import { communityKeys } from './community-keys';
import { gameKeys, type GameResponse, type ResultsView, type SubmitResult } from './games';
import { playerKeys } from './players';

// ---------------------------------------------------------------- reading

/** The cached game for an id, whichever key (id or slug) it was loaded under. */
export function cachedGame(queryClient: QueryClient, gameId: string): GameResponse | undefined {
  return queryClient
    .getQueriesData<GameResponse>({ queryKey: gameKeys.all })
    .map(([, data]) => data)
    .find((data) => data?.game.id === gameId);
}

/** This game's own queries: loaded under its id, or under a slug that answered this game. */
function isGameQuery(gameId: string) {
  return (query: Query): boolean =>
    query.queryKey[1] === gameId ||
    (query.state.data as GameResponse | undefined)?.game.id === gameId;
}

/**
 * A cached game after the server reported its count of final rankings and whether it is closed:
 * whether results are locked, and what still unlocks them, follow from those.
 */
export function withLiveState(
  data: GameResponse,
  live: { submissionCount: number; importedCount?: number | undefined; closed: boolean },
): GameResponse {
  const game = { ...data.game, closed: live.closed };
  return {
    ...data,
    submissionCount: live.submissionCount,
    importedCount: live.importedCount ?? data.importedCount,
    game: {
      ...game,
      resultsLocked: resultsLocked(game),
      unlock: lockedUntil(game, live.submissionCount),
    },
  };
}

// ---------------------------------------------------------------- primitives

/** Applies `update` to every cached game query for this game id (it may be cached by slug too). */
function updateGame(
  queryClient: QueryClient,
  gameId: string,
  update: (data: GameResponse) => GameResponse,
): void {
  queryClient.setQueriesData<GameResponse>({ queryKey: gameKeys.all }, (data) =>
    data && data.game.id === gameId ? update(data) : data,
  );
}

/** Reads this game (under every key it is cached by) and its results again. */
function refetchGame(queryClient: QueryClient, gameId: string): void {
  void queryClient.invalidateQueries({ queryKey: gameKeys.all, predicate: isGameQuery(gameId) });
  void queryClient.invalidateQueries({ queryKey: gameKeys.results(gameId) });
}

type MyGamesData = InfiniteData<PageResponse<MyGameView>, string | null>;

/** Applies `update` to the game in every cached list of mine (My Ranks); `null` drops it. */
function updateMyGame(
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

// ---------------------------------------------------------------- what happened

/** A game just created: its page opens from the cache, with no ranking yet. */
export function gameCreated(queryClient: QueryClient, game: GameView): void {
  queryClient.setQueryData<GameResponse>(gameKeys.game(game.id), {
    game,
    submissionCount: 0,
    mySubmission: null,
  });
}

/**
 * A final ranking saved: the game as the server counted it, with my ranking. Then this game and
 * its results are read again (a sign-in started meanwhile could have overwritten them with the
 * pre-submit state), and My Ranks' lists, which show the game, go stale.
 */
export function submissionSaved(queryClient: QueryClient, gameId: string, result: SubmitResult) {
  updateGame(queryClient, gameId, (data) => ({
    ...withLiveState(data, {
      submissionCount: result.submissionCount,
      closed: result.closed === true || data.game.closed,
    }),
    mySubmission: result.submission,
  }));
  refetchGame(queryClient, gameId);
  void queryClient.invalidateQueries({ queryKey: playerKeys.myGamesAll });
  void queryClient.invalidateQueries({ queryKey: playerKeys.myPlayedAll });
}

/**
 * A duel answered (issue 28): the game's count (and closed state) as the answer left it. The
 * player's own order changes with every answer; it is read again when they leave the duels
 * (`duelsLeft`), not after each one.
 */
export function duelAnswered(
  queryClient: QueryClient,
  gameId: string,
  result: { submissionCount: number; closed?: true | undefined },
): void {
  updateGame(queryClient, gameId, (data) =>
    withLiveState(data, {
      submissionCount: result.submissionCount,
      closed: result.closed === true || data.game.closed,
    }),
  );
}

/** The player left the duels: their order and the results are read again, My Ranks goes stale. */
export function duelsLeft(queryClient: QueryClient, gameId: string): void {
  refetchGame(queryClient, gameId);
  void queryClient.invalidateQueries({ queryKey: playerKeys.myGamesAll });
  void queryClient.invalidateQueries({ queryKey: playerKeys.myPlayedAll });
}

/** Saved progress (a partial ranking): never replaces a final ranking in the cache. */
export function progressSaved(
  queryClient: QueryClient,
  gameId: string,
  submission: SubmissionView,
): void {
  updateGame(queryClient, gameId, (data) =>
    data.mySubmission && !data.mySubmission.partial ? data : { ...data, mySubmission: submission },
  );
}

/** A submission refused because the game closed meanwhile: it shows as closed. */
export function gameClosed(queryClient: QueryClient, gameId: string): void {
  updateGame(queryClient, gameId, (data) =>
    withLiveState(data, { submissionCount: data.submissionCount, closed: true }),
  );
}

/** An owner's action answered the game as it is now (closed, archived, items edited …). */
export function gameChanged(
  queryClient: QueryClient,
  answer: { game: GameView; submissionCount?: number },
): void {
  updateGame(queryClient, answer.game.id, (cached) => ({
    ...cached,
    game: answer.game,
    submissionCount: answer.submissionCount ?? cached.submissionCount,
  }));
}

/** Items added, renamed or removed: the game as answered, and its results read again. */
export function itemsEdited(
  queryClient: QueryClient,
  answer: { game: GameView; submissionCount?: number },
): void {
  gameChanged(queryClient, answer);
  void queryClient.invalidateQueries({ queryKey: gameKeys.results(answer.game.id) });
}

/** Ballots imported: the counts as answered, and the results read again. */
export function ballotsImported(
  queryClient: QueryClient,
  gameId: string,
  answer: { submissionCount: number; importedCount: number },
): void {
  updateGame(queryClient, gameId, (cached) =>
    withLiveState(cached, { ...answer, closed: cached.game.closed }),
  );
  void queryClient.invalidateQueries({ queryKey: gameKeys.results(gameId) });
}

/** Published to (or taken off) the Community: the game, my lists, and the Community's lists. */
export function gamePublished(queryClient: QueryClient, game: GameView): void {
  gameChanged(queryClient, { game });
  updateMyGame(queryClient, game.id, (mine) => ({
    ...mine,
    isPublic: game.isPublic,
    communityRankId: game.communityRankId,
  }));
  void queryClient.invalidateQueries({ queryKey: playerKeys.myGamesAll });
  void queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

/**
 * Archived or unarchived: the game as answered; in My Ranks it moves between the list and the
 * Archived filter, so it leaves the list it is in and the lists are read again.
 */
export function gameArchived(queryClient: QueryClient, game: GameView): void {
  gameChanged(queryClient, { game });
  updateMyGame(queryClient, game.id, () => null);
  void queryClient.invalidateQueries({ queryKey: playerKeys.all });
}

/**
 * Deleted: dropped from the cache under whichever key (id or slug) it was loaded, so its link
 * answers 'Game not found' rather than the cache, and gone from My Ranks.
 */
export function gameDeleted(queryClient: QueryClient, gameId: string): void {
  queryClient.removeQueries({ queryKey: gameKeys.all, predicate: isGameQuery(gameId) });
  queryClient.removeQueries({ queryKey: gameKeys.results(gameId) });
  updateMyGame(queryClient, gameId, () => null);
  void queryClient.invalidateQueries({ queryKey: playerKeys.all });
}

// ---------------------------------------------------------------- the game's live stream

/**
 * A snapshot or a submission from the game's stream: the count and closed state, and the results
 * when the viewer may see them (with how much my ranking agrees). New, renamed or removed items:
 * the game (and whether I must re-order) is read again.
 */
export function liveGameChanged(queryClient: QueryClient, gameId: string, data: LiveData): void {
  updateGame(queryClient, gameId, (cached) => withLiveState(cached, data));
  if (data.change === 'items') {
    void queryClient.invalidateQueries({ queryKey: gameKeys.all, predicate: isGameQuery(gameId) });
  }
  if (!data.results) return;
  const results = data.results;
  const cached = cachedGame(queryClient, gameId);
  const mine = cached?.mySubmission;
  const crowd = results.items.map((item) => item.id);
  // The server's own rule (games/read-routes.ts): by the ballot's kind, over its groups.
  const myAgreement =
    cached && mine && !mine.partial
      ? ballotAgreement(
          cached.game.ballot.kind,
          mine.tiers ?? groupsOfRanking(mine.ranking),
          groupsOfRanking(crowd),
          crowd,
        )
      : null;
  queryClient.setQueryData<ResultsView>(gameKeys.results(gameId), { ...results, myAgreement });
}

/**
 * The stream was down and is back, or the game was deleted: the game and its results are read
 * again (what was submitted meanwhile, or 'Game not found').
 */
export function liveGameCaughtUp(queryClient: QueryClient, gameId: string): void {
  refetchGame(queryClient, gameId);
}
