/**
 * The actions on one of my games in My Ranks: publish/unpublish (the Community), archive/unarchive
 * (POST /api/games/:id/archive) and delete after a confirmation (DELETE /api/games/:id). Each
 * updates My Ranks' lists in place and says what happened in a toast.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Globe, GlobeLock } from 'lucide-react';
import { toast } from '../shell/toasts';
import type { MyGameView } from '../../domain/profile';
import { cachePublishedGame, publishGame, unpublishGame } from '../api/community';
import { errorMessage } from '../api/errors';
import { archiveGame } from '../api/games';
import { playerKeys } from '../api/players';
import { DeleteGameButton } from '../owner/delete-game-button';
// The delete dialog's and the danger buttons' styles live with the owner's panel.
import '../owner/owner.css';
import { updateMyGame } from './my-ranks-cache';
import { forgetPending } from './pending';

export function PublishAction({ game }: { game: MyGameView }) {
  const queryClient = useQueryClient();
  const publish = useMutation({
    mutationFn: (next: boolean) => (next ? publishGame(game.id) : unpublishGame(game.id)),
    onSuccess: (answer) => {
      cachePublishedGame(queryClient, answer);
      updateMyGame(queryClient, game.id, (g) => ({
        ...g,
        isPublic: answer.isPublic,
        communityRankId: answer.communityRankId,
      }));
      forgetPending(game.id);
      void queryClient.invalidateQueries({ queryKey: playerKeys.myGamesAll });
      toast.success(answer.isPublic ? 'Published to Community' : 'Removed from Community');
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const next = !game.isPublic;
  return (
    <button
      type="button"
      className="btn btn-secondary my-card__btn"
      aria-disabled={publish.isPending}
      onClick={() => (publish.isPending ? undefined : publish.mutate(next))}
    >
      {next ? <Globe size={16} aria-hidden="true" /> : <GlobeLock size={16} aria-hidden="true" />}
      {publish.isPending
        ? next
          ? 'Publishing…'
          : 'Unpublishing…'
        : next
          ? 'Publish'
          : 'Unpublish'}
    </button>
  );
}

export function ArchiveAction({ game }: { game: MyGameView }) {
  const queryClient = useQueryClient();
  const archive = useMutation({
    mutationFn: (next: boolean) => archiveGame(game.id, next),
    onSuccess: (answer) => {
      // It moves between the list and the Archived filter: gone from this one, the other reloads.
      updateMyGame(queryClient, game.id, () => null);
      forgetPending(game.id);
      void queryClient.invalidateQueries({ queryKey: playerKeys.all });
      if (answer.game.archived) {
        toast.success('Rank archived', {
          description: 'It is hidden from lists. The link still works.',
        });
      } else {
        toast.success('Rank unarchived', { description: 'It shows in lists again.' });
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const next = !game.archived;
  return (
    <button
      type="button"
      className="btn btn-secondary my-card__btn"
      aria-disabled={archive.isPending}
      onClick={() => (archive.isPending ? undefined : archive.mutate(next))}
    >
      {next ? (
        <Archive size={16} aria-hidden="true" />
      ) : (
        <ArchiveRestore size={16} aria-hidden="true" />
      )}
      {archive.isPending ? (next ? 'Archiving…' : 'Unarchiving…') : next ? 'Archive' : 'Unarchive'}
    </button>
  );
}

export function DeleteAction({ game }: { game: MyGameView }) {
  const queryClient = useQueryClient();
  return (
    <DeleteGameButton
      gameId={game.id}
      title={game.title}
      className="my-card__btn"
      iconSize={16}
      onDeleted={() => {
        forgetPending(game.id);
        updateMyGame(queryClient, game.id, () => null);
        void queryClient.invalidateQueries({ queryKey: playerKeys.all });
      }}
    />
  );
}
