/**
 * Players' progress and the XP ledger it sums.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Unlocks } from '../../../domain/achievements';
import { user } from './auth';

export type UserStats = {
  gamesCreated: number;
  rankingsSubmitted: number;
  communityPublishes: number;
  xpByReason: Record<string, number>;
};

/**
 * A player's progress (decision 0037): what their XP awards add up to. One row per `user` row,
 * made with it by a trigger (migrations/0016) and gone with it by cascade.
 */
export const playerProgress = pgTable('player_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  level: integer('level').notNull().default(1),
  xp: integer('xp').notNull().default(0),
  xpToNext: integer('xp_to_next').notNull().default(100),
  crowns: integer('crowns').notNull().default(0),
  /** Every XP ever earned: the sum of the player's `xp_award` ledger. */
  totalXp: integer('total_xp').notNull().default(0),
  /** When each achievement unlocked (epoch ms), stamped by the award that earned it. */
  achievements: jsonb('achievements').$type<Unlocks>().notNull().default({}),
  stats: jsonb('stats')
    .$type<UserStats>()
    .notNull()
    .default({ gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0, xpByReason: {} }),
});

export const xpAward = pgTable(
  'xp_award',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_award_user_reason_ref_idx').on(t.userId, t.reason, t.ref),
    index('xp_award_user_at_idx').on(t.userId, t.at.desc()),
  ],
);
