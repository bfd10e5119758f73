/**
 * The XP ledger.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth';

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
