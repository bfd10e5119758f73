/**
 * Which toasts are on screen (issue 24 item 5): at most `limit` at once; the rest wait, the most
 * important first (then in the order they came); a toast with the key of one already shown or
 * waiting is merged into it (its newest content, counted) instead of piling up. Pure: toasts.tsx
 * shows what `visible` holds and tells the queue when a toast leaves.
 */

export type ToastPriority = 1 | 2 | 3;

export type QueuedToast<T> = {
  key: string;
  priority: ToastPriority;
  /** The order it first came in: the tie-break among equal priorities. */
  seq: number;
  /** How many times it was asked for (duplicates merged). */
  count: number;
  payload: T;
};

export type ToastQueue<T> = {
  limit: number;
  visible: QueuedToast<T>[];
  waiting: QueuedToast<T>[];
  seq: number;
};

/** What the caller has to do on screen after a change. */
export type QueueChange<T> = {
  queue: ToastQueue<T>;
  /** Toasts to show now (newly visible), in order. */
  show: QueuedToast<T>[];
  /** A visible toast whose content changed (a duplicate merged into it). */
  update: QueuedToast<T> | null;
};

export function emptyToastQueue<T>(limit: number): ToastQueue<T> {
  return { limit: Math.max(1, limit), visible: [], waiting: [], seq: 0 };
}

function byImportance<T>(a: QueuedToast<T>, b: QueuedToast<T>): number {
  return b.priority - a.priority || a.seq - b.seq;
}

/** Moves waiting toasts on screen while there is room, most important first. */
function fill<T>(queue: ToastQueue<T>): { queue: ToastQueue<T>; show: QueuedToast<T>[] } {
  const room = queue.limit - queue.visible.length;
  if (room <= 0 || queue.waiting.length === 0) return { queue, show: [] };
  const waiting = [...queue.waiting].sort(byImportance);
  const show = waiting.slice(0, room);
  return {
    queue: { ...queue, visible: [...queue.visible, ...show], waiting: waiting.slice(room) },
    show,
  };
}

/** A toast asked for: shown if there is room, merged into its duplicate, or left waiting. */
export function enqueueToast<T>(
  queue: ToastQueue<T>,
  toast: { key: string; priority: ToastPriority; payload: T },
): QueueChange<T> {
  const merge = (existing: QueuedToast<T>): QueuedToast<T> => ({
    ...existing,
    count: existing.count + 1,
    priority: Math.max(existing.priority, toast.priority) as ToastPriority,
    payload: toast.payload,
  });
  const shown = queue.visible.find((t) => t.key === toast.key);
  if (shown) {
    const merged = merge(shown);
    return {
      queue: { ...queue, visible: queue.visible.map((t) => (t === shown ? merged : t)) },
      show: [],
      update: merged,
    };
  }
  const waitingOne = queue.waiting.find((t) => t.key === toast.key);
  if (waitingOne) {
    return {
      queue: {
        ...queue,
        waiting: queue.waiting.map((t) => (t === waitingOne ? merge(waitingOne) : t)),
      },
      show: [],
      update: null,
    };
  }
  const added: QueuedToast<T> = { ...toast, seq: queue.seq, count: 1 };
  const next = fill({ ...queue, seq: queue.seq + 1, waiting: [...queue.waiting, added] });
  return { ...next, update: null };
}

/** A toast left the screen (closed, timed out): the next waiting one takes its place. */
export function dismissToast<T>(queue: ToastQueue<T>, key: string): QueueChange<T> {
  if (!queue.visible.some((t) => t.key === key)) return { queue, show: [], update: null };
  const next = fill({ ...queue, visible: queue.visible.filter((t) => t.key !== key) });
  return { ...next, update: null };
}
