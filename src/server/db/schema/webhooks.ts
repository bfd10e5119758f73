/**
 * Webhooks and their deliveries.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { game } from './games';

/**
 * Owner webhooks (decision 0025): a URL that receives a game's `submission` and/or `closed`
 * events. The secret signs deliveries (so it is kept as is) and is shown to the owner once.
 */
export const webhook = pgTable(
  'webhook',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /** Subset of 'submission' | 'closed'. */
    events: text('events').array().notNull(),
    createdAt: createdAt(),
    /** Failed attempts in a row (decision 0030); 0 after a success or when turned back on. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failures began; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set when it was turned off: nothing is queued or sent until its owner turns it back on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_game_idx').on(t.gameId, t.createdAt)],
);

/**
 * One event for one webhook and its delivery state. Pending rows are claimed by whichever
 * instance's worker gets them first (FOR UPDATE SKIP LOCKED); the newest rows per webhook are
 * kept as its delivery log, older ones pruned.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'delivered' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * What later events of the same kind replace while this one is unsent (a player's id for
     * `submission`: their re-rankings coalesce, decision 0030); null: never replaced. Not sent.
     */
    coalesceKey: text('coalesce_key'),
    /** Set while an instance is sending it (the lease's end): counts toward its owner's cap. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /**
     * When its first attempt was due: the next delivery of the same webhook and key is not due
     * before this plus the coalescing window (one per player per window).
     */
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [
    index('webhook_delivery_log_idx').on(t.webhookId, t.createdAt.desc()),
    // Claims walk the webhooks that have pending deliveries, then each one's earliest due.
    index('webhook_delivery_pending_idx')
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The one unsent delivery per webhook and player that re-rankings replace.
    uniqueIndex('webhook_delivery_unsent_idx')
      .on(t.webhookId, t.coalesceKey)
      .where(sql`${t.status} = 'pending' and ${t.attempts} = 0`),
    index('webhook_delivery_key_idx')
      .on(t.webhookId, t.coalesceKey, t.notBefore)
      .where(sql`${t.coalesceKey} is not null`),
    index('webhook_delivery_leased_idx')
      .on(t.leasedUntil)
      .where(sql`${t.leasedUntil} is not null`),
  ],
);
