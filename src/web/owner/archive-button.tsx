/** Archive hides a game from lists without deleting it (the link keeps working); Unarchive undoes it. */
import { Archive, ArchiveRestore } from 'lucide-react';
import { toast } from '../ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { useArchiveGame } from '../api/game-mutations';
import { useText } from '../i18n/i18n';
import { archiveButtonText } from '../i18n/messages/owner';

export function ArchiveButton(props: { game: GameView }) {
  const t = useText(archiveButtonText);
  const { archived } = props.game;
  const archive = useArchiveGame(props.game.id, {
    onSuccess: (game) => {
      if (game.archived) {
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
