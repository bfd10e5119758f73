/** Close now: after a confirmation, the game takes no more rankings and its results unlock. */
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { useCloseGame } from '../api/game-mutations';
import { useText } from '../i18n/i18n';
import { closeGameText } from '../i18n/messages/owner';
import { ConfirmDialog } from '../ui/confirm-dialog';

export function CloseGameButton(props: { game: GameView }) {
  const t = useText(closeGameText);
  const [open, setOpen] = useState(false);
  const close = useCloseGame(props.game.id, {
    onSuccess: () => {
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
