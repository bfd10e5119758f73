/**
 * The host's controls, on the presenter and the remote: one button per action the server allows
 * now (`room.actions`), the step forward first; closing the room asks first. A refused action's
 * sentence (say, the other screen already moved on) shows under the buttons.
 */
import { Lock } from 'lucide-react';
import { useState } from 'react';
import type { RoomAction } from '../../../domain/rooms';
import { errorMessage } from '../../api/errors';
import { useText } from '../../i18n/i18n';
import { hostActionText } from '../../i18n/messages/rooms-host';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import type { HostRoom, useHostAction } from './use-host-room';

/** The action that moves the room on (what Space or → does on the presenter). */
export function stepAction(room: HostRoom): RoomAction | null {
  return room.actions.find((action) => action !== 'close') ?? null;
}

export function useActionLabel(): (room: HostRoom, action: RoomAction) => string {
  const t = useText(hostActionText);
  return (room, action) => (action === 'next' ? t.next({ round: room.round + 1 }) : t[action]);
}

export function HostActions(props: {
  code: string;
  room: HostRoom;
  action: ReturnType<typeof useHostAction>;
  className?: string;
}) {
  const t = useText(hostActionText);
  const label = useActionLabel();
  const { room, action } = props;
  const [confirming, setConfirming] = useState(false);
  const step = stepAction(room);
  const pendingAction = action.isPending ? action.variables : null;
  const error = action.isError && !confirming ? errorMessage(action.error) : null;

  return (
    <div className={`host-actions ${props.className ?? ''}`}>
      <div className="host-actions__buttons" role="group" aria-label={t.group}>
        {step ? (
          <button
            type="button"
            className="btn btn-primary host-actions__step"
            data-testid={`host-${step}`}
            aria-disabled={action.isPending}
            onClick={() => (action.isPending ? undefined : action.mutate(step))}
          >
            {pendingAction === step ? t.working : label(room, step)}
          </button>
        ) : null}
        {room.actions.includes('close') ? (
          <ConfirmDialog
            trigger={
              <button type="button" className="btn btn-secondary" data-testid="host-close">
                <Lock size={18} aria-hidden="true" />
                {t.close}
              </button>
            }
            open={confirming}
            onOpenChange={(open) => {
              if (open) action.reset();
              setConfirming(open);
            }}
            title={t.closeTitle}
            confirmLabel={t.closeConfirm}
            pendingLabel={t.closePending}
            pending={pendingAction === 'close'}
            error={action.isError && confirming ? errorMessage(action.error) : null}
            tone="danger"
            onConfirm={() => action.mutate('close', { onSuccess: () => setConfirming(false) })}
          >
            <p>{t.closeText}</p>
          </ConfirmDialog>
        ) : null}
      </div>
      <p className="form-error host-actions__error" role="alert">
        {error}
      </p>
    </div>
  );
}
