/**
 * Tap-to-place's pinned hint: which item is on the move and how to put it down. It sits in the
 * sticky submit bar, so on a long list it stays in sight while the player scrolls to the spot.
 * Not a live region: the list announces the pick itself.
 */
import { MoveVertical, X } from 'lucide-react';

export function PlacingHint(props: {
  label: string;
  position: number;
  total: number;
  onCancel: () => void;
}) {
  return (
    <div className="placing-hint" data-testid="placing-hint">
      <MoveVertical size={18} aria-hidden="true" className="placing-hint__icon" />
      <p className="placing-hint__text">
        Moving{' '}
        <strong dir="auto" className="placing-hint__label">
          {props.label}
        </strong>{' '}
        <span className="placing-hint__from">
          (#{props.position} of {props.total})
        </span>
        <span className="placing-hint__how"> — tap where it goes</span>
      </p>
      <button
        type="button"
        className="btn btn-secondary placing-hint__cancel"
        onClick={props.onCancel}
      >
        <X size={16} aria-hidden="true" />
        Cancel
      </button>
    </div>
  );
}
