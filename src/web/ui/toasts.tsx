/**
 * Toasts (sonner) without sonner in the first download: `toast` loads it on the first toast, and
 * `<Toasts />` (in the shell) mounts sonner's Toaster from then on. Sonner shows a toast created
 * before its Toaster subscribed, so nothing is lost meanwhile. Every toast goes through here: one
 * sent straight to sonner would wait for a Toaster nobody asked for.
 */
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import {
  dismissToast,
  emptyToastQueue,
  enqueueToast,
  type QueuedToast,
  type ToastPriority,
} from './toast-queue';

type Sonner = typeof SonnerModule;
type Kind = 'message' | 'success' | 'warning' | 'error';

let sonner: Promise<Sonner> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner');
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** Toasts on screen at once (issue 24 item 5): more wait their turn, errors first. */
export const VISIBLE_TOASTS = 2;

const PRIORITY: Record<Kind, ToastPriority> = { error: 3, warning: 2, success: 1, message: 1 };

type Payload = { kind: Kind; message: ReactNode; data: ExternalToast | undefined };

let queue = emptyToastQueue<Payload>(VISIBLE_TOASTS);
let anonymous = 0;

/** The same words (or the caller's id) make the same toast: asked twice, it shows once. */
function keyOf(kind: Kind, message: ReactNode, data?: ExternalToast): string {
  if (data?.id !== undefined) return `id:${String(data.id)}`;
  if (typeof message !== 'string') return `node:${(anonymous += 1)}`;
  const description = typeof data?.description === 'string' ? data.description : '';
  return `${kind}:${message}\n${description}`;
}

function sendToSonner(item: QueuedToast<Payload>): void {
  const { kind, message, data } = item.payload;
  /** It left the screen: its place goes to the next one (a later showing of it is not this). */
  const release = () => {
    if (queue.visible.find((t) => t.key === item.key)?.seq !== item.seq) return;
    const change = dismissToast(queue, item.key);
    queue = change.queue;
    change.show.forEach(sendToSonner);
  };
  const options: ExternalToast = {
    ...data,
    // One sonner toast per showing: a toast shown again later is a new one.
    id: `${item.key}#${item.seq}`,
    onDismiss: (t) => {
      release();
      data?.onDismiss?.(t);
    },
    onAutoClose: (t) => {
      release();
      data?.onAutoClose?.(t);
    },
  };
  // In call order: each waits for the same load.
  loadSonner().then(
    ({ toast: sonnerToast }) => {
      if (kind === 'message') sonnerToast(message, options);
      else sonnerToast[kind](message, options);
    },
    () => undefined,
  );
}

function show(kind: Kind, message: ReactNode, data?: ExternalToast): void {
  const change = enqueueToast(queue, {
    key: keyOf(kind, message, data),
    priority: PRIORITY[kind],
    payload: { kind, message, data },
  });
  queue = change.queue;
  change.show.forEach(sendToSonner);
  if (change.update) sendToSonner(change.update);
}

/** sonner's `toast`, as this app uses it: a plain message, success, warning or error. */
export const toast = Object.assign(
  (message: ReactNode, data?: ExternalToast) => show('message', message, data),
  {
    success: (message: ReactNode, data?: ExternalToast) => show('success', message, data),
    warning: (message: ReactNode, data?: ExternalToast) => show('warning', message, data),
    error: (message: ReactNode, data?: ExternalToast) => show('error', message, data),
  },
);

const Toaster = lazy(() => loadSonner().then((m) => ({ default: m.Toaster })));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Above the navigation, a page's sticky action bar (--page-action-space), if any, and on narrow
 * screens the celebration card (--toast-lift, celebration.css).
 */
const TOAST_BOTTOM =
  'calc(var(--bottom-nav-space) + var(--page-action-space, 0px) + var(--toast-lift, 0px) + 12px)';

/** sonner's Toaster, once a toast was asked for. */
export function Toasts() {
  const show = useSyncExternalStore(subscribe, () => wanted);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      {/* At the bottom, above the navigation: a toast never covers the page's title. */}
      <Toaster
        position="bottom-center"
        richColors
        closeButton
        duration={4000}
        visibleToasts={VISIBLE_TOASTS}
        offset={{ bottom: TOAST_BOTTOM }}
        mobileOffset={{ bottom: TOAST_BOTTOM }}
        toastOptions={{ classNames: { actionButton: 'toast-action' } }}
      />
    </Suspense>
  );
}
