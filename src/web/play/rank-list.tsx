/**
 * The sortable ranking: drag with a mouse or pen, long-press on touch, or the keyboard (Space to
 * pick up, arrows to move, Space to drop), plus Move up / Move down buttons. Every move is
 * announced to screen readers with the item's label and position.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Item } from '../../domain/game';
import { RankRow, type MoveDirection } from './rank-row';

/** Mouse and pen only: touch goes to the TouchSensor, whose long-press delay leaves scrolling alone. */
class MouseAndPenSensor extends PointerSensor {
  static override activators = [
    {
      eventName: 'onPointerDown' as const,
      handler: (event: ReactPointerEvent, options: PointerSensorOptions) => {
        if (event.nativeEvent.pointerType === 'touch') return false;
        const [activator] = PointerSensor.activators;
        return activator ? activator.handler(event, options) : false;
      },
    },
  ];
}

/** Drags move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

const screenReaderInstructions = {
  draggable:
    'To reorder, press Space or Enter to pick the item up, use the Up and Down arrow keys to move ' +
    'it, then press Space or Enter to drop it, or Escape to cancel. You can also use the Move up ' +
    'and Move down buttons.',
};

export function RankList(props: {
  items: readonly Item[];
  order: string[];
  onOrderChange: (update: (order: string[]) => string[]) => void;
  labelledBy?: string;
}) {
  const { order, onOrderChange } = props;
  const labels = useMemo(
    () => new Map(props.items.map((item) => [item.id, item.label])),
    [props.items],
  );
  const listRef = useRef<HTMLOListElement>(null);
  const [status, setStatus] = useState('');
  const refocus = useRef<{ id: string; direction: MoveDirection } | null>(null);

  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Instant scrolling keeps up with a held-down arrow key; smooth scrolling drops moves.
      scrollBehavior: 'auto',
    }),
  );

  // Read through a ref so the announcement callbacks always see the latest order.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  }, [order]);
  const total = order.length;

  const announcements = useMemo<Announcements>(() => {
    const label = (id: UniqueIdentifier) => labels.get(String(id)) ?? 'Item';
    const position = (id: UniqueIdentifier) => orderRef.current.indexOf(String(id)) + 1;
    const count = () => orderRef.current.length;
    return {
      onDragStart: ({ active }) =>
        `Picked up ${label(active.id)}. It is in position ${position(active.id)} of ${count()}.`,
      onDragOver: ({ active, over }) =>
        over
          ? `${label(active.id)} moved to position ${position(over.id)} of ${count()}.`
          : `${label(active.id)} is no longer over the list.`,
      onDragEnd: ({ active, over }) =>
        over
          ? `${label(active.id)} dropped at position ${position(over.id)} of ${count()}.`
          : `${label(active.id)} dropped. It stays in position ${position(active.id)} of ${count()}.`,
      onDragCancel: ({ active }) =>
        `Reordering cancelled. ${label(active.id)} returned to position ${position(active.id)} of ${count()}.`,
    };
  }, [labels]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      onOrderChange((current) => {
        const from = current.indexOf(String(active.id));
        const to = current.indexOf(String(over.id));
        return from < 0 || to < 0 ? current : arrayMove(current, from, to);
      });
    },
    [onOrderChange],
  );

  const onMove = useCallback(
    (id: string, direction: MoveDirection) => {
      const current = orderRef.current;
      const from = current.indexOf(id);
      const to = from + direction;
      if (from < 0 || to < 0 || to >= current.length) return;
      refocus.current = { id, direction };
      onOrderChange((latest) => {
        const i = latest.indexOf(id);
        const j = i + direction;
        return i < 0 || j < 0 || j >= latest.length ? latest : arrayMove(latest, i, j);
      });
      setStatus(`${labels.get(id) ?? 'Item'} moved to position ${to + 1} of ${current.length}.`);
    },
    [labels, onOrderChange],
  );

  // Moving a row moves DOM nodes, which can drop focus: put it back on the button just pressed.
  useLayoutEffect(() => {
    const request = refocus.current;
    if (!request) return;
    refocus.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(
      `[data-item-id="${CSS.escape(request.id)}"]`,
    );
    const button = row?.querySelector<HTMLButtonElement>(
      `[data-move="${request.direction < 0 ? 'up' : 'down'}"]`,
    );
    if (button && document.activeElement !== button) button.focus();
  }, [order]);

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol
          ref={listRef}
          className="rank-list"
          data-testid="rank-list"
          aria-labelledby={props.labelledBy}
        >
          {order.map((id, index) => (
            <RankRow
              key={id}
              id={id}
              label={labels.get(id) ?? id}
              index={index}
              total={total}
              onMove={onMove}
            />
          ))}
        </ol>
      </SortableContext>
      <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {status}
      </div>
    </DndContext>
  );
}
