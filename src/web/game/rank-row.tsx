/**
 * One row of the ranking: drag handle, position, the item's name (a button: tap-to-place), and
 * Move up / Move down. Rows are memoised (PlainRankRow here, SortableRankRow in rank-drag.tsx),
 * and every prop but `mode` is stable while nothing moves, so a 200-item list re-renders only the
 * rows a move or a pick changes.
 *
 * Four tab stops a row, on purpose (looked at for issue 14): Tab reaching the handle is what makes
 * dnd-kit's keyboard drag, with its announcements, one of the ways to order (core-loop and
 * ordering specs use it). A roving tabindex (one stop a row, arrow keys between its controls)
 * would hide that way and the Move buttons behind keys nobody is told about, and arrow keys
 * already belong to the drag while an item is lifted.
 */
import { ChevronDown, ChevronUp, GripVertical, X } from 'lucide-react';
import {
  memo,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type TouchEvent,
} from 'react';
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { ItemPictureButton } from './item-picture';
import { rankRowText } from '../i18n/messages/play';

export type MoveDirection = -1 | 1;

/** Tap-to-place: nothing picked up, this row picked up, or another row picked up (a target). */
export type PlaceMode = 'idle' | 'picked' | 'target';

export type RankRowProps = {
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

/** The row's drag handle and position, from dnd-kit (rank-drag.tsx) or plain (below). */
export type RowHandle = {
  rowRef?: (element: HTMLElement | null) => void;
  handleRef?: (element: HTMLElement | null) => void;
  /** Spread on the handle button: attributes and event listeners. */
  handleProps: Record<string, unknown>;
  rowStyle?: CSSProperties;
  isDragging: boolean;
};

/**
 * A press on a plain row's handle, before the drags are loaded (rank-list.tsx keeps it and
 * rank-drag.tsx replays it).
 */
export type HandlePress =
  | { kind: 'key'; id: string; event: KeyboardEvent }
  | { kind: 'pointer'; id: string; event: PointerEvent }
  | { kind: 'touch'; id: string; event: TouchEvent };

/**
 * A press on a handle before the drags were loaded, and what followed it until they were: the
 * keys pressed on the handle, the pointer's last move and whether it was released, the touch's
 * own element (its later events go there, even once the row is drawn anew).
 */
export type Wake = {
  press: HandlePress;
  keys: globalThis.KeyboardEvent[];
  move: globalThis.PointerEvent | null;
  released: boolean;
  /** Stops listening to the pointer or touch. */
  stop: () => void;
};

/**
 * A row before the drags are loaded: its handle looks and reads as dnd-kit's (the same role,
 * description and instructions), and a press on it wakes the drags (`onPress`).
 */
export const PlainRankRow = memo(function PlainRankRow(
  props: RankRowProps & {
    /** The id of the element holding the drag instructions. */
    describedBy: string;
    onPress: (press: HandlePress) => void;
  },
) {
  const { id, describedBy, onPress, ...row } = props;
  return (
    <RankRow
      {...row}
      id={id}
      isDragging={false}
      handleProps={{
        role: 'button',
        tabIndex: 0,
        'aria-disabled': false,
        'aria-roledescription': 'sortable',
        'aria-describedby': describedBy,
        onPointerDown: (event: PointerEvent) => onPress({ kind: 'pointer', id, event }),
        onTouchStart: (event: TouchEvent) => onPress({ kind: 'touch', id, event }),
        onKeyDown: (event: KeyboardEvent) => onPress({ kind: 'key', id, event }),
      }}
    />
  );
});

/** The row itself, with its handle (plain, or dnd-kit's: rank-drag.tsx). */
export function RankRow(props: RankRowProps & RowHandle) {
  const { id, label, image, index, total, mode, pickedLabel, onMove, onPick, onRemove } = props;
  const { rowRef, handleRef, handleProps, rowStyle, isDragging } = props;
  const t = useText(rankRowText);

  const first = index === 0;
  const last = index === total - 1;
  const position = index + 1;
  const pickName =
    mode === 'picked'
      ? t.putDown({ label, position, total })
      : mode === 'target'
        ? pickedLabel === null
          ? t.placeIt({ position, label })
          : t.place({ picked: pickedLabel, position, label })
        : t.pickUp({ label, position, total });

  const classes = ['rank-row'];
  if (isDragging) classes.push('rank-row--dragging');
  if (first) classes.push('rank-row--first');
  if (mode !== 'idle') classes.push(`rank-row--${mode}`);
  if (image) classes.push('rank-row--picture');

  return (
    <li
      ref={rowRef}
      className={classes.join(' ')}
      style={rowStyle}
      data-testid="rank-item"
      data-item-id={id}
    >
      <button
        ref={handleRef}
        type="button"
        className="rank-row__handle"
        data-control="handle"
        aria-label={t.drag({ label })}
        {...handleProps}
      >
        <GripVertical size={20} aria-hidden="true" />
      </button>
      <span className="rank-row__position" aria-hidden="true">
        {index + 1}
      </span>
      <ItemPictureButton image={image} label={label} />
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
}
