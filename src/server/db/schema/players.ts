/**
 * The tables of players: their profile, and their history (plays and played games).
 */
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './auth';
import { game } from './games';

/**
 * A player's profile (decision 0037): their handle, and what their session starts record. One row
 * per `user` row, made with it by a trigger (migrations/0016) and gone with it by cascade.
 */
export const playerProfile = pgTable(
  'player_profile',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    handle: text('handle'),
    handleLower: text('handle_lower').unique(),
    /**
     * The handle's confusable skeleton (domain/handle.ts handleSkeleton): look-alike handles
     * collide here. Null for no handle, and for a look-alike held before this rule (decision 0029).
     */
    handleSkeleton: text('handle_skeleton').unique(),
    /** When the current handle was claimed (SPEC §3 usernames.at); null before it was recorded. */
    handleClaimedAt: timestamp('handle_claimed_at', { withTimezone: true }),
    locale: text('locale'),
    tzOffset: integer('tz_offset'),
    deviceType: text('device_type'),
    anonId: text('anon_id'),
    firstTouch: jsonb('first_touch').$type<Record<string, string>>(),
    lastTouch: jsonb('last_touch').$type<Record<string, string>>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [index('player_profile_anon_id_idx').on(t.anonId)],
);

export const play = pgTable(
  'play',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  // One play per player and game: their first final ranking records it, resubmits do not.
  (t) => [
    uniqueIndex('play_user_game_idx').on(t.userId, t.gameId),
    index('play_game_idx').on(t.gameId),
  ],
);

export const playedGame = pgTable(
  'played_game',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
    playCount: integer('play_count').notNull().default(0),
    status: text('status').$type<'started' | 'completed'>().notNull().default('started'),
    partial: boolean('partial').notNull().default(true),
    title: text('title'),
    emoji: text('emoji'),
    itemsCount: integer('items_count').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('played_game_user_last_idx').on(t.userId, t.lastPlayedAt.desc(), t.gameId.desc()),
  ],
);
