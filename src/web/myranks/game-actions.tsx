/**
 * The actions on one of my games in My Ranks: publish/unpublish (the Community), archive/unarchive
 * (POST /api/games/:id/archive) and delete after a confirmation (DELETE /api/games/:id). Each
 * updates My Ranks' lists in place and says what happened in a toast.
 */
import { Archive, ArchiveRestore, Globe, GlobeLock } from 'lucide-react';
import { toast } from '../ui/toasts';
import type { MyGameView } from '../../domain/profile';
import { errorMessage } from '../api/errors';
import { useArchiveGame, usePublishGame } from '../api/game-mutations';
import { DeleteGameButton } from '../game/delete-game-button';
import { forgetPending } from '../game/pending';
import { useText } from '../i18n/i18n';
import { gameActionsText } from '../i18n/messages/myranks';

export function PublishAction({ game }: { game: MyGameView }) {
  const t = useText(gameActionsText);
  const publish = usePublishGame(game.id, {
    onSuccess: (answer) => {
      forgetPending(game.id);
      toast.success(answer.isPublic ? t.published : t.unpublished);
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
      {publish.isPending ? (next ? t.publishing : t.unpublishing) : next ? t.publish : t.unpublish}
    </button>
  );
}

export function ArchiveAction({ game }: { game: MyGameView }) {
  const t = useText(gameActionsText);
  const archive = useArchiveGame(game.id, {
    // It moves between the list and the Archived filter: gone from this one, the other reloads.
    onSuccess: (answered) => {
      forgetPending(game.id);
      if (answered.archived) {
        toast.success(t.archivedTitle, { description: t.archivedText });
      } else {
        toast.success(t.unarchivedTitle, { description: t.unarchivedText });
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
      {archive.isPending ? (next ? t.archiving : t.unarchiving) : next ? t.archive : t.unarchive}
    </button>
  );
}

export function DeleteAction({ game }: { game: MyGameView }) {
  return (
    <DeleteGameButton
      gameId={game.id}
      title={game.title}
      className="my-card__btn"
      iconSize={16}
      // The button drops the game from the cache and My Ranks' lists (game-cache.ts).
      onDeleted={() => forgetPending(game.id)}
    />
  );
}
