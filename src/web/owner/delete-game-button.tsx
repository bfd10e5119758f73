/** Delete: after a confirmation naming the rank, the game and everything in it goes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../shell/ui/toasts';
import { errorMessage } from '../api/errors';
import { gameDeleted } from '../api/game-cache';
import { deleteGame } from '../api/games';
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
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteGame(props.gameId),
    onSuccess: () => {
      setOpen(false);
      toast.success('Rank deleted');
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
          Delete
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
      title="Delete this rank?"
      confirmLabel="Delete rank"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      tone="danger"
      onConfirm={() => remove.mutate()}
    >
      <p>
        <strong className="confirm-dialog__name">“{props.title}”</strong> and all its rankings and
        results will be deleted for good. Its link will stop working. This can't be undone.
      </p>
    </ConfirmDialog>
  );
}
