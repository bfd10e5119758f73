/**
 * Toasts (sonner) without sonner in the first download: `toast` loads it on the first toast, and
 * `<Toasts />` (in the shell) mounts sonner's Toaster from then on. Sonner shows a toast created
 * before its Toaster subscribed, so nothing is lost meanwhile. Every toast goes through here: one
 * sent straight to sonner would wait for a Toaster nobody asked for.
 */
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';

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

function show(kind: Kind, message: ReactNode, data?: ExternalToast): void {
  // In call order: each waits for the same load.
  loadSonner().then(
    ({ toast: sonnerToast }) => {
      if (kind === 'message') sonnerToast(message, data);
      else sonnerToast[kind](message, data);
    },
    () => undefined,
  );
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

/** Above the navigation, and above a page's sticky action bar (--page-action-space), if any. */
const TOAST_BOTTOM = 'calc(var(--bottom-nav-space) + var(--page-action-space, 0px) + 12px)';

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
        offset={{ bottom: TOAST_BOTTOM }}
        mobileOffset={{ bottom: TOAST_BOTTOM }}
        toastOptions={{ classNames: { actionButton: 'toast-action' } }}
      />
    </Suspense>
  );
}
