/**
 * Progression's part of a guest joining their account (players/migrate-guest.ts runs the whole
 * move in one transaction): the guest's XP awards join the account's ledger.
 */
import { eq, sql } from 'drizzle-orm';
import { stampUnlocks, type AchievementId, type Unlocks } from '../../domain/achievements';
import { progressFromTotal } from '../../domain/progression';
import type { Tx } from '../db/client';
import { playerProgress, xpAward, type UserStats } from '../db/schema/progression';

/**
 * The guest's XP awards join the account's (an award both earned counts once); the account's
 * totals, stats, level and achievements are then computed again from its ledger, so they are
 * exactly what the ledger says.
 */
export async function mergeGuestXp(tx: Tx, guestId: string, accountId: string) {
  // Awards are unique per (user, reason, ref): one the account already has is not earned twice.
  await tx.execute(sql`
    delete from ${xpAward} g
    where g.user_id = ${guestId}
      and exists (select 1 from ${xpAward} a
                  where a.user_id = ${accountId} and a.reason = g.reason and a.ref = g.ref)`);
  await tx.update(xpAward).set({ userId: accountId }).where(eq(xpAward.userId, guestId));
  const [guest] = await tx
    .select({ achievements: playerProgress.achievements })
    .from(playerProgress)
    .where(eq(playerProgress.userId, guestId));
  const [account] = await tx
    .select({ achievements: playerProgress.achievements })
    .from(playerProgress)
    .where(eq(playerProgress.userId, accountId))
    .for('update');
  if (!guest || !account) return;
  const ledger = await tx
    .select({
      reason: xpAward.reason,
      awards: sql<number>`count(*)::int`,
      amount: sql<number>`sum(${xpAward.amount})::int`,
    })
    .from(xpAward)
    .where(eq(xpAward.userId, accountId))
    .groupBy(xpAward.reason);
  const byReason = new Map(ledger.map((row) => [row.reason, row]));
  const stats: UserStats = {
    gamesCreated: byReason.get('create')?.awards ?? 0,
    rankingsSubmitted: byReason.get('play')?.awards ?? 0,
    communityPublishes: byReason.get('publish')?.awards ?? 0,
    xpByReason: Object.fromEntries(ledger.map((row) => [row.reason, row.amount])),
  };
  const totalXp = ledger.reduce((sum, row) => sum + row.amount, 0);
  const progress = progressFromTotal(totalXp);
  // Both players' unlocks, each at its earliest time; then anything the merged totals unlock.
  const earliest: Unlocks = { ...account.achievements };
  for (const [id, at] of Object.entries(guest.achievements) as [AchievementId, number][]) {
    earliest[id] = Math.min(earliest[id] ?? at, at);
  }
  const achievements = stampUnlocks(earliest, { ...progress, stats }, Date.now());
  await tx
    .update(playerProgress)
    .set({ ...progress, totalXp, stats, achievements })
    .where(eq(playerProgress.userId, accountId));
}
