/** Archive hides a game from lists without deleting it (the link keeps working); Unarchive undoes it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore } from 'lucide-react';
import { toast } from '../shell/ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { gameArchived } from '../api/game-cache';
import { archiveGame } from '../api/games';

export function ArchiveButton(props: { game: GameView }) {
  const queryClient = useQueryClient();
  const { archived } = props.game;
  const archive = useMutation({
    mutationFn: (next: boolean) => archiveGame(props.game.id, next),
    onSuccess: (answer) => {
      gameArchived(queryClient, answer.game);
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
          ? 'Unarchiving…'
          : 'Archiving…'
        : archived
          ? 'Unarchive'
          : 'Archive'}
    </button>
  );
}
