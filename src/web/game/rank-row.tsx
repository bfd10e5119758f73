/**
 * One row of the ranking: drag handle, position, the item's name (a button: tap-to-place), and
 * Move up / Move down. Memoised, and every prop but `mode` is stable while nothing moves, so a
 * 200-item list re-renders only the rows a move or a pick changes.
 *
 * Four tab stops a row, on purpose (looked at for issue 14): Tab reaching the handle is what makes
 * dnd-kit's keyboard drag, with its announcements, one of the ways to order (core-loop and
 * ordering specs use it). A roving tabindex (one stop a row, arrow keys between its controls)
 * would hide that way and the Move buttons behind keys nobody is told about, and arrow keys
 * already belong to the drag while an item is lifted.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronDown, ChevronUp, GripVertical, X } from 'lucide-react';
import { memo } from 'react';
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { ItemPictureButton } from './item-picture';
import { rankRowText } from '../i18n/messages/play';

export type MoveDirection = -1 | 1;

/** Tap-to-place: nothing picked up, this row picked up, or another row picked up (a target). */
export type PlaceMode = 'idle' | 'picked' | 'target';

type Props = {
  id: string;
  label: string;
  /** The item's picture: a thumbnail that opens full screen (item-picture.tsx). */
  image?: ItemImageView | undefined;
  index: number;
  total: number;
  mode: PlaceMode;
  /** The picked item's label, on target rows only (for their accessible name). */
  pickedLabel: string | null;
  onMove: (id: string, direction: MoveDirection) => void;
  onPick: (id: string) => void;
  /** A top N's picks: the row's remove button takes the item out of them. */
  onRemove?: (id: string) => void;
};

export const RankRow = memo(function RankRow(props: Props) {
  const { id, label, index, total, mode, onMove, onPick, onRemove } = props;
  const t = useText(rankRowText);
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id });

  const first = index === 0;
  const last = index === total - 1;
  const position = index + 1;
  const pickName =
    mode === 'picked'
      ? t.putDown({ label, position, total })
      : mode === 'target'
        ? props.pickedLabel === null
          ? t.placeIt({ position, label })
          : t.place({ picked: props.pickedLabel, position, label })
        : t.pickUp({ label, position, total });

  const classes = ['rank-row'];
  if (isDragging) classes.push('rank-row--dragging');
  if (first) classes.push('rank-row--first');
  if (mode !== 'idle') classes.push(`rank-row--${mode}`);
  if (props.image) classes.push('rank-row--picture');

  return (
    <li
      ref={setNodeRef}
      className={classes.join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="rank-item"
      data-item-id={id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="rank-row__handle"
        aria-label={t.drag({ label })}
        {...attributes}
        {...listeners}
      >
        <GripVertical size={20} aria-hidden="true" />
      </button>
      <span className="rank-row__position" aria-hidden="true">
        {index + 1}
      </span>
      <ItemPictureButton image={props.image} label={label} />
      <button
        type="button"
        className="rank-row__pick"
        data-control="pick"
        aria-label={pickName}
        onClick={() => onPick(id)}
      >
        <span className="rank-row__label" dir="auto">
          {label}
        </span>
      </button>
      <span className="rank-row__moves">
        <button
          type="button"
          className="rank-row__move"
          data-control="up"
          aria-label={t.moveUp({ label })}
          aria-disabled={first}
          onClick={() => {
            if (!first) onMove(id, -1);
          }}
        >
          <ChevronUp size={20} aria-hidden="true" />
        </button>
        <button
          type="button"
          className="rank-row__move"
          data-control="down"
          aria-label={t.moveDown({ label })}
          aria-disabled={last}
          onClick={() => {
            if (!last) onMove(id, 1);
          }}
        >
          <ChevronDown size={20} aria-hidden="true" />
        </button>
        {onRemove ? (
          <button
            type="button"
            className="rank-row__move rank-row__remove"
            data-control="remove"
            aria-label={t.remove({ label })}
            onClick={() => onRemove(id)}
          >
            <X size={20} aria-hidden="true" />
          </button>
        ) : null}
      </span>
    </li>
  );
});
