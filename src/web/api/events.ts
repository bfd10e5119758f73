/**
 * Live game events: ONE EventSource per game per tab, shared by every component that asks for
 * it, feeding snapshots and submissions into the TanStack Query cache. EventSource reconnects by
 * itself (sending Last-Event-ID); when the browser gives up (the stream answered with an error),
 * we reopen it with backoff for as long as someone is listening.
 *
 * Status: 'connecting' for the first connection, 'live' once it answers, 'offline' while it is
 * down after that (a dropped connection, the browser offline, an error answer): the results page
 * says "Reconnecting…". Back up, the game and its results are read again to catch up on what
 * happened meanwhile (issue 12), and the browser's 'online' event reconnects at once.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { LiveData } from '../../domain/game';
import { agreement } from '../../domain/results';
import { cachedGame, gameKeys, updateCachedGame, withLiveState, type ResultsView } from './games';
import { backoffDelay } from './retry';

/** 'offline': down after having been up, reconnecting; 'ended': the game was deleted. */
export type LiveStatus = 'connecting' | 'live' | 'offline' | 'ended';

type Stream = {
  gameId: string;
  queryClient: QueryClient;
  source: EventSource | null;
  refs: number;
  status: LiveStatus;
  version: number;
  failures: number;
  closeTimer: ReturnType<typeof setTimeout> | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
};

/** Unmount and mount in quick succession (play -> results) keeps the same connection. */
const CLOSE_GRACE_MS = 2000;

const streams = new Map<string, Stream>();
/** Per game id, whoever shows the connection status; kept apart so it outlives reconnects. */
const statusListeners = new Map<string, Set<() => void>>();

function setStatus(stream: Stream, status: LiveStatus): void {
  if (stream.status === status) return;
  const wasDown = stream.status === 'offline';
  stream.status = status;
  if (wasDown && status === 'live') catchUp(stream);
  for (const listener of statusListeners.get(stream.gameId) ?? []) listener();
}

function subscribeStatus(gameId: string, listener: () => void): () => void {
  let listeners = statusListeners.get(gameId);
  if (!listeners) statusListeners.set(gameId, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) statusListeners.delete(gameId);
  };
}

/** Reads the game and its results again: what was submitted while the stream was down. */
function catchUp(stream: Stream): void {
  void stream.queryClient.invalidateQueries({ queryKey: gameKeys.all });
  void stream.queryClient.invalidateQueries({ queryKey: gameKeys.results(stream.gameId) });
}

function apply(stream: Stream, data: LiveData): void {
  if (data.version < stream.version) return;
  stream.version = data.version;
  const { queryClient, gameId } = stream;
  updateCachedGame(queryClient, gameId, (cached) => withLiveState(cached, data));
  // New, renamed or removed items: the game (and whether I must re-order) is read again.
  if (data.change === 'items') void queryClient.invalidateQueries({ queryKey: gameKeys.all });
  if (!data.results) return;
  const results = data.results;
  const mine = cachedGame(queryClient, gameId)?.mySubmission;
  const myAgreement =
    mine && !mine.partial
      ? agreement(
          mine.ranking,
          results.items.map((item) => item.id),
        )
      : null;
  queryClient.setQueryData<ResultsView>(gameKeys.results(gameId), { ...results, myAgreement });
}

function open(stream: Stream): void {
  const source = new EventSource(`/api/games/${encodeURIComponent(stream.gameId)}/events`);
  stream.source = source;
  // A reopen after a failure stays 'offline' (down) until it answers.
  if (stream.status !== 'offline') setStatus(stream, 'connecting');
  const onData = (event: MessageEvent<string>) => {
    stream.failures = 0;
    setStatus(stream, 'live');
    try {
      apply(stream, JSON.parse(event.data) as LiveData);
    } catch {
      // A malformed event is skipped; the next snapshot brings the state back.
    }
  };
  source.addEventListener('snapshot', (event) => {
    // A snapshot after a reconnect may carry an older version (a fresh server): take it as is.
    stream.version = -1;
    onData(event);
  });
  source.addEventListener('submission', onData);
  source.addEventListener('deleted', () => {
    // The game is gone: its pages read it again and show 'Game not found'; the stream ends.
    close(stream);
    setStatus(stream, 'ended');
    void stream.queryClient.invalidateQueries({ queryKey: gameKeys.all });
    void stream.queryClient.invalidateQueries({ queryKey: gameKeys.results(stream.gameId) });
  });
  source.addEventListener('open', () => setStatus(stream, 'live'));
  source.addEventListener('error', () => {
    if (source.readyState === EventSource.CLOSED) {
      // The browser gave up (an error answer, not a dropped connection): retry ourselves.
      source.close();
      stream.source = null;
      setStatus(stream, 'offline');
      stream.failures += 1;
      stream.retryTimer = setTimeout(
        () => {
          stream.retryTimer = undefined;
          if (stream.refs > 0 && !stream.source) open(stream);
        },
        backoffDelay(Math.min(stream.failures, 5)),
      );
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

function acquire(gameId: string, queryClient: QueryClient): Stream {
  let stream = streams.get(gameId);
  if (!stream) {
    stream = {
      gameId,
      queryClient,
      source: null,
      refs: 0,
      status: 'connecting',
      version: -1,
      failures: 0,
      closeTimer: undefined,
      retryTimer: undefined,
    };
    streams.set(gameId, stream);
  }
  clearTimeout(stream.closeTimer);
  stream.closeTimer = undefined;
  stream.refs += 1;
  if (!stream.source && !stream.retryTimer) open(stream);
  return stream;
}

function release(stream: Stream): void {
  stream.refs -= 1;
  if (stream.refs > 0) return;
  stream.closeTimer = setTimeout(() => {
    if (stream.refs > 0) return;
    close(stream);
    streams.delete(stream.gameId);
  }, CLOSE_GRACE_MS);
}

/**
 * Reopens every open stream: after signing in or out the server decides afresh what this viewer
 * may see (a stream opened before the guest session existed never shows results).
 */
export function reconnectGameEvents(): void {
  for (const stream of streams.values()) {
    if (stream.refs === 0) continue;
    close(stream);
    stream.version = -1;
    open(stream);
  }
}

/**
 * The browser's own network events: offline closes every stream and marks it down at once (a
 * dropped connection can take a while to be noticed); online reopens them now, no backoff.
 */
function watchNetwork(): void {
  if (typeof window === 'undefined') return;
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
watchNetwork();

/** Keeps this game's live stream open while mounted; returns the connection status. */
export function useGameEvents(gameId: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!gameId) return;
    const stream = acquire(gameId, queryClient);
    return () => release(stream);
  }, [gameId, queryClient]);

  const subscribe = useCallback(
    (listener: () => void) => (gameId ? subscribeStatus(gameId, listener) : () => {}),
    [gameId],
  );
  return useSyncExternalStore(subscribe, () =>
    gameId ? (streams.get(gameId)?.status ?? 'connecting') : 'ended',
  );
}
