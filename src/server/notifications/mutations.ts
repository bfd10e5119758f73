/**
 * Notifications' writes, each for the person named (routes pass the session's user): settings,
 * "tell me when results unlock", push subscriptions, and an unsubscribe link's effect.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MAX_PUSH_SUBSCRIPTIONS } from '../../domain/limits';
import {
  allowedChannel,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationSettings,
} from '../../domain/notifications';
import type { Db } from '../db/client';
import { notificationSetting, pushSubscription, unlockRequest } from '../db/schema/notifications';
import { newId } from '../platform/ids';
import { readNotifications, type NotificationsView } from './data';

/** Changes what `change` names; guests may not choose e-mail (403). */
export async function updateSettings(
  db: Db,
  user: { id: string; isAnonymous: boolean },
  change: Partial<NotificationSettings>,
): Promise<NotificationsView> {
  for (const [key, value] of Object.entries(change)) {
    if (key !== 'dailyDigest' && !allowedChannel(value as never, user.isAnonymous)) {
      throw new AppError('permission-denied', NOTIFICATION_MESSAGES.guestsPushOnly);
    }
  }
  const current = await readNotifications(db, user.id);
  if (!current) throw new AppError('unauthenticated', 'Not signed in');
  const next = { ...current.settings, ...change };
  await db
    .insert(notificationSetting)
    .values({ userId: user.id, ...next })
    .onConflictDoUpdate({
      target: notificationSetting.userId,
      set: { ...change, updatedAt: sql`now()` },
    });
  return { ...current, settings: next };
}

/** An unsubscribe link: that kind stops coming by e-mail (push, if chosen, goes on). */
export async function unsubscribe(
  db: Db,
  key: { userId: string; kind: NotificationKind },
): Promise<boolean> {
  const current = await readNotifications(db, key.userId);
  if (!current) return false;
  if (current.settings[key.kind] !== 'email') return true;
  await updateSettings(db, { id: key.userId, isAnonymous: false }, { [key.kind]: 'off' });
  return true;
}

export async function setUnlockRequest(
  db: Db,
  key: { gameId: string; userId: string },
  unlock: boolean,
): Promise<void> {
  if (unlock) {
    await db.insert(unlockRequest).values(key).onConflictDoNothing();
  } else {
    await db
      .delete(unlockRequest)
      .where(and(eq(unlockRequest.gameId, key.gameId), eq(unlockRequest.userId, key.userId)));
  }
}

/**
 * Keeps a browser's subscription for `userId`: the same endpoint replaces its keys and moves to
 * this account; past MAX_PUSH_SUBSCRIPTIONS, the account's oldest goes.
 */
export async function addPushSubscription(
  db: Db,
  input: { userId: string; endpoint: string; p256dh: string; auth: string },
): Promise<{ id: string; createdAt: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscription)
      .values({ id: newId(16), ...input })
      .onConflictDoUpdate({
        target: pushSubscription.endpoint,
        set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth },
      })
      .returning({ id: pushSubscription.id, createdAt: pushSubscription.createdAt });
    const mine = await tx
      .select({ id: pushSubscription.id })
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, input.userId))
      .orderBy(asc(pushSubscription.createdAt), asc(pushSubscription.id));
    const extra = mine.slice(0, Math.max(0, mine.length - MAX_PUSH_SUBSCRIPTIONS));
    const drop = extra.map((s) => s.id).filter((id) => id !== row!.id);
    if (drop.length > 0)
      await tx.delete(pushSubscription).where(inArray(pushSubscription.id, drop));
    return { id: row!.id, createdAt: row!.createdAt.getTime() };
  });
}

export async function removePushSubscription(
  db: Db,
  key: { userId: string; id?: string; endpoint?: string },
): Promise<boolean> {
  const which = key.id
    ? eq(pushSubscription.id, key.id)
    : eq(pushSubscription.endpoint, key.endpoint ?? '');
  const removed = await db
    .delete(pushSubscription)
    .where(and(eq(pushSubscription.userId, key.userId), which))
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}
