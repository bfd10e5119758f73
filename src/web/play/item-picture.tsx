/**
 * Items' pictures on the ballot (issue 26, decision 0050): a thumbnail large enough to judge, in a
 * button that opens the picture full screen with its description (a dialog: Esc closes it, focus
 * goes back to the button). The picture's alt text is the image's; the button's name starts with
 * "View picture:", so a screen reader hears what it shows and what pressing does. Items without a
 * picture render nothing here: text-only games look as before.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { itemPictureViewText } from '../i18n/messages/play';

/** The picture shown, and the button it was opened from (focus goes back there). */
type Shown = { image: ItemImageView; label: string; from: HTMLElement };

const ViewerContext = createContext<((shown: Shown) => void) | null>(null);

/** Where the pictures of the ballot inside it open full screen (one dialog for them all). */
export function PictureViewerProvider(props: { children: ReactNode }) {
  const t = useText(itemPictureViewText);
  const [shown, setShown] = useState<Shown | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: Shown) => {
    opener.current = next.from;
    setShown(next);
  }, []);
  return (
    <ViewerContext.Provider value={open}>
      {props.children}
      <Dialog.Root open={shown !== null} onOpenChange={(open) => (open ? null : setShown(null))}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay picture-viewer__overlay" />
          <Dialog.Content
            className="picture-viewer"
            data-testid="picture-viewer"
            // Opened without a Radix trigger: focus goes back to the thumbnail pressed.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            {shown ? (
              <>
                <Dialog.Title className="picture-viewer__title" dir="auto">
                  {shown.label}
                </Dialog.Title>
                <img
                  className="picture-viewer__image"
                  src={shown.image.url}
                  alt={shown.image.alt}
                />
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
    </ViewerContext.Provider>
  );
}

/** An item's thumbnail, a button opening it full screen; nothing for an item without one. */
export function ItemPictureButton(props: {
  image: ItemImageView | undefined;
  label: string;
  className?: string;
}) {
  const t = useText(itemPictureViewText);
  const view = useContext(ViewerContext);
  const { image, label } = props;
  if (!image) return null;
  return (
    <button
      type="button"
      className={`item-picture${props.className ? ` ${props.className}` : ''}`}
      data-testid="item-picture"
      onClick={(event) => {
        event.stopPropagation();
        view?.({ image, label, from: event.currentTarget });
      }}
    >
      <span className="visually-hidden">{t.view} </span>
      <img src={image.thumbUrl} alt={image.alt} loading="lazy" decoding="async" draggable={false} />
    </button>
  );
}
