/**
 * Live rooms (issue 27): the API calls and the room as every room page holds it (presenter,
 * host remote, phones). One query per room code, kept live by the room's event stream: a phase
 * change brings the whole view (everyone's part), joins (coalesced) the new count and nicknames. The viewer's
 * own part (host actions, a player's points and place) comes only with `GET`, so a phase change
 * reads it again.
 */
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoomAction, RoomView, RoomViewer } from '../../domain/rooms';
import { ROOM_RECENT_NAMES } from '../../domain/limits';
import { api } from './client';
import { endLiveStream, useLiveStream, type LiveStatus } from './live-stream';
import { request } from './request';

/**
 * The room as `GET /api/rooms/:code` answers it (everyone's view and the viewer's own part), and
 * when this device received the server's reading of it (`receivedAt`, on the device's clock): a
 * countdown's offset to the server's clock. A join event changes the room without a new reading,
 * so it keeps `receivedAt`.
 */
export type RoomState = RoomView & RoomViewer & { receivedAt: number };

export const roomKeys = {
  room: (code: string) => ['rooms', code.toUpperCase()] as const,
};

export async function fetchRoom(code: string, signal?: AbortSignal): Promise<RoomState> {
  const body = await request<{ room: RoomView & RoomViewer }>(
    (init) => api.rooms[':code'].$get({ param: { code } }, { init }),
    { signal, retry: false },
  );
  return { ...body.room, receivedAt: Date.now() };
}

/** Starts a room over the host's games (one a round); answers its id and join code. */
export async function createRoom(
  gameIds: string[],
  roundSeconds: number,
): Promise<{ id: string; code: string }> {
  const body = await request<{ room: { id: string; code: string } }>(
    (init) => api.rooms.$post({ json: { gameIds, roundSeconds } }, { init }),
    { retry: false },
  );
  return body.room;
}

export type JoinedRoom = { name: string; joined: boolean };

/** Joins the room as `name` (a player who joined before gets their place back). */
export async function joinRoom(code: string, name: string): Promise<JoinedRoom> {
  const body = await request<{ player: JoinedRoom }>(
    (init) => api.rooms[':code'].join.$post({ param: { code }, json: { name } }, { init }),
    { retry: false },
  );
  return body.player;
}

/** A host's action; answers the room as it is after it (with the host's next actions). */
export async function actOnRoom(code: string, action: RoomAction): Promise<RoomState> {
  const body = await request<{ room: RoomView & RoomViewer }>(
    (init) => api.rooms[':code'][action].$post({ param: { code } }, { init }),
    { retry: false },
  );
  return { ...body.room, receivedAt: Date.now() };
}

/** Puts a host action's answer in the cache: every page of this tab shows it at once. */
export function roomChanged(queryClient: QueryClient, code: string, room: RoomState): void {
  queryClient.setQueryData(roomKeys.room(code), room);
}

export function useRoom(code: string) {
  return useQuery({
    queryKey: roomKeys.room(code),
    queryFn: ({ signal }) => fetchRoom(code, signal),
    retry: false,
  });
}

/**
 * Keeps the room's event stream open while mounted and its query up to date; returns the
 * stream's status ('offline' while it reconnects; back up, the room is read again). A phone that
 * drops reconnects into whatever phase the room is in now.
 */
export function useRoomEvents(code: string): LiveStatus {
  const queryClient = useQueryClient();
  const key = `room:${code.toUpperCase()}`;
  return useLiveStream(key, () => {
    const queryKey = roomKeys.room(code);
    return {
      url: `/api/rooms/${encodeURIComponent(code)}/events`,
      events: {
        room: (raw) => {
          const view = JSON.parse(raw) as RoomView;
          queryClient.setQueryData<RoomState>(queryKey, (old) =>
            old ? { ...old, ...view, receivedAt: Date.now() } : old,
          );
          // The viewer's part (actions, own points and place) follows the phase: read it again.
          void queryClient.invalidateQueries({ queryKey });
          // A closed room's stream ends for good (the server ends it): not reopened.
          if (view.phase === 'closed') endLiveStream(key);
        },
        join: (raw) => {
          // Joins come coalesced (at most one message a half second): the count, and the
          // nicknames since the last message, newest last.
          const joined = JSON.parse(raw) as { names: string[]; players: number };
          queryClient.setQueryData<RoomState>(queryKey, (old) => {
            if (!old || joined.players < old.players.count) return old;
            const newest = [...joined.names].reverse();
            const recent =
              old.phase === 'lobby'
                ? [...newest, ...old.players.recent.filter((name) => !newest.includes(name))]
                : old.players.recent;
            return {
              ...old,
              players: { count: joined.players, recent: recent.slice(0, ROOM_RECENT_NAMES) },
            };
          });
        },
      },
      catchUp: () => void queryClient.invalidateQueries({ queryKey }),
    };
  });
}
