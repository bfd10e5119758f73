/**
 * Webhooks' reads and writes, owner checked in the WHERE: a missing game is 404, someone else's
 * is 403 'Not owner' (the rule of the owner's other actions, games/mutations.ts lockOwned).
 * Every change tells every instance (hub) so their "does this game have webhooks" caches forget.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import {
  DELIVERY_LOG_SIZE,
  MAX_WEBHOOKS_PER_GAME,
  WEBHOOK_MESSAGES,
  type DeliveryStatus,
  type DeliveryView,
  type WebhookEvent,
  type WebhookView,
} from '../../domain/webhooks';
import type { Db, Tx } from '../db/client';
import { readGameHeader } from '../games/public';
import { webhook, webhookDelivery } from '../db/schema/webhooks';
import { newId } from '../platform/ids';
import { publish } from '../realtime/hub';
import type { WebhooksEvent } from './live';
import { newWebhookSecret } from './signing';

type WebhookRow = typeof webhook.$inferSelect;
type DeliveryRow = typeof webhookDelivery.$inferSelect;

function toView(row: WebhookRow): WebhookView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    createdAt: row.createdAt.getTime(),
    consecutiveFailures: row.consecutiveFailures,
    disabledAt: row.disabledAt?.getTime() ?? null,
  };
}

function toDeliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    event: row.event as WebhookEvent,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.getTime(),
    deliveredAt: row.deliveredAt?.getTime() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.getTime() : null,
  };
}

/** The game, if `userId` owns it (404 / 403 otherwise); `lock` takes its row lock. */
async function ownedGame(
  db: Db | Tx,
  key: { gameId: string; userId: string },
  lock = false,
): Promise<void> {
  const row = await readGameHeader(db, key.gameId, { lock });
  if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
  if (row.ownerId !== key.userId)
    throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
}

export async function listWebhooks(
  db: Db,
  key: { gameId: string; userId: string },
): Promise<WebhookView[]> {
  await ownedGame(db, key);
  const rows = await db
    .select()
    .from(webhook)
    .where(eq(webhook.gameId, key.gameId))
    .orderBy(webhook.createdAt, webhook.id);
  return rows.map(toView);
}

/** A new webhook and its secret (shown this once). At most MAX_WEBHOOKS_PER_GAME per game. */
export async function addWebhook(
  db: Db,
  input: { gameId: string; userId: string; url: string; events: WebhookEvent[] },
): Promise<{ webhook: WebhookView; secret: string }> {
  return db.transaction(async (tx) => {
    // The game's lock: two adds at once cannot both pass the count.
    await ownedGame(tx, input, true);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhook)
      .where(eq(webhook.gameId, input.gameId));
    if ((counted?.n ?? 0) >= MAX_WEBHOOKS_PER_GAME) {
      throw new AppError('invalid-argument', WEBHOOK_MESSAGES.tooMany);
    }
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhook)
      .values({
        id: newId(12),
        gameId: input.gameId,
        url: input.url,
        secret,
        events: [...new Set(input.events)],
      })
      .returning();
    await publish<WebhooksEvent>(tx, { type: 'webhooks', gameId: input.gameId });
    return { webhook: toView(row!), secret };
  });
}

export async function removeWebhook(
  db: Db,
  key: { gameId: string; userId: string; webhookId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await ownedGame(tx, key);
    const removed = await tx
      .delete(webhook)
      .where(and(eq(webhook.id, key.webhookId), eq(webhook.gameId, key.gameId)))
      .returning({ id: webhook.id });
    if (removed.length === 0) throw new AppError('not-found', WEBHOOK_MESSAGES.notFound);
    await publish<WebhooksEvent>(tx, { type: 'webhooks', gameId: key.gameId });
  });
}

/**
 * Turns a webhook on (its failure count starts again from 0; deliveries it kept go out again) or
 * off (nothing is queued or sent until it is turned back on).
 */
export async function setWebhookEnabled(
  db: Db,
  key: { gameId: string; userId: string; webhookId: string },
  enabled: boolean,
): Promise<WebhookView> {
  await ownedGame(db, key);
  const [row] = await db
    .update(webhook)
    .set(
      enabled
        ? { disabledAt: null, consecutiveFailures: 0, failingSince: null }
        : { disabledAt: sql`coalesce(${webhook.disabledAt}, now())` },
    )
    .where(and(eq(webhook.id, key.webhookId), eq(webhook.gameId, key.gameId)))
    .returning();
  if (!row) throw new AppError('not-found', WEBHOOK_MESSAGES.notFound);
  return toView(row);
}

/** A webhook's delivery log, newest first. */
export async function listDeliveries(
  db: Db,
  key: { gameId: string; userId: string; webhookId: string },
  logSize: number = DELIVERY_LOG_SIZE,
): Promise<DeliveryView[]> {
  await ownedGame(db, key);
  const [hook] = await db
    .select({ id: webhook.id })
    .from(webhook)
    .where(and(eq(webhook.id, key.webhookId), eq(webhook.gameId, key.gameId)));
  if (!hook) throw new AppError('not-found', WEBHOOK_MESSAGES.notFound);
  const rows = await db
    .select()
    .from(webhookDelivery)
    .where(eq(webhookDelivery.webhookId, key.webhookId))
    .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
    .limit(logSize);
  return rows.map(toDeliveryView);
}
