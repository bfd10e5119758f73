/**
 * The session, as every page reads it (decision 0069): `GET /api/auth/get-session` with a plain
 * fetch, kept in a small store. better-auth's client (auth-client.ts, ~11 KB gzip) is loaded only
 * by what acts on the session (signing in, up or out, a guest's first move, the account pages);
 * it tells this store whenever an action of its changes the session (`sessionChanged`).
 *
 * As better-auth's own store did: fetched again when the page becomes visible or the browser
 * comes back online (at most once in 5 s), and when another tab says the session changed
 * (better-auth's `better-auth.message` in localStorage, which this store also writes).
 */
import { useSyncExternalStore } from 'react';

/** What the pages read of a session (`GET /api/auth/get-session`, dates left as sent). */
export type Session = {
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    isAnonymous?: boolean | null;
    role?: string | null;
  };
  session: { id: string; userId: string };
};

export type SessionState = {
  data: Session | null;
  isPending: boolean;
  /**
   * The last read got no answer (no network, though the browser may think it has one; the
   * server failed): `data` is what was known before it.
   */
  unreachable: boolean;
};

const PATH = '/api/auth/get-session';
/** better-auth's key for telling other tabs the session changed. */
const MESSAGE_KEY = 'better-auth.message';
/** No refetch on focus or reconnection within this long of the last request. */
const REFETCH_GAP_MS = 5_000;

let state: SessionState = { data: null, isPending: true, unreachable: false };
const listeners = new Set<() => void>();
let flight: AbortController | null = null;
let lastRequest = 0;

function publish(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

async function read(signal: AbortSignal): Promise<Session | null> {
  const response = await fetch(PATH, {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    signal,
  });
  if (response.status === 401) return null;
  if (!response.ok) throw new Error(`session: HTTP ${response.status}`);
  const body = (await response.json()) as Session | null;
  return body?.user ? body : null;
}

/** Asks the server for the session now (a request in flight gives way to this one). */
export function refetchSession(): Promise<void> {
  flight?.abort();
  const controller = new AbortController();
  flight = controller;
  lastRequest = Date.now();
  // As better-auth did: without a session, a new request is pending (the viewer is "loading",
  // not "signed out", while the answer is on its way: back online, say).
  if (state.data === null && !state.isPending) publish({ ...state, isPending: true });
  return read(controller.signal).then(
    (data) => {
      if (flight !== controller) return;
      flight = null;
      const same = JSON.stringify(data) === JSON.stringify(state.data);
      publish({ data: same ? state.data : data, isPending: false, unreachable: false });
    },
    () => {
      if (flight !== controller) return;
      flight = null;
      // Offline or the server unreachable: what was known stays (use-viewer.ts falls back).
      publish({ data: state.data, isPending: false, unreachable: true });
    },
  );
}

/** better-auth changed the session (auth-client.ts): read it again, and tell the other tabs. */
export function sessionChanged(): void {
  void refetchSession();
  try {
    localStorage.setItem(
      MESSAGE_KEY,
      JSON.stringify({
        event: 'session',
        data: { trigger: 'signal' },
        clientId: Math.random().toString(36).slice(2),
        timestamp: Math.floor(Date.now() / 1000),
      }),
    );
  } catch {
    // Storage refused (private mode): other tabs see the change when they are next visible.
  }
}

function refetchIfQuiet(): void {
  if (Date.now() - lastRequest >= REFETCH_GAP_MS) void refetchSession();
}

let watching = false;

/** Once: the events after which the session is read again. */
function watch(): void {
  if (watching) return;
  watching = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refetchIfQuiet();
  });
  window.addEventListener('online', refetchIfQuiet);
  window.addEventListener('storage', (event) => {
    if (event.key !== MESSAGE_KEY || !event.newValue) return;
    try {
      const message = JSON.parse(event.newValue) as { event?: string };
      if (message.event === 'session') void refetchSession();
    } catch {
      // Not a message of ours.
    }
  });
}

/** Calls `listener` on every change of the session's state; returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session as known now, and whether its first answer is still awaited. */
export function sessionState(): SessionState {
  return state;
}

/** The session and whether its first answer is still awaited (re-renders on changes). */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, sessionState);
}
