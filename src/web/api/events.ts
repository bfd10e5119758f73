/**
 * Live game events (GET /api/games/:id/events): one stream per game per tab through
 * live-stream.ts (its reconnect policy and status), feeding snapshots and submissions into the
 * cache through game-cache.ts. Back up after being down, the game and its results are read again;
 * the results page says "Reconnecting…" while it is down.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { LiveData } from '../../domain/results';
import { liveGameCaughtUp, liveGameChanged } from './game-cache';
import { endLiveStream, reconnectLiveStreams, useLiveStream, type LiveStatus } from './live-stream';

export type { LiveStatus };

const KEY_PREFIX = 'game:';

/**
 * Reopens every open game stream: after signing in or out the server decides afresh what this
 * viewer may see (a stream opened before the guest session existed never shows results).
 */
export function reconnectGameEvents(): void {
  reconnectLiveStreams((key) => key.startsWith(KEY_PREFIX));
}

/** Keeps this game's live stream open while mounted; returns the connection status. */
export function useGameEvents(gameId: string | undefined): LiveStatus {
  const queryClient = useQueryClient();
  const key = gameId ? KEY_PREFIX + gameId : null;
  return useLiveStream(key, () => {
    const id = gameId ?? '';
    // Events older than one already applied are skipped (they may arrive out of order).
    let version = -1;
    const onData = (raw: string) => {
      const data = JSON.parse(raw) as LiveData;
      if (data.version < version) return;
      version = data.version;
      liveGameChanged(queryClient, id, data);
    };
    return {
      url: `/api/games/${encodeURIComponent(id)}/events`,
      events: {
        snapshot: (raw) => {
          // A snapshot after a reconnect may carry an older version (a fresh server): take it as is.
          version = -1;
          onData(raw);
        },
        submission: onData,
        deleted: () => {
          // The game is gone: its pages read it again and show 'Game not found'; the stream ends.
          endLiveStream(KEY_PREFIX + id);
          liveGameCaughtUp(queryClient, id);
        },
      },
      catchUp: () => liveGameCaughtUp(queryClient, id),
    };
  });
}
