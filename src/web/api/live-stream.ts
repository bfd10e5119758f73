/**
 * Live streams (server-sent events) with one policy for all of them: the game's, the profile's and
 * a community rank's. ONE EventSource per stream key per tab, shared by every component that asks
 * for it; an unused stream closes after a short grace (play -> results keeps the connection).
 *
 * EventSource reconnects by itself after a dropped connection (sending Last-Event-ID, and waiting
 * what the server's `retry:` says). When the browser gives up (the stream answered with an error)
 * we reopen it ourselves with backoff, for as long as someone listens: after about 2 s at first
 * (a restart behind a proxy), then doubling up to a minute. EventSource does not show the status
 * or the Retry-After of an error answer, so every error is treated as the one that needs the most
 * patience: a stream refused 429 for its address's limit (the server asks for 30 s), an older
 * server without the stream, or a signed-out session, is never hammered: 2, 4, 8, 16, 32, 60 s.
 *
 * Status: 'connecting' for the first connection, 'live' once it answers, 'offline' while it is
 * down after that (a dropped connection, the browser offline, an error answer; pages say
 * "Reconnecting…"), 'ended' when its owner ended it for good (a deleted game). Back up after
 * being down, the stream's `catchUp` reads again what happened meanwhile (issue 12). The browser's
 * 'offline' event marks every stream down at once (a dropped connection can take a while to be
 * noticed) and its 'online' event reopens them now, without waiting for the backoff.
 */
import { useCallback, useEffect, useEffectEvent, useSyncExternalStore } from 'react';
import { backoffDelay } from './retry';

export type LiveStatus = 'connecting' | 'live' | 'offline' | 'ended';

export type LiveStreamSpec = {
  url: string;
  /**
   * Named events and what each does with its data; any of them shows the stream is up. A handler
   * that throws (a malformed event) skips that event: the next one brings the state back.
   */
  events: Record<string, (data: string) => void>;
  /** Back up after being down: read again what the stream would have said meanwhile. */
  catchUp?: () => void;
};

type Stream = {
  key: string;
  spec: LiveStreamSpec;
  source: EventSource | null;
  refs: number;
  status: LiveStatus;
  failures: number;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
};

/** Unmount and mount in quick succession (play -> results) keeps the same connection. */
export const STREAM_CLOSE_GRACE_MS = 2000;
/** The first wait before our own reopen, and the longest (both before jitter). */
export const STREAM_RETRY_BASE_MS = 2000;
export const STREAM_RETRY_MAX_MS = 60_000;

/** The wait before reopening after the browser gave up `failures` times in a row. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  return backoffDelay(failures, random, STREAM_RETRY_MAX_MS, STREAM_RETRY_BASE_MS);
}

const streams = new Map<string, Stream>();
/** Per key, whoever shows the connection status; kept apart so it outlives the stream. */
const statusListeners = new Map<string, Set<() => void>>();

function setStatus(stream: Stream, status: LiveStatus): void {
  if (stream.status === status) return;
  const wasDown = stream.status === 'offline';
  stream.status = status;
  if (wasDown && status === 'live') stream.spec.catchUp?.();
  for (const listener of statusListeners.get(stream.key) ?? []) listener();
}

export function subscribeLiveStatus(key: string, listener: () => void): () => void {
  let listeners = statusListeners.get(key);
  if (!listeners) statusListeners.set(key, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) statusListeners.delete(key);
  };
}

export function liveStatus(key: string): LiveStatus {
  return streams.get(key)?.status ?? 'connecting';
}

