/**
 * Analytics' part of a guest joining their account (players/migrate-guest.ts runs the whole move
 * in one transaction): the guest's events are the account's.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { analyticsEvent } from '../db/schema/analytics';

export async function moveGuestEvents(tx: Tx, guestId: string, accountId: string) {
  await tx
    .update(analyticsEvent)
    .set({ userId: accountId })
    .where(eq(analyticsEvent.userId, guestId));
}
