/** Archive hides a game from lists without deleting it (the link keeps working); Unarchive undoes it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore } from 'lucide-react';
import { toast } from '../shell/ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { gameArchived } from '../api/game-cache';
import { archiveGame } from '../api/games';
import { useText } from '../i18n/i18n';
import { archiveButtonText } from '../i18n/messages/owner';

export function ArchiveButton(props: { game: GameView }) {
  const t = useText(archiveButtonText);
  const queryClient = useQueryClient();
  const { archived } = props.game;
  const archive = useMutation({
    mutationFn: (next: boolean) => archiveGame(props.game.id, next),
    onSuccess: (answer) => {
      gameArchived(queryClient, answer.game);
      if (answer.game.archived) {
        toast.success(t.archived, { description: t.archivedText });
      } else {
        toast.success(t.unarchived, { description: t.unarchivedText });
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={archive.isPending}
      onClick={() => (archive.isPending ? undefined : archive.mutate(!archived))}
    >
      {archived ? (
        <ArchiveRestore size={18} aria-hidden="true" />
      ) : (
        <Archive size={18} aria-hidden="true" />
      )}
      {archive.isPending
        ? archived
          ? t.unarchiving
          : t.archiving
        : archived
          ? t.unarchive
          : t.archive}
    </button>
  );
}