function open(stream: Stream): void {
  const source = new EventSource(stream.spec.url);
  stream.source = source;
  // A reopen after a failure stays 'offline' (down) until it answers.
  if (stream.status !== 'offline') setStatus(stream, 'connecting');
  for (const [name, handle] of Object.entries(stream.spec.events)) {
    source.addEventListener(name, (event) => {
      if (stream.source !== source) return;
      stream.failures = 0;
      setStatus(stream, 'live');
      try {
        handle((event as MessageEvent<string>).data);
      } catch {
        // A malformed event is skipped.
      }
    });
  }
  source.addEventListener('open', () => {
    if (stream.source === source) setStatus(stream, 'live');
  });
  source.addEventListener('error', () => {
    if (stream.source !== source) return;
    if (source.readyState === EventSource.CLOSED) {
      // The browser gave up (an error answer, not a dropped connection): retry ourselves.
      source.close();
      stream.source = null;
      setStatus(stream, 'offline');
      stream.failures += 1;
      stream.retryTimer = setTimeout(() => {
        stream.retryTimer = undefined;
        if (stream.refs > 0 && !stream.source) open(stream);
      }, reconnectDelay(stream.failures));
    } else {
      // A dropped connection the browser is reopening by itself: down until it answers.
      setStatus(stream, stream.status === 'connecting' ? 'connecting' : 'offline');
    }
  });
}

function close(stream: Stream): void {
  clearTimeout(stream.retryTimer);
  stream.retryTimer = undefined;
  stream.source?.close();
  stream.source = null;
}

let watching = false;

/** The browser's own network events, for every stream someone listens to. */
function watchNetwork(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('offline', () => {
    for (const stream of streams.values()) {
      if (stream.refs === 0 || stream.status === 'ended') continue;
      // Closed rather than left half-open: what it would still deliver is caught up on return.
      close(stream);
      setStatus(stream, 'offline');
    }
  });
  window.addEventListener('online', () => {
    for (const stream of streams.values()) {
      if (stream.refs === 0 || stream.status === 'ended') continue;
      close(stream);
      open(stream);
    }
  });
}

/**
 * Keeps the stream `key` open until the returned release is called. The first caller's `spec`
 * serves everyone who shares the key (they all describe the same stream).
 */
export function acquireLiveStream(key: string, spec: LiveStreamSpec): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  watchNetwork();
  let stream = streams.get(key);
  if (!stream) {
    stream = {
      key,
      spec,
      source: null,
      refs: 0,
      status: 'connecting',
      failures: 0,
      closeTimer: undefined,
      retryTimer: undefined,
    };
    streams.set(key, stream);
  }
  const held = stream;
  clearTimeout(held.closeTimer);
  held.closeTimer = undefined;
  held.refs += 1;
  if (!held.source && !held.retryTimer) open(held);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.refs -= 1;
    if (held.refs > 0) return;
    held.closeTimer = setTimeout(() => {
      if (held.refs > 0) return;
      close(held);
      if (streams.get(held.key) === held) streams.delete(held.key);
    }, STREAM_CLOSE_GRACE_MS);
  };
}

/** Ends a stream for good (what it followed is gone): closed, 'ended', not reopened. */
export function endLiveStream(key: string): void {
  const stream = streams.get(key);
  if (!stream) return;
  close(stream);
  setStatus(stream, 'ended');
}

/**
 * Reopens every stream in use whose key `matches`: after signing in or out the server decides
 * afresh what this viewer may see.
 */
export function reconnectLiveStreams(matches: (key: string) => boolean): void {
  for (const stream of streams.values()) {
    if (stream.refs === 0 || !matches(stream.key)) continue;
    close(stream);
    open(stream);
  }
}

/**
 * Keeps the stream `key` open while mounted (none when `key` is null) and returns its status.
 * `describe` is read when the stream is acquired, with the values of that render.
 */
export function useLiveStream(key: string | null, describe: () => LiveStreamSpec): LiveStatus {
  const spec = useEffectEvent(describe);
  useEffect(() => {
    if (key === null) return;
    return acquireLiveStream(key, spec());
  }, [key]);
  const subscribe = useCallback(
    (listener: () => void) => (key === null ? () => {} : subscribeLiveStatus(key, listener)),
    [key],
  );
  const read = () => (key === null ? 'ended' : liveStatus(key));
  return useSyncExternalStore(subscribe, read, read);
}
