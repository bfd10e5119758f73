/**
 * Tap-to-place's pinned hint: which item is on the move and how to put it down. It sits in the
 * sticky submit bar, so on a long list it stays in sight while the player scrolls to the spot.
 * Not a live region: the list announces the pick itself.
 */
import { MoveVertical, X } from 'lucide-react';
import { useText } from '../i18n/i18n';
import { placingHintText } from '../i18n/messages/play';
import { RichText } from '../i18n/rich-text';

export function PlacingHint(props: {
  label: string;
  position: number;
  total: number;
  onCancel: () => void;
}) {
  const t = useText(placingHintText);
  return (
    <div className="placing-hint" data-testid="placing-hint">
      <MoveVertical size={18} aria-hidden="true" className="placing-hint__icon" />
      <p className="placing-hint__text">
        <RichText
          text={t.moving}
          values={{
            label: (
              <strong dir="auto" className="placing-hint__label">
                {props.label}
              </strong>
            ),
            from: (
              <span className="placing-hint__from">
                {t.from({ position: props.position, total: props.total })}
              </span>
            ),
            how: <span className="placing-hint__how">{t.how}</span>,
          }}
        />
      </p>
      <button
        type="button"
        className="btn btn-secondary placing-hint__cancel"
        onClick={props.onCancel}
      >
        <X size={16} aria-hidden="true" />
        {t.cancel}
      </button>
    </div>
  );
}
