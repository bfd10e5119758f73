/** Delete: after a confirmation naming the rank, the game and everything in it goes. */
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../ui/toasts';
import { errorMessage } from '../api/errors';
import { useDeleteGame } from '../api/game-mutations';
import { useText } from '../i18n/i18n';
import { deleteGameText } from '../i18n/messages/owner';
import { RichText } from '../i18n/rich-text';
import { ConfirmDialog } from '../ui/confirm-dialog';

/**
 * The one Delete button for a game (owner panel, My Ranks): a confirmation naming the rank, then
 * the game goes; `onDeleted` says where the page goes next, then the game's cache is forgotten.
 */
export function DeleteGameButton(props: {
  gameId: string;
  title: string;
  className?: string;
  iconSize?: number;
  onDeleted: () => void;
}) {
  const t = useText(deleteGameText);
  const [open, setOpen] = useState(false);
  // After the page moved on, the hook forgets the game: its link answers 'Game not found'.
  const remove = useDeleteGame(props.gameId, {
    onSuccess: () => {
      setOpen(false);
      toast.success(t.deleted);
      props.onDeleted();
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className={`btn btn-danger-outline ${props.className ?? ''}`}>
          <Trash2 size={props.iconSize ?? 18} aria-hidden="true" />
          {t.delete}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
      title={t.title}
      confirmLabel={t.confirm}
      pendingLabel={t.pending}
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      tone="danger"
      onConfirm={() => remove.mutate()}
    >
      <p>
        <RichText
          text={t.text}
          values={{
            title: (
              <strong className="confirm-dialog__name">{t.quoted({ title: props.title })}</strong>
            ),
          }}
        />
      </p>
    </ConfirmDialog>
  );
}
