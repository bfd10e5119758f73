/**
 * Live rooms (issue 27, decision 0053): a room and its players. Everything a room is (its phase,
 * round, deadline, players and points) is here, so any instance serves any request of it.
 */
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './auth';

export const room = pgTable(
  'room',
  {
    id: text('id').primaryKey(),
    /** The join code (domain/rooms.ts ROOM_CODE_ALPHABET), stored in capitals. */
    code: text('code').notNull(),
    hostId: text('host_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The rounds' games, in order: round n plays gameIds[n - 1]. Games are not referenced: a
     * game deleted meanwhile makes a round with no ballots. */
    gameIds: jsonb('game_ids').$type<string[]>().notNull(),
    roundSeconds: integer('round_seconds').notNull(),
    /** domain/rooms.ts StoredPhase: created, lobby, round, reveal or closed. */
    phase: text('phase').notNull().default('created'),
    /** The current round, from 1; 0 before the first. */
    round: integer('round').notNull().default(0),
    roundStartedAt: timestamp('round_started_at', { withTimezone: true }),
    /** The current round's end: past it, the round is over (nothing is stored then). */
    deadline: timestamp('deadline', { withTimezone: true }),
    /** The last round whose points were counted (its reveal), 0 before any. */
    revealedRound: integer('revealed_round').notNull().default(0),
    /** Bumped by every change of phase: a change is made only on the version it was decided on. */
    version: integer('version').notNull().default(1),
    playerCount: integer('player_count').notNull().default(0),
    createdAt: createdAt(),
    /** A join or a host's action; the room closes ROOM_EXPIRY_MS after it. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('room_code_idx').on(t.code),
    index('room_host_idx').on(t.hostId),
    // The purge finds long-closed rooms by it (rooms/purge.ts).
    index('room_activity_idx').on(t.lastActivityAt),
  ],
);

export const roomPlayer = pgTable(
  'room_player',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => room.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The nickname as shown, cleaned (domain/rooms.ts checkRoomName). */
    name: text('name').notNull(),
    /** What uniqueness in the room compares (sameTextKey). */
    nameKey: text('name_key').notNull(),
    /** Points of every revealed round. */
    points: integer('points').notNull().default(0),
    /** The last round the player scored in, with its agreement and points (its podium). */
    scoredRound: integer('scored_round').notNull().default(0),
    roundAgreement: real('round_agreement'),
    roundPoints: integer('round_points').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.userId] }),
    uniqueIndex('room_player_name_idx').on(t.roomId, t.nameKey),
    index('room_player_points_idx').on(t.roomId, t.points.desc()),
    index('room_player_round_idx').on(t.roomId, t.scoredRound, t.roundPoints.desc()),
    index('room_player_joined_idx').on(t.roomId, t.joinedAt.desc()),
    index('room_player_user_idx').on(t.userId),
  ],
);
