/**
 * Analytics events and their daily roll-up.
 */
import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { user } from './auth';

export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    anonId: text('anon_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_event_name_at_idx').on(t.name, t.at.desc()),
    index('analytics_event_at_idx').on(t.at),
  ],
);

/**
 * Analytics events older than the retention window, folded into counts per day, event name and
 * one dimension (`''` for the total; e.g. `device:mobile`, `utm_source:newsletter`).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    dimension: text('dimension').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.dimension] })],
);
