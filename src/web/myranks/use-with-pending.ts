/**
 * A My Ranks list with this tab's pending entries (see pending.ts) in front: shown at once, while
 * the list loads or when it fails, and forgotten once the server's list has them.
 */
import { useEffect, useMemo } from 'react';
import type { MyGameView, PlayedGameView } from '../../domain/profile';
import { mergePending, readPending, writePending, type PendingKind } from '../game/pending';

type EntryOf<K extends PendingKind> = K extends 'created' ? MyGameView : PlayedGameView;

export function useWithPending<K extends PendingKind>(
  kind: K,
  userId: string,
  list: {
    games: EntryOf<K>[] | undefined;
    complete: boolean;
    isError: boolean;
    /** When the list now shown was requested (its first page). */
    requestedAt: number;
    /** Changes whenever the list was read again (so storage is read again too). */
    version: number;
  },
  enabled = true,
): EntryOf<K>[] {
  const { games, complete, isError, requestedAt, version } = list;
  const merged = useMemo(() => {
    void version;
    const pending = enabled ? readPending(kind) : [];
    return mergePending(
      pending,
      userId,
      games && !isError ? { games, complete, requestedAt } : null,
    ) as {
      shown: EntryOf<K>[];
      keep: typeof pending;
    };
  }, [kind, userId, games, complete, isError, requestedAt, version, enabled]);

  useEffect(() => {
    if (enabled && games && !isError) writePending(kind, merged.keep);
  }, [kind, merged, games, isError, enabled]);

  return merged.shown;
}
