/**
 * Notifications (issue 30, decision 0061): the outbox every instance's worker sends from, each
 * person's settings, the players who asked to be told when a game's results unlock, and browsers'
 * push subscriptions. Unsubscribe links are signed tokens, not rows (decision 0061).
 */
import { sql } from 'drizzle-orm';
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
import { user } from './auth';
import { createdAt, updatedAt } from './columns';
import { game } from './games';

/**
 * One notification to one person. Claimed by whichever instance's worker gets it first
 * (FOR UPDATE SKIP LOCKED, `leased_until`), sent once (`sent_at`), or given up (`gave_up_at`,
 * `outcome` says why: failed after the last try, turned off, no address, the daily cap...).
 * A creator's `plays` digest counts the game's plays when it is sent (notifications/worker.ts).
 */
export const notification = pgTable(
  'notification',
  {
    id: text('id').primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** 'plays' | 'closed' | 'unlocked' | 'daily' (domain/notifications.ts `OutboxKind`). */
    kind: text('kind').notNull(),
    gameId: text('game_id').references(() => game.id, { onDelete: 'cascade' }),
    /** `plays`, once sent: { plays: told of, players: the game's players counted then }. */
    payload: jsonb('payload').notNull().default({}),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    gaveUpAt: timestamp('gave_up_at', { withTimezone: true }),
    /** How it ended: 'email' | 'push' (sent), or why not ('off', 'no-address', 'quota', ...). */
    outcome: text('outcome'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null and ${t.gaveUpAt} is null`),
    // The one digest per creator and game waiting to be sent (later plays need no other).
    uniqueIndex('notification_digest_open_idx')
      .on(t.recipientId, t.gameId)
      .where(
        sql`${t.kind} = 'plays' and ${t.sentAt} is null and ${t.gaveUpAt} is null and ${t.attempts} = 0`,
      ),
    // A creator's one daily digest (all their ranks, no game) waiting to be sent.
    uniqueIndex('notification_daily_open_idx')
      .on(t.recipientId)
      .where(
        sql`${t.kind} = 'daily' and ${t.sentAt} is null and ${t.gaveUpAt} is null and ${t.attempts} = 0`,
      ),
    // A game closes (and unlocks) once for each person: one notification each, ever.
    uniqueIndex('notification_once_idx')
      .on(t.recipientId, t.kind, t.gameId)
      .where(sql`${t.kind} <> 'plays'`),
    // The last digest per game (the next one waits), and the daily count per person.
    index('notification_recipient_sent_idx').on(t.recipientId, t.sentAt),
    index('notification_game_idx').on(t.gameId, t.kind, t.sentAt),
  ],
);

/** A person's choices; no row: the defaults (domain DEFAULT_NOTIFICATION_SETTINGS). */
export const notificationSetting = pgTable('notification_setting', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Each: 'email' | 'push' | 'off'. */
  plays: text('plays').notNull().default('email'),
  closed: text('closed').notNull().default('email'),
  unlocked: text('unlocked').notNull().default('email'),
  dailyDigest: boolean('daily_digest').notNull().default(false),
  updatedAt: updatedAt(),
});

/** "Tell me when results unlock": a player of a game with locked results asked. */
export const unlockRequest = pgTable(
  'unlock_request',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('unlock_request_user_idx').on(t.userId),
  ],
);

/** A browser's push subscription (the Push API's endpoint and keys), for its account. */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscription_endpoint_idx').on(t.endpoint),
    index('push_subscription_user_idx').on(t.userId, t.createdAt),
  ],
);
