/**
 * Items' pictures on the ballot (issue 26, decision 0050): a thumbnail large enough to judge, in a
 * button that opens the picture full screen with its description (a dialog: Esc closes it, focus
 * goes back to the button). The picture's alt text is the image's; the button's name starts with
 * "View picture:", so a screen reader hears what it shows and what pressing does. Items without a
 * picture render nothing here: text-only games look as before.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { itemPictureViewText } from '../i18n/messages/play';
import type { Shown } from './picture-viewer';

// The full-screen viewer (a dialog) loads with the first picture opened: a text-only game, and
// a first visit, never pay for it.
const PictureViewer = lazy(() =>
  import('./picture-viewer').then((m) => ({ default: m.PictureViewer })),
);

const ViewerContext = createContext<((shown: Shown) => void) | null>(null);

/** Where the pictures of the ballot inside it open full screen (one dialog for them all). */
export function PictureViewerProvider(props: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [used, setUsed] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((next: Shown) => {
    opener.current = next.from;
    setUsed(true);
    setShown(next);
  }, []);
  return (
    <ViewerContext.Provider value={open}>
      {props.children}
      {used ? (
        <Suspense fallback={null}>
          <PictureViewer
            shown={shown}
            onClose={() => setShown(null)}
            returnFocus={() => (opener.current && stillShown(opener.current))?.focus()}
          />
        </Suspense>
      ) : null}
    </ViewerContext.Provider>
  );
}

/**
 * The button that opened the viewer, or the same item's picture button drawn anew while the
 * viewer was open (a ranking's rows are redrawn when its drags load: game/rank-list.tsx).
 */
function stillShown(opener: HTMLElement): HTMLElement | null {
  if (opener.isConnected) return opener;
  const id = opener.closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
  if (id === undefined) return null;
  return document.querySelector<HTMLElement>(
    `[data-item-id="${CSS.escape(id)}"] [data-control="picture"]`,
  );
}

/** Opens a picture in the provider's full-screen viewer (for a button of a board's own). */
export function useViewPicture(): ((shown: Shown) => void) | null {
  return useContext(ViewerContext);
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
      data-control="picture"
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
