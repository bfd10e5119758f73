/** One row of the ranking: position, label, Move up / Move down, and the drag handle. Memoised. */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ChevronDown, ChevronUp, GripVertical } from 'lucide-react';
import { memo } from 'react';

export type MoveDirection = -1 | 1;

type Props = {
  id: string;
  label: string;
  index: number;
  total: number;
  onMove: (id: string, direction: MoveDirection) => void;
};

export const RankRow = memo(function RankRow({ id, label, index, total, onMove }: Props) {
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

  return (
    <li
      ref={setNodeRef}
      className={`rank-row${isDragging ? ' rank-row--dragging' : ''}${first ? ' rank-row--first' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="rank-item"
      data-item-id={id}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="rank-row__handle"
        aria-label={`Drag ${label}`}
        {...attributes}
        {...listeners}
      >
        <GripVertical size={20} aria-hidden="true" />
      </button>
      <span className="rank-row__position" aria-hidden="true">
        {index + 1}
      </span>
      <span className="rank-row__label">
        <span className="visually-hidden">Position {index + 1}: </span>
        {label}
      </span>
      <span className="rank-row__moves">
        <button
          type="button"
          className="rank-row__move"
          data-move="up"
          aria-label={`Move ${label} up`}
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
          data-move="down"
          aria-label={`Move ${label} down`}
          aria-disabled={last}
          onClick={() => {
            if (!last) onMove(id, 1);
          }}
        >
          <ChevronDown size={20} aria-hidden="true" />
        </button>
      </span>
    </li>
  );
});
