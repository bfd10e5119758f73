/**
 * XP awards, inside the transaction of the action that earns them. Each award is one row of the
 * `xp_award` ledger, unique per (user, reason, game): a replay or a concurrent retry inserts
 * nothing and awards nothing. An award adds to the player's total XP and stats and recomputes
 * level, xp, xpToNext and crowns from the total (SPEC §4), stamps newly unlocked achievements,
 * and tells the player's open tabs (a profile event, delivered on commit).
 */
import { sql } from 'drizzle-orm';
import { stampUnlocks, type Unlocks } from '../../domain/achievements';
import type { XpReason } from '../../domain/profile';
import { CROWNS_PER_LEVEL } from '../../domain/limits';
import { progressFromTotal, STAT_FOR, XP_FOR } from '../../domain/progression';
import type { Tx } from '../db/client';
import { user, xpAward, type UserStats } from '../db/schema';
import { newId } from '../ids';
import { EVENTS_CHANNEL, type ProfileEvent } from '../realtime/hub';

export type Award = { userId: string; reason: XpReason; ref: string };

type AwardedRow = {
  total_xp: number;
  level: number;
  crowns: number;
  stats: UserStats;
  achievements: Unlocks;
};

/** Awards XP once per (user, reason, ref); answers whether it was awarded now. Two statements. */
export async function awardXp(tx: Pick<Tx, 'execute'>, award: Award): Promise<boolean> {
  const amount = XP_FOR[award.reason];
  const stat = STAT_FOR[award.reason];
  // The ledger row and the running totals in one statement; the user row stays locked until
  // commit, so concurrent awards to one player apply one after the other.
  const result = await tx.execute(sql`
    with award as (
      insert into ${xpAward} (id, user_id, reason, ref, amount)
      values (${newId(16)}, ${award.userId}, ${award.reason}, ${award.ref}, ${amount})
      on conflict (user_id, reason, ref) do nothing
      returning amount
    )
    update ${user} u set
      total_xp = u.total_xp + award.amount,
      stats = u.stats || jsonb_build_object(
        ${stat}::text, coalesce((u.stats ->> ${stat}::text)::int, 0) + 1,
        'xpByReason', coalesce(u.stats -> 'xpByReason', '{}'::jsonb) || jsonb_build_object(
          ${award.reason}::text,
          coalesce((u.stats -> 'xpByReason' ->> ${award.reason}::text)::int, 0) + award.amount))
    from award
    where u.id = ${award.userId}
    returning u.total_xp, u.level, u.crowns, u.stats, u.achievements`);
  const [row] = (result as unknown as { rows: AwardedRow[] }).rows;
  if (!row) return false;
  const progress = progressFromTotal(row.total_xp);
  // Crowns come with level-ups: the levels gained now add theirs to what the player has.
  const crowns = row.crowns + CROWNS_PER_LEVEL * (progress.level - row.level);
  const achievements = stampUnlocks(
    row.achievements,
    { level: progress.level, crowns, stats: row.stats },
    Date.now(),
  );
  const event: ProfileEvent = { type: 'profile', userId: award.userId };
  await tx.execute(sql`
    with updated as (
      update ${user} set level = ${progress.level}, xp = ${progress.xp},
        xp_to_next = ${progress.xpToNext}, crowns = ${crowns},
        achievements = ${JSON.stringify(achievements)}::jsonb
      where id = ${award.userId}
      returning id
    )
    select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)}) from updated`);
  return true;
}
