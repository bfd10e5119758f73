/**
 * Session readiness at boot (SPEC §2 Shell): the app shows 'Loading… Initializing your session.'
 * until the session is known (at once when the server saw no session cookie), and is forced ready
 * after AUTH_BOOT_TIMEOUT_MS. Once ready it stays ready: later session refetches (window focus,
 * sign-in) never bring the screen back.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { AUTH_BOOT_TIMEOUT_MS } from '../../../domain/limits';
import { bootData } from '../../api/boot-data';
import { refetchSession, useSession } from '../../api/session';

let ready = false;
const listeners = new Set<() => void>();

function markReady(): void {
  if (ready) return;
  ready = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sends the session request now, before the first render (api/session.ts). */
export function startSessionCheck(): void {
  // The server saw no session cookie (it says so in the page): no session to wait for. The
  // request still goes, for the session store.
  if (bootData()?.session === null) markReady();
  void refetchSession();
}

/** Starts the forced-ready clock; call once, before the first render. */
export function startBootTimer(ms: number = AUTH_BOOT_TIMEOUT_MS): void {
  setTimeout(markReady, ms);
}

export function useBootReady(): boolean {
  const session = useSession();
  const settled = !session.isPending;
  useEffect(() => {
    if (settled) markReady();
  }, [settled]);
  const latched = useSyncExternalStore(subscribe, () => ready);
  return latched || settled;
}
