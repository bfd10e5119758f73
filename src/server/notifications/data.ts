/** Notifications' reads: a person's settings (the defaults when they chose none), their view. */
import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  GUEST_NOTIFICATION_SETTINGS,
  type NotificationChannel,
  type NotificationSettings,
} from '../../domain/notifications';
import { accounts } from '../auth/public';
import type { Db, Tx } from '../db/client';
import { notificationSetting, pushSubscription, unlockRequest } from '../db/schema/notifications';

export type NotificationsView = {
  settings: NotificationSettings;
  email: { address: string | null; verified: boolean };
  emailAllowed: boolean;
  pushSubscriptions: number;
};

type SettingRow = typeof notificationSetting.$inferSelect;

export function settingsOf(row: SettingRow | undefined, guest: boolean): NotificationSettings {
  if (!row) return guest ? GUEST_NOTIFICATION_SETTINGS : DEFAULT_NOTIFICATION_SETTINGS;
  return {
    plays: row.plays as NotificationChannel,
    closed: row.closed as NotificationChannel,
    unlocked: row.unlocked as NotificationChannel,
    dailyDigest: row.dailyDigest,
  };
}

/** A person's settings, address and push subscriptions; null when the account is gone. */
export async function readNotifications(
  db: Db | Tx,
  userId: string,
): Promise<NotificationsView | null> {
  const [row] = await db
    .select({
      email: accounts.email,
      verified: accounts.emailVerified,
      guest: accounts.isAnonymous,
      setting: notificationSetting,
      subscriptions: sql<number>`(select count(*)::int from ${pushSubscription}
        where ${pushSubscription.userId} = ${accounts.id})`,
    })
    .from(accounts)
    .leftJoin(notificationSetting, eq(notificationSetting.userId, accounts.id))
    .where(eq(accounts.id, userId));
  if (!row) return null;
  return {
    settings: settingsOf(row.setting ?? undefined, row.guest),
    email: { address: row.guest ? null : row.email, verified: !row.guest && row.verified },
    emailAllowed: !row.guest,
    pushSubscriptions: row.subscriptions,
  };
}

export async function hasUnlockRequest(
  db: Db,
  key: { gameId: string; userId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(unlockRequest)
    .where(and(eq(unlockRequest.gameId, key.gameId), eq(unlockRequest.userId, key.userId)));
  return row !== undefined;
}
