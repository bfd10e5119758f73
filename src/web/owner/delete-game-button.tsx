/** Delete: after a confirmation naming the rank, the game and everything in it goes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../shell/ui/toasts';
import { errorMessage } from '../api/errors';
import { gameDeleted } from '../api/game-cache';
import { deleteGame } from '../api/games';
import { useText } from '../i18n/i18n';
import { deleteGameText } from '../i18n/messages/owner';
import { RichText } from '../i18n/rich-text';
import { ConfirmDialog } from './confirm-dialog';

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
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteGame(props.gameId),
    onSuccess: () => {
      setOpen(false);
      toast.success(t.deleted);
      props.onDeleted();
      // After the page moved on: the game's link now answers 'Game not found', not the cache.
      gameDeleted(queryClient, props.gameId);
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
