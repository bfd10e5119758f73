/** Writes to players' profiles: upkeep on each session, and the admin self-grant. */
import { and, eq, sql } from 'drizzle-orm';
import type { DeviceType } from '../../domain/profile';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import { publish } from '../realtime/hub';

export type Touch = Record<
  'utm_source' | 'utm_medium' | 'utm_campaign' | 'initial_referrer',
  string
>;

export type ProfileUpkeep = {
  locale?: string;
  tzOffset?: number;
  deviceType?: DeviceType;
  anonId?: string;
  firstTouch?: Partial<Touch>;
  lastTouch?: Partial<Touch>;
};

/**
 * Records a session start: seen and active times, locale, time zone, device, and attribution.
 * The anonymous id and the first-touch record are kept from the first time they were given.
 */
export async function touchProfile(db: Db, userId: string, input: ProfileUpkeep): Promise<void> {
  const now = new Date();
  await db
    .update(user)
    .set({
      lastSeenAt: now,
      lastActiveAt: now,
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
      ...(input.tzOffset !== undefined ? { tzOffset: input.tzOffset } : {}),
      ...(input.deviceType !== undefined ? { deviceType: input.deviceType } : {}),
      ...(input.lastTouch !== undefined ? { lastTouch: input.lastTouch } : {}),
      ...(input.anonId !== undefined
        ? { anonId: sql`coalesce(${user.anonId}, ${input.anonId})` }
        : {}),
      ...(input.firstTouch !== undefined
        ? {
            firstTouch: sql`coalesce(${user.firstTouch}, ${JSON.stringify(input.firstTouch)}::jsonb)`,
          }
        : {}),
    })
    .where(eq(user.id, userId));
}

/**
 * The admin self-grant: succeeds for a verified e-mail on the allowlist. Verification matters:
 * without it anyone could register an allowlisted address before its owner and become admin.
 */
export async function grantAdminIfAllowed(
  db: Db,
  userId: string,
  allowed: boolean,
): Promise<{ success: boolean; admin: boolean }> {
  if (!allowed) {
    const [row] = await db.select({ role: user.role }).from(user).where(eq(user.id, userId));
    return { success: false, admin: row?.role === 'admin' };
  }
  const granted = await db.transaction(async (tx) => {
    const rows = await tx
      .update(user)
      .set({ role: 'admin' })
      .where(and(eq(user.id, userId), eq(user.emailVerified, true), eq(user.isAnonymous, false)))
      .returning({ id: user.id });
    if (rows.length > 0) await publish(tx, { type: 'profile', userId });
    return rows.length > 0;
  });
  return { success: granted, admin: granted };
}
