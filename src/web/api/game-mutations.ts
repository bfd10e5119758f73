/**
 * A game's mutation hooks (the owner's actions, a remix): each calls its fetcher (games.ts,
 * community.ts) and updates the cache (game-cache.ts); the screen adds its toasts and moves
 * (`MutationEffects`). One hook per action, whichever screen shows its button.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BallotSpec } from '../../domain/ballot';
import type { GameView } from '../../domain/game';
import { publishGame, unpublishGame } from './community';
import {
  ballotsImported,
  gameArchived,
  gameChanged,
  gameDeleted,
  gamePublished,
  itemsEdited,
} from './game-cache';
import {
  archiveGame,
  closeGame,
  deleteGame,
  editItems,
  importBallots,
  remixGame,
  setBallot,
  type ImportedBallots,
  type ItemEdit,
  type OwnedGameResult,
} from './games';
import type { MutationEffects } from './mutation-effects';

/** Publish to the Community (`true`) or take it off (`false`): the game as answered. */
export function usePublishGame(gameId: string, effects: MutationEffects<GameView, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) => (next ? publishGame(gameId) : unpublishGame(gameId)),
    onSuccess: (answer, next) => {
      gamePublished(queryClient, answer);
      effects.onSuccess?.(answer, next);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Archive (`true`) or unarchive (`false`): the game as answered. */
export function useArchiveGame(gameId: string, effects: MutationEffects<GameView, boolean> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (next: boolean) => archiveGame(gameId, next),
    onSuccess: (answer, next) => {
      gameArchived(queryClient, answer.game);
      effects.onSuccess?.(answer.game, next);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Close now: the game takes no more rankings. */
export function useCloseGame(gameId: string, effects: MutationEffects<OwnedGameResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => closeGame(gameId),
    onSuccess: (answer) => {
      gameChanged(queryClient, answer);
      effects.onSuccess?.(answer, undefined);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/**
 * Delete. The screen's `onSuccess` runs first (it says so and moves on), then the game leaves the
 * cache: its link then answers 'Game not found', not what was cached.
 */
export function useDeleteGame(gameId: string, effects: MutationEffects<{ id: string }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGame(gameId),
    onSuccess: (answer) => {
      effects.onSuccess?.(answer, undefined);
      gameDeleted(queryClient, gameId);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Edit the items: the game as answered, and its results read again. */
export function useEditItems(gameId: string, effects: MutationEffects<OwnedGameResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ItemEdit[]) => editItems(gameId, items),
    onSuccess: (answer) => {
      itemsEdited(queryClient, answer);
      effects.onSuccess?.(answer, undefined);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Change the ballot: the game as answered, and its results read again. */
export function useSetBallot(gameId: string, effects: MutationEffects<OwnedGameResult> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ballot: BallotSpec) => setBallot(gameId, ballot),
    onSuccess: (answer) => {
      itemsEdited(queryClient, answer);
      effects.onSuccess?.(answer, undefined);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Import a ballot CSV (decision 0048): the counts as answered, and the results read again. */
export function useImportBallots(gameId: string, effects: MutationEffects<ImportedBallots> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importBallots(gameId, csv),
    onSuccess: (answer) => {
      ballotsImported(queryClient, gameId, answer);
      effects.onSuccess?.(answer, undefined);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Remix: a new game of the viewer's with the same prompt and items. */
export function useRemixGame(gameId: string, effects: MutationEffects<GameView> = {}) {
  return useMutation({
    mutationFn: () => remixGame(gameId),
    onSuccess: (game) => effects.onSuccess?.(game, undefined),
    onError: (error) => effects.onError?.(error),
  });
}
