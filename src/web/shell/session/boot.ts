/**
 * Session readiness at boot (SPEC §2 Shell): the app shows 'Loading… Initializing your session.'
 * until the session is known (at once when the server saw no session cookie), and is forced ready
 * after AUTH_BOOT_TIMEOUT_MS. Once ready it stays ready: later session refetches (window focus,
 * sign-in) never bring the screen back.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { AUTH_BOOT_TIMEOUT_MS } from '../../../domain/limits';
import { authClient } from '../../api/auth-client';
import { bootData } from '../../api/boot-data';

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

/**
 * Sends the session request now, before the first render; the session store would otherwise
 * send it once the shell, rendered, listens to it. This listener stays (the shell listens to the
 * session for the page's whole life anyway), and the store's own first fetch joins this one.
 */
export function startSessionCheck(): void {
  // The server saw no session cookie (it says so in the page): no session to wait for. The
  // request still goes, for the session store.
  if (bootData()?.session === null) markReady();
  authClient.$store.listen('session', () => undefined);
  void authClient.$store.atoms.session?.get().refetch();
}

/** Starts the forced-ready clock; call once, before the first render. */
export function startBootTimer(ms: number = AUTH_BOOT_TIMEOUT_MS): void {
  setTimeout(markReady, ms);
}

export function useBootReady(): boolean {
  const session = authClient.useSession();
  const settled = !session.isPending;
  useEffect(() => {
    if (settled) markReady();
  }, [settled]);
  const latched = useSyncExternalStore(subscribe, () => ready);
  return latched || settled;
}
