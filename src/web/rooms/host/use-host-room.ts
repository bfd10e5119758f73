/**
 * What both host screens (presenter and remote) read of a room: the room kept live by its stream,
 * the round's game, the host's actions, and a fresh count of who submitted during a round.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RoomAction } from '../../../domain/rooms';
import { fetchGame, gameKeys } from '../../api/games';
import { useGameEvents } from '../../api/events';
import {
  actOnRoom,
  roomChanged,
  roomKeys,
  useRoom,
  useRoomEvents,
  type RoomState,
} from '../../api/rooms';

/** The room as the host's screens read it. */
export type HostRoom = RoomState;

/** Re-reading the room for its submitted count at most this often, whatever the traffic. */
const SUBMITTED_REFRESH_MS = 1000;

/** The remote's re-reading of the room during a round, for its submitted count. */
const SUBMITTED_POLL_MS = 2000;

/**
 * The room, its stream's status, and when its data arrived (the countdown's offset from the
 * server's clock is measured from then). The submitted count is kept fresh by the game's stream
 * (`stream`: the presenter) or by reading the room every 2 s during a round (`poll`: the remote).
 * A browser opens at most six connections to a server over HTTP/1.1, and each open stream keeps
 * one: the profile's, the room's and the game's on the presenter, the profile's and the room's on
 * a remote in another tab of the same browser leave one for the actions themselves.
 */
export function useHostRoom(code: string, submitted: 'stream' | 'poll') {
  const query = useRoom(code);
  const live = useRoomEvents(code);
  const room = query.data;
  useSubmittedRefresh(code, submitted === 'stream' ? room : undefined);
  useSubmittedPoll(code, submitted === 'poll' && room?.phase === 'round');
  return { query, room, live };
}

/** The round's game (its prompt, items and pictures), when the room has one. */
export function useRoundGame(gameId: string | null | undefined) {
  return useQuery({
    queryKey: gameKeys.game(gameId ?? ''),
    queryFn: ({ signal }) => fetchGame(gameId ?? '', signal),
    enabled: Boolean(gameId),
    retry: false,
  });
}

/**
 * During a round, the game's own live stream says when a ballot arrives; the room (whose view
 * counts the room's players who submitted) is then read again, at most once a second, so ten
 * thousand phones make one read a second, not ten thousand.
 */
function useSubmittedRefresh(code: string, room: HostRoom | undefined): void {
  const queryClient = useQueryClient();
  const gameId = room?.phase === 'round' ? (room.gameId ?? undefined) : undefined;
  useGameEvents(gameId);
  const game = useRoundGame(gameId);
  const submissions = game.data?.submissionCount;
  const last = useRef(0);
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (submissions === undefined) return;
    const first = seen.current === undefined;
    seen.current = submissions;
    if (first) return;
    const wait = Math.max(0, last.current + SUBMITTED_REFRESH_MS - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: roomKeys.room(code) });
    }, wait);
    return () => clearTimeout(timer);
  }, [submissions, code, queryClient]);
}

function useSubmittedPoll(code: string, on: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: roomKeys.room(code) }),
      SUBMITTED_POLL_MS,
    );
    return () => clearInterval(timer);
  }, [on, code, queryClient]);
}

/** A host action; the server's answer goes in the cache, so every screen of this tab shows it. */
export function useHostAction(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RoomAction) => actOnRoom(code, action),
    onSuccess: (room) => roomChanged(queryClient, code, room),
  });
}

/** Whether the person asked for less motion (read live: the setting can change during a room). */
export function useReducedMotion(): boolean {
  const query = '(prefers-reduced-motion: reduce)';
  const [reduced, setReduced] = useState(() => window.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const media = window.matchMedia?.(query);
    if (!media) return;
    const changed = () => setReduced(media.matches);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
  return reduced;
}
