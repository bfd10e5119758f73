/**
 * A yes-or-no question before an action that cannot be undone (close, delete). Cancel has the
 * focus when it opens, so Enter never confirms by accident; Escape closes it; the error of a
 * failed try is shown inside it.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, type ReactNode } from 'react';
import { useText } from '../i18n/i18n';
import { confirmDialogText } from '../i18n/messages/owner';

export function ConfirmDialog(props: {
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  tone: 'danger' | 'primary';
  onConfirm: () => void;
}) {
  const t = useText(confirmDialogText);
  const cancel = useRef<HTMLButtonElement>(null);
  const errorId = useId();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog confirm-dialog"
          role="alertdialog"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            cancel.current?.focus();
          }}
        >
          <Dialog.Title className="dialog__title">{props.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="dialog__text">{props.children}</div>
          </Dialog.Description>
          <p id={errorId} className="form-error" role="alert">
            {props.error}
          </p>
          <div className="dialog__actions">
            <Dialog.Close asChild>
              <button ref={cancel} type="button" className="btn btn-secondary">
                {t.cancel}
              </button>
            </Dialog.Close>
            <button
              type="button"
              className={`btn ${props.tone === 'danger' ? 'btn-danger' : 'btn-primary'}`}
              // aria-disabled, not disabled: the button keeps the focus while the action runs.
              aria-disabled={props.pending}
              onClick={() => (props.pending ? undefined : props.onConfirm())}
              aria-describedby={props.error ? errorId : undefined}
            >
              {props.pending ? props.pendingLabel : props.confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
