/**
 * The full-screen view of an item's picture (issue 26): its label, the picture and its description
 * in a dialog; Esc or Close shuts it and focus goes back to the thumbnail it was opened from.
 * Loaded with the first picture opened (item-picture.tsx).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { itemPictureViewText } from '../i18n/messages/play';

/** The picture shown, and the button it was opened from (focus goes back there). */
export type Shown = { image: ItemImageView; label: string; from: HTMLElement };

export function PictureViewer(props: {
  shown: Shown | null;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const t = useText(itemPictureViewText);
  const { shown } = props;
  return (
    <Dialog.Root open={shown !== null} onOpenChange={(open) => (open ? null : props.onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay picture-viewer__overlay" />
        <Dialog.Content
          className="picture-viewer"
          data-testid="picture-viewer"
          // Opened without a Radix trigger: focus goes back to the thumbnail pressed.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.returnFocus();
          }}
        >
          {shown ? (
            <>
              <Dialog.Title className="picture-viewer__title" dir="auto">
                {shown.label}
              </Dialog.Title>
              <img className="picture-viewer__image" src={shown.image.url} alt={shown.image.alt} />
              <Dialog.Description className="picture-viewer__alt" dir="auto">
                {shown.image.alt}
              </Dialog.Description>
            </>
          ) : null}
          <Dialog.Close asChild>
            <button type="button" className="btn-icon picture-viewer__close" aria-label={t.close}>
              <X size={24} aria-hidden="true" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
