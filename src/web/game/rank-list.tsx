/**
 * The sortable ranking, ordered any of four ways that all produce the same ranking (one rule,
 * `reorder.ts`): drag with a mouse or pen, long-press on touch, or the keyboard (Space to pick up,
 * arrows to move, Space to drop); Move up / Move down buttons; and tap-to-place: tap an item to
 * pick it up, then tap the item whose place it takes (tap it again, Cancel or Escape to cancel),
 * which suits long lists on a phone. Every move is announced to screen readers with the item's
 * label and position.
 */
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type * as DragModuleType from './rank-drag';
import type { ItemView } from '../../domain/game';
import { PlacingHint } from './placing-hint';
import { moveBy, moveOnto } from './reorder';
import {
  PlainRankRow,
  type HandlePress,
  type MoveDirection,
  type PlaceMode,
  type Wake,
} from './rank-row';
import { useText } from '../i18n/i18n';
import { rankListText } from '../i18n/messages/play';

/** After a move re-orders the DOM, focus goes back to this control of the moved row. */
type Refocus = { id: string; control: string };

type DragModule = typeof DragModuleType;
let dragModule: DragModule | null = null;
let dragLoad: Promise<DragModule> | null = null;

/** The drags (dnd-kit, ~15 KB gzip), loaded once: the first visit's page works without them. */
function loadDrag(): Promise<DragModule> {
  dragLoad ??= import('./rank-drag').then(
    (module) => (dragModule = module),
    (error: unknown) => {
      dragLoad = null;
      throw error;
    },
  );
  return dragLoad;
}

export type Order = readonly string[];

