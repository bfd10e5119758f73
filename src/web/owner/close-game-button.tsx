/** Close now: after a confirmation, the game takes no more rankings and its results unlock. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../shell/ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { gameChanged } from '../api/game-cache';
import { closeGame } from '../api/games';
import { useText } from '../i18n/i18n';
import { closeGameText } from '../i18n/messages/owner';
import { ConfirmDialog } from './confirm-dialog';

export function CloseGameButton(props: { game: GameView }) {
  const t = useText(closeGameText);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const close = useMutation({
    mutationFn: () => closeGame(props.game.id),
    onSuccess: (answer) => {
      gameChanged(queryClient, answer);
      setOpen(false);
      toast.success(t.closed);
    },
  });

  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="btn btn-secondary">
          <Lock size={18} aria-hidden="true" />
          {t.closeNow}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) close.reset();
        setOpen(next);
      }}
      title={t.title}
      confirmLabel={t.confirm}
      pendingLabel={t.pending}
      pending={close.isPending}
      error={close.isError ? errorMessage(close.error) : null}
      tone="primary"
      onConfirm={() => close.mutate()}
    >
      <p>{t.text}</p>
    </ConfirmDialog>
  );
}
