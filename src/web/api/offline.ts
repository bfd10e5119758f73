/**
 * Offline play and create (issue 12): whether the browser is offline, whether a failure means
 * "no network", and a hook that runs when the connection returns. What waits for the network is
 * kept on the device by the page that owns it (play: the ranking, create: the draft); the
 * notices' words are `offlineText` (i18n/messages/api.ts).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError } from './errors';

/** True when the browser knows it has no network (navigator.onLine is false). */
export function isOfflineNow(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A failure to keep for later: the browser is offline, or no answer arrived at all. */
export function isOfflineFailure(error: unknown): boolean {
  return isOfflineNow() || (error instanceof ApiError && error.network);
}

/** Runs `callback` each time the window's 'online' event fires while the component is mounted. */
export function useBackOnline(callback: () => void): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    const onOnline = () => latest.current();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, []);
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser has a network now, live (its 'online' and 'offline' events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => !isOfflineNow(),
    () => true,
  );
}