export function RankList(props: {
  items: readonly ItemView[];
  order: Order;
  onOrderChange: (update: (order: Order) => Order) => void;
  labelledBy?: string;
  /** Where the "Moving …" hint goes (the sticky submit bar); above the list without one. */
  hintSlot?: HTMLElement | null;
  /** A top N's picks: each row gets a remove button, which calls this. */
  onRemove?: (id: string) => void;
  /** Shown in place of the rows while there are none. */
  empty?: ReactNode;
}) {
  const { order, onOrderChange } = props;
  const t = useText(rankListText);
  const labels = useMemo(
    () => new Map(props.items.map((item) => [item.id, item.label])),
    [props.items],
  );
  const images = useMemo(
    () => new Map(props.items.flatMap((item) => (item.image ? [[item.id, item.image]] : []))),
    [props.items],
  );
  const listRef = useRef<HTMLOListElement>(null);
  const refocus = useRef<Refocus | null>(null);
  const landed = useRef<string | null>(null);

  // Read through refs so stable callbacks (rows are memoised) always see the latest state.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  }, [order]);
  const total = order.length;
  const label = useCallback(
    (id: UniqueIdentifier) => labels.get(String(id)) ?? t.item,
    [labels, t],
  );
  const where = useCallback(
    (id: string) =>
      t.position({
        position: orderRef.current.indexOf(id) + 1,
        total: orderRef.current.length,
      }),
    [t],
  );

  // The polite live region for the buttons and tap-to-place (dnd-kit has its own for drags). A
  // repeated message gets a trailing no-break space so the region changes and is read again.
  const [status, setStatus] = useState('');
  const announce = useCallback((text: string) => {
    setStatus((previous) => (previous === text ? `${text}\u00a0` : text));
  }, []);

  // Tap-to-place: the item picked up, if any. An item the owner removed meanwhile is not picked.
  const [pickedState, setPickedState] = useState<string | null>(null);
  const picked = pickedState !== null && order.includes(pickedState) ? pickedState : null;
  const pickedRef = useRef<string | null>(null);
  const setPicked = useCallback((id: string | null) => {
    pickedRef.current = id;
    setPickedState(id);
  }, []);

  const cancelPick = useCallback(
    (options: { refocus: boolean }) => {
      const id = pickedRef.current;
      if (id === null) return;
      setPicked(null);
      announce(t.cancelled({ label: label(id), where: where(id) }));
      if (options.refocus) refocus.current = { id, control: 'pick' };
    },
    [announce, label, setPicked, where, t],
  );

  const onPick = useCallback(
    (id: string) => {
      const current = pickedRef.current;
      if (current === null || !orderRef.current.includes(current)) {
        setPicked(id);
        announce(t.picked({ label: label(id), where: where(id) }));
      } else if (current === id) {
        cancelPick({ refocus: false });
      } else {
        const to = orderRef.current.indexOf(id);
        setPicked(null);
        refocus.current = { id: current, control: 'pick' };
        landed.current = current;
        onOrderChange((latest) => moveOnto(latest, current, id));
        announce(
          t.moved({ label: label(current), position: to + 1, total: orderRef.current.length }),
        );
      }
    },
    [announce, cancelPick, label, onOrderChange, setPicked, where, t],
  );

  // Escape puts the picked item down wherever focus is (a drag's own Escape is dnd-kit's).
  useEffect(() => {
    if (picked === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      cancelPick({ refocus: false });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [picked, cancelPick]);

  // The drags: loaded on the first sign that one may come (a pointer over the list, focus in it,
  // a touch); the rows are drawn anew then, so not while a pointer is down on the list (a tap
  // in progress would lose its click), unless it is a press on a handle, replayed once drawn.
  const [drag, setDrag] = useState<DragModule | null>(dragModule);
  const wake = useRef<Wake | null>(null);
  const pointerDown = useRef(false);
  const waiting = useRef(false);
  const swapped = useRef(drag !== null);
  const swap = useCallback((module: DragModule) => {
    if (swapped.current) return;
    swapped.current = true;
    const active = document.activeElement;
    const row = active?.closest<HTMLElement>('[data-item-id]');
    const control = active instanceof HTMLElement ? active.dataset.control : undefined;
    if (row && control && listRef.current?.contains(row)) {
      refocus.current = { id: row.dataset.itemId ?? '', control };
    }
    setDrag(module);
  }, []);
  const startDrag = useCallback(() => {
    if (dragModule) {
      if (!pointerDown.current || wake.current) swap(dragModule);
      return;
    }
    if (waiting.current) return;
    waiting.current = true;
    loadDrag().then(
      (module) => {
        if (!pointerDown.current || wake.current) swap(module);
      },
      () => {
        // Offline, say: the buttons and tap-to-place still order the list; a later sign retries.
        waiting.current = false;
      },
    );
  }, [swap]);
  const onListPointerDown = useCallback(() => {
    pointerDown.current = true;
    const up = () => {
      window.removeEventListener('pointerup', up, true);
      window.removeEventListener('pointercancel', up, true);
      // After the click that this release makes.
      setTimeout(() => {
        pointerDown.current = false;
        if (dragModule && !wake.current) swap(dragModule);
      }, 0);
    };
    window.addEventListener('pointerup', up, true);
    window.addEventListener('pointercancel', up, true);
  }, [swap]);

  const onPress = useCallback(
    (press: HandlePress) => {
      const pending = wake.current;
      if (press.kind === 'key') {
        const { event } = press;
        const start = event.code === 'Space' || event.code === 'Enter';
        if (pending?.press.kind === 'key' && pending.press.id === press.id) {
          if (!start && !/^(Arrow|Escape$)/.test(event.code)) return;
          event.preventDefault();
          pending.keys.push(event.nativeEvent);
          return;
        }
        if (!start) return;
        event.preventDefault();
        wake.current?.stop();
        wake.current = { press, keys: [], move: null, released: false, stop: () => {} };
      } else if (press.kind === 'pointer') {
        const { event } = press;
        if (event.pointerType === 'touch' || !event.isPrimary || event.button !== 0) return;
        wake.current?.stop();
        const woken: Wake = { press, keys: [], move: null, released: false, stop: () => {} };
        const move = (moved: PointerEvent) => {
          if (moved.pointerId === event.pointerId) woken.move = moved;
        };
        const release = (ended: PointerEvent) => {
          if (ended.pointerId !== event.pointerId) return;
          woken.released = true;
          woken.stop();
        };
        woken.stop = () => {
          window.removeEventListener('pointermove', move, true);
          window.removeEventListener('pointerup', release, true);
          window.removeEventListener('pointercancel', release, true);
        };
        window.addEventListener('pointermove', move, true);
        window.addEventListener('pointerup', release, true);
        window.addEventListener('pointercancel', release, true);
        wake.current = woken;
      } else {
        if (press.event.touches.length > 1) return;
        wake.current?.stop();
        const origin = press.event.target;
        const woken: Wake = { press, keys: [], move: null, released: false, stop: () => {} };
        const end = () => {
          woken.released = true;
          woken.stop();
        };
        woken.stop = () => {
          origin.removeEventListener('touchend', end);
          origin.removeEventListener('touchcancel', end);
        };
        origin.addEventListener('touchend', end);
        origin.addEventListener('touchcancel', end);
        wake.current = woken;
      }
      startDrag();
    },
    [startDrag],
  );
  const describedBy = useId();

  const announcements = useMemo<Announcements>(() => {
    const at = (id: UniqueIdentifier) => where(String(id));
    return {
      onDragStart: ({ active }) => t.dragStart({ label: label(active.id), where: at(active.id) }),
      onDragOver: ({ active, over }) =>
        over
          ? t.dragOver({ label: label(active.id), where: at(over.id) })
          : t.dragOutside({ label: label(active.id) }),
      onDragEnd: ({ active, over }) =>
        over
          ? t.dragEnd({ label: label(active.id), where: at(over.id) })
          : t.dropped({ label: label(active.id), where: at(active.id) }),
      onDragCancel: ({ active }) => t.cancelled({ label: label(active.id), where: at(active.id) }),
    };
  }, [label, where, t]);
  const screenReaderInstructions = useMemo(() => ({ draggable: t.instructions }), [t]);

  // One way at a time: starting a drag or pressing a move button puts a picked item down.
  const onDragStart = useCallback(() => {
    if (pickedRef.current !== null) setPicked(null);
  }, [setPicked]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      if (!over || active.id === over.id) return;
      onOrderChange((current) => moveOnto(current, String(active.id), String(over.id)));
    },
    [onOrderChange],
  );

  const onMove = useCallback(
    (id: string, direction: MoveDirection) => {
      const current = orderRef.current;
      const from = current.indexOf(id);
      const to = from + direction;
      if (from < 0 || to < 0 || to >= current.length) return;
      if (pickedRef.current !== null) setPicked(null);
      refocus.current = { id, control: direction < 0 ? 'up' : 'down' };
      onOrderChange((latest) => moveBy(latest, id, direction));
      announce(t.moved({ label: label(id), position: to + 1, total: current.length }));
    },
    [announce, label, onOrderChange, setPicked, t],
  );

  const { onRemove } = props;
  const remove = useMemo(() => {
    if (!onRemove) return undefined;
    return (id: string) => {
      const current = orderRef.current;
      const at = current.indexOf(id);
      // Focus goes to the remove button of the row that takes its place (or the one above).
      const next = current[at + 1] ?? current[at - 1];
      if (next !== undefined) refocus.current = { id: next, control: 'remove' };
      if (pickedRef.current !== null) setPicked(null);
      onRemove(id);
      announce(t.removed({ label: label(id) }));
    };
  }, [onRemove, announce, label, setPicked, t]);

  // Moving a row moves DOM nodes, which can drop focus: put it back on the control just used. A
  // placed item briefly glows so the eye finds where it went (no glow with reduced motion).
  useLayoutEffect(() => {
    const request = refocus.current;
    const glow = landed.current;
    refocus.current = null;
    landed.current = null;
    const rowOf = (id: string) =>
      listRef.current?.querySelector<HTMLElement>(`[data-item-id="${CSS.escape(id)}"]`);
    if (request) {
      const control = rowOf(request.id)?.querySelector<HTMLElement>(
        `[data-control="${request.control}"]`,
      );
      if (control && document.activeElement !== control) control.focus();
    }
    const row = glow === null ? null : rowOf(glow);
    if (row && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      row.classList.remove('rank-row--landed');
      void row.offsetWidth; // restarts the animation when the same row lands twice running
      row.classList.add('rank-row--landed');
      row.addEventListener('animationend', () => row.classList.remove('rank-row--landed'), {
        once: true,
      });
    }
  }, [order, picked, drag]);

  // A press on a handle that woke the drags: replayed on the handle drawn anew, once the drags'
  // own effects have run (this list's effects run after its children's).
  useEffect(() => {
    const woken = wake.current;
    if (!drag || !woken) return;
    wake.current = null;
    woken.stop();
    const handle = listRef.current
      ?.querySelector(`[data-item-id="${CSS.escape(woken.press.id)}"]`)
      ?.querySelector<HTMLElement>('[data-control="handle"]');
    if (handle) drag.replayWake(woken, handle);
  }, [drag]);

  const pickedLabel = picked === null ? null : label(picked);
  const hint =
    picked === null ? null : (
      <PlacingHint
        label={pickedLabel ?? ''}
        position={order.indexOf(picked) + 1}
        total={total}
        onCancel={() => cancelPick({ refocus: true })}
      />
    );

  const list = (
    <ol
      ref={listRef}
      className={picked === null ? 'rank-list' : 'rank-list rank-list--placing'}
      data-testid="rank-list"
      aria-labelledby={props.labelledBy}
      onPointerOver={drag ? undefined : startDrag}
      onFocus={drag ? undefined : startDrag}
      onTouchStart={drag ? undefined : startDrag}
      onPointerDownCapture={drag ? undefined : onListPointerDown}
    >
      {order.length === 0 ? props.empty : null}
      {order.map((id, index) => {
        const mode: PlaceMode = picked === null ? 'idle' : picked === id ? 'picked' : 'target';
        const row = {
          id,
          label: labels.get(id) ?? id,
          image: images.get(id),
          index,
          total,
          mode,
          pickedLabel: mode === 'target' ? pickedLabel : null,
          onMove,
          onPick,
          onRemove: remove,
        };
        return drag ? (
          <drag.SortableRankRow key={id} {...row} />
        ) : (
          <PlainRankRow key={id} {...row} describedBy={describedBy} onPress={onPress} />
        );
      })}
    </ol>
  );

  return (
    <>
      {props.hintSlot ? (hint ? createPortal(hint, props.hintSlot) : null) : hint}
      {drag ? (
        <drag.DragFrame
          order={order}
          announcements={announcements}
          screenReaderInstructions={screenReaderInstructions}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
        >
          {list}
        </drag.DragFrame>
      ) : (
        list
      )}
      {drag ? null : (
        <div id={describedBy} hidden>
          {t.instructions}
        </div>
      )}
      <div
        className="visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
        data-testid="rank-status"
      >
        {status}
      </div>
    </>
  );
}
