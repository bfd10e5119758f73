/**
 * A room's live events, as every instance hears them (NOTIFY on commit, realtime/hub.ts): its
 * phase changed (a host's action), or a player joined. Each is sent by the statement that made
 * the change, so no event tells of something that did not commit. Payloads carry ids, small
 * numbers, at most ROOM_RECENT_NAMES nicknames and at most MAX_ROOM_ROUNDS game ids: far under NOTIFY's 8,000 bytes. Nothing is sent when a round's
 * deadline passes: everyone has the deadline and the server reads the round as ended after it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { StoredPhase } from '../../domain/rooms';
import { eventKind, topic } from '../realtime/hub';

/**
 * The host moved the room on: its phase, round and deadline (ms) after the change, and its
 * rounds' games (each instance's round gate learns from it which games are played in rooms).
 */
export type RoomPhaseEvent = {
  type: 'room';
  roomId: string;
  version: number;
  phase: StoredPhase;
  round: number;
  deadline: number | null;
  gameIds: string[];
};

/**
 * Players joined (one batch of joins, mutations.ts): their nicknames in the order they joined
 * (at most ROOM_RECENT_NAMES, the newest) and the room's count with them.
 */
export type RoomJoinEvent = {
  type: 'room-join';
  roomId: string;
  names: string[];
  players: number;
};

export type RoomEvent = RoomPhaseEvent | RoomJoinEvent;

export const roomPhaseEvents = eventKind<RoomPhaseEvent>('room');
export const roomJoinEvents = eventKind<RoomJoinEvent>('room-join');

/** A room's pages (presenter, remote, phones) listen here for its phase. */
export const roomTopic = topic<RoomPhaseEvent>('room', [roomPhaseEvents], (event) => event.roomId);

/**
 * A room's joins: heard once per room and instance (join-feed.ts), which coalesces them for
 * every stream of the room, rather than by each stream.
 */
export const roomJoinTopic = topic<RoomJoinEvent>(
  'room-join',
  [roomJoinEvents],
  (event) => event.roomId,
);

/**
 * The SQL that sends a phase event for `row` (an alias of the updated room: id, version, phase,
 * round, deadline, game_ids), to put in the write's own statement.
 */
export function notifyPhaseSql(row: SQL): SQL {
  return roomPhaseEvents.notifyFieldsSql({
    roomId: sql`${row}.id`,
    version: sql`${row}.version`,
    phase: sql`${row}.phase`,
    round: sql`${row}.round`,
    deadline: sql`(extract(epoch from ${row}.deadline) * 1000)::bigint`,
    gameIds: sql`${row}.game_ids`,
  });
}

/** The SQL that sends a join event: the room's id, the names (a jsonb array), the count. */
export function notifyJoinSql(fields: { roomId: SQL; names: SQL; players: SQL }): SQL {
  return roomJoinEvents.notifyFieldsSql(fields);
}
