/**
 * Saved progress (SPEC §4, Played game: started): the player's order is saved as a partial
 * ranking while they play, a moment after their last move and once more as they leave, so it is
 * there when they come back. It does not count in results. Saves go out one at a time, in order.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isClosedError } from '../api/errors';
import { gameClosed, progressSaved } from '../api/game-cache';
import { submitRanking, type BallotValue } from '../api/games';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** Quiet time after the last move before the order is saved. */
const SAVE_DELAY_MS = 800;

export function useProgressSaver(
  gameId: string,
  options: {
    /** False once saving makes no sense: the game is closed, or a final ranking exists. */
    enabled: boolean;
    /** Runs before each save: makes sure there is a session (a guest one if need be). */
    beforeSave: () => Promise<void>;
  },
): { save: (ballot: BallotValue) => void; cancel: () => void; status: SaveStatus } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>('idle');
  const pending = useRef<BallotValue | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const flush = useCallback(
    (keepalive: boolean) => {
      clearTimeout(timer.current);
      const ballot = pending.current;
      pending.current = null;
      if (!ballot) return;
      queue.current = queue.current.then(async () => {
        setStatus('saving');
        try {
          await latest.current.beforeSave();
          const result = await submitRanking(gameId, { ...ballot, partial: true }, { keepalive });
          // Progress never replaces a final ranking in the cache (nor on the server).
          progressSaved(queryClient, gameId, result.submission);
          setStatus('saved');
        } catch (error) {
          if (isClosedError(error)) gameClosed(queryClient, gameId);
          setStatus('failed');
        }
      });
    },
    [gameId, queryClient],
  );

  const save = useCallback(
    (ballot: BallotValue) => {
      if (!latest.current.enabled) return;
      pending.current = ballot;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => flush(false), SAVE_DELAY_MS);
    },
    [flush],
  );

  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    pending.current = null;
  }, []);

  // Leaving the page (another route, a reload, closing the tab) saves what is still waiting.
  useEffect(() => {
    const onPageHide = () => flush(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush(true);
    };
  }, [flush]);

  return { save, cancel, status };
}
