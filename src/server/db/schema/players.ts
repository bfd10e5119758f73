/**
 * The tables of players' history: plays and played games.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './auth';
import { game } from './games';

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
