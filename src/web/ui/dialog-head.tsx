/** A dialog's title with its close button, for every Radix dialog that has one. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useText } from '../i18n/i18n';
import { dialogText } from '../i18n/messages/ui';

export function DialogHead(props: { title: string }) {
  const t = useText(dialogText);
  return (
    <div className="dialog__head">
      <Dialog.Title className="dialog__title">{props.title}</Dialog.Title>
      <Dialog.Close asChild>
        <button type="button" className="btn-icon" aria-label={t.close}>
          <X size={20} aria-hidden="true" />
        </button>
      </Dialog.Close>
    </div>
  );
}
