/** Writes to players' profiles: the handle and upkeep on each session (the admin claim: admin/claims.ts). */
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { HANDLE_MESSAGES } from './handle-messages';
import type { DeviceType, ProfileView } from '../../domain/profile';
import { sqlStateOf, UNIQUE_VIOLATION, type Db } from '../db/client';
import { playerProfile } from '../db/schema/players';
import { accounts, profileEvents, type ProfileEvent } from '../auth/public';
import { progress } from '../progression/public';
import { profileColumns, toProfileView } from './data';

/**
 * Sets the player's handle (already checked by `checkHandleClaim`). Uniqueness is the unique
 * indexes' (handle_lower, and handle_skeleton for look-alikes): of concurrent claims of one
 * handle or of look-alikes exactly one commits and the others get 409 'taken'. The claim time is
 * stamped when the handle changes (not for a change of case only). One statement, which also
 * tells the player's open tabs (NOTIFY, delivered on commit).
 */
export async function setHandle(
  db: Db,
  input: { userId: string; handle: string; handleLower: string; skeleton: string },
): Promise<ProfileView> {
  const event: ProfileEvent = { type: 'profile', userId: input.userId };
  let rows;
  try {
    rows = await db
      .update(playerProfile)
      .set({
        handle: input.handle,
        handleLower: input.handleLower,
        // A change of case only keeps the claim: its time, and its skeleton (none for a
        // look-alike held from before the rule, which keeps its handle).
        handleSkeleton: sql`case when ${playerProfile.handleLower} is not distinct from ${input.handleLower}
          then ${playerProfile.handleSkeleton} else ${input.skeleton} end`,
        handleClaimedAt: sql`case when ${playerProfile.handleLower} is not distinct from ${input.handleLower}
          then coalesce(${playerProfile.handleClaimedAt}, now()) else now() end`,
      })
      // The whole profile view comes back from the same statement (account and progress joined).
      .from(accounts)
      .innerJoin(progress, eq(progress.userId, accounts.id))
      .where(and(eq(playerProfile.userId, input.userId), eq(accounts.id, playerProfile.userId)))
      .returning({
        ...profileColumns,
        notified: sql<string>`${profileEvents.notifySql(event)}::text`,
      });
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION)
      throw new AppError('aborted', HANDLE_MESSAGES.taken);
    throw error;
  }
  const [row] = rows;
  if (!row) throw new AppError('not-found', HANDLE_MESSAGES.profileMissing);
  return toProfileView(row);
}

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
    .update(playerProfile)
    .set({
      lastSeenAt: now,
      lastActiveAt: now,
      ...(input.locale !== undefined ? { locale: input.locale } : {}),
      ...(input.tzOffset !== undefined ? { tzOffset: input.tzOffset } : {}),
      ...(input.deviceType !== undefined ? { deviceType: input.deviceType } : {}),
      ...(input.lastTouch !== undefined ? { lastTouch: input.lastTouch } : {}),
      ...(input.anonId !== undefined
        ? { anonId: sql`coalesce(${playerProfile.anonId}, ${input.anonId})` }
        : {}),
      ...(input.firstTouch !== undefined
        ? {
            firstTouch: sql`coalesce(${playerProfile.firstTouch}, ${JSON.stringify(input.firstTouch)}::jsonb)`,
          }
        : {}),
    })
    .where(eq(playerProfile.userId, userId));
}
