/**
 * The ranking list's drags (dnd-kit), loaded on the first sign that a drag may come (decision
 * 0069): a pointer over the list, focus inside it, a touch, a press on a handle. Until then the
 * list is drawn by rank-list.tsx with plain rows, whose buttons (Move up / Move down,
 * tap-to-place) work without this module; a press on a handle that arrives first is replayed here
 * once it is loaded (`replayWake`).
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, type ReactNode } from 'react';
import { MouseAndPenSensor } from './drag-sensors';
import { RankRow, type RankRowProps, type Wake } from './rank-row';

/** Drags move up and down only. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** The list's drag context: sensors (mouse and pen, long-press touch, keyboard) and order. */
export function DragFrame(props: {
  order: readonly string[];
  announcements: Announcements;
  screenReaderInstructions: { draggable: string };
  onDragStart: () => void;
  onDragEnd: (event: DragEndEvent) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: sortableKeyboardCoordinates,
      // Instant scrolling keeps up with a held-down arrow key; smooth scrolling drops moves.
      scrollBehavior: 'auto',
    }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragStart={props.onDragStart}
      onDragEnd={props.onDragEnd}
      accessibility={{
        announcements: props.announcements,
        screenReaderInstructions: props.screenReaderInstructions,
      }}
    >
      <SortableContext items={props.order as string[]} strategy={verticalListSortingStrategy}>
        {props.children}
      </SortableContext>
    </DndContext>
  );
}

/** A row that drags: its handle gets dnd-kit's listeners and attributes. */
export const SortableRankRow = memo(function SortableRankRow(props: RankRowProps) {
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: props.id });
  return (
    <RankRow
      {...props}
      rowRef={setNodeRef}
      handleRef={setActivatorNodeRef}
      handleProps={{ ...attributes, ...listeners }}
      rowStyle={{ transform: CSS.Translate.toString(transform), transition }}
      isDragging={isDragging}
    />
  );
});

/** A copy of a touch event, for another element. */
function touchCopy(event: TouchEvent): TouchEvent {
  return new TouchEvent(event.type, {
    bubbles: true,
    cancelable: true,
    touches: [...event.touches],
    targetTouches: [...event.targetTouches],
    changedTouches: [...event.changedTouches],
  });
}

/**
 * Replays the press that woke the drags on its row's handle, drawn anew with dnd-kit's listeners:
 * the key (and the keys pressed since, a task apart, as dnd-kit listens a task after a drag
 * starts), the pointer's press and last move (it is still down), or the touch, whose later events
 * still go to the element first touched: they are passed on to the handle.
 */
export function replayWake(wake: Wake, handle: HTMLElement): void {
  const { press } = wake;
  if (press.kind === 'key') {
    if (document.activeElement !== handle) handle.focus();
    const keys = [press.event.nativeEvent, ...wake.keys];
    keys.forEach((key, index) => {
      setTimeout(() => {
        if (document.activeElement !== handle && index > 0) return;
        handle.dispatchEvent(new KeyboardEvent('keydown', key));
      }, index * 50);
    });
    return;
  }
  if (wake.released) return;
  if (press.kind === 'pointer') {
    handle.dispatchEvent(new PointerEvent('pointerdown', press.event.nativeEvent));
    if (wake.move) handle.dispatchEvent(new PointerEvent('pointermove', wake.move));
    return;
  }
  const origin = press.event.target;
  const pass = (event: Event) => {
    const copy = touchCopy(event as TouchEvent);
    handle.dispatchEvent(copy);
    if (copy.defaultPrevented && event.cancelable) event.preventDefault();
    if (event.type !== 'touchmove') {
      origin.removeEventListener('touchmove', pass);
      origin.removeEventListener('touchend', pass);
      origin.removeEventListener('touchcancel', pass);
    }
  };
  origin.addEventListener('touchmove', pass, { passive: false });
  origin.addEventListener('touchend', pass);
  origin.addEventListener('touchcancel', pass);
  handle.dispatchEvent(touchCopy(press.event.nativeEvent));
}
