/** Delete: after a confirmation naming the rank, the game and everything in it goes; then My Ranks. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { deleteGame } from '../api/games';
import { paths } from '../paths';
import { ConfirmDialog } from './confirm-dialog';
import { forgetGame } from './owner-cache';

export function DeleteGameButton(props: { game: GameView }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { game } = props;
  const remove = useMutation({
    mutationFn: () => deleteGame(game.id),
    onSuccess: () => {
      toast.success('Rank deleted');
      void navigate(paths.myRanks());
      // After leaving the page: its link now answers 'Game not found', not what was cached.
      forgetGame(queryClient, game.id);
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="btn btn-danger-outline">
          <Trash2 size={18} aria-hidden="true" />
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
        <strong className="confirm-dialog__name">“{game.prompt}”</strong> and all its rankings and
        results will be deleted for good. Its link will stop working. This can't be undone.
      </p>
    </ConfirmDialog>
  );
}
