/**
 * XP awards, inside the transaction of the action that earns them. Each award is one row of the
 * `xp_award` ledger, unique per (user, reason, game): a replay or a concurrent retry inserts
 * nothing and awards nothing. An award adds to the player's total XP and stats and recomputes
 * level, xp, xpToNext and crowns from the total (SPEC §4), stamps newly unlocked achievements,
 * and tells the player's open tabs (a profile event, delivered on commit).
 */
import { sql } from 'drizzle-orm';
import { stampUnlocks, type Unlocks } from '../../domain/achievements';
import { CROWNS_PER_LEVEL } from '../../domain/limits';
import { progressFromTotal, STAT_FOR, XP_FOR, type XpReason } from '../../domain/progression';
import type { Tx } from '../db/client';
import { playerProgress, xpAward, type UserStats } from '../db/schema/progression';
import { newId } from '../platform/ids';
import { insertEventsSql } from '../analytics/public';
import { notifyProfileSql } from '../auth/public';

export type Award = { userId: string; reason: XpReason; ref: string };

type AwardedRow = {
  id: string;
  total_xp: number;
  level: number;
  crowns: number;
  stats: UserStats;
  achievements: Unlocks;
};

/** Awards XP once per (user, reason, ref); answers whether it was awarded now. Two statements. */
export async function awardXp(tx: Pick<Tx, 'execute'>, award: Award): Promise<boolean> {
  return (await awardXpMany(tx, [award])).length === 1;
}

/**
 * awardXp in a savepoint of `tx`: when the award fails it is given up and the action that earned
 * it (a create, a publish) stands all the same (SPEC §8: XP failures are swallowed, as a failed
 * play record is in games/submit.ts). Answers whether it was awarded now. Two statements more
 * than awardXp (SAVEPOINT and RELEASE).
 */
export async function awardXpOrGiveUp(tx: Tx, award: Award): Promise<boolean> {
  try {
    return await tx.transaction((savepoint) => awardXp(savepoint, award));
  } catch {
    return false;
  }
}

/**
 * Several awards, one per player (a batch of first plays), in the same two statements; answers
 * the players awarded now.
 */
export async function awardXpMany(
  tx: Pick<Tx, 'execute'>,
  awards: readonly Award[],
): Promise<string[]> {
  if (awards.length === 0) return [];
  if (new Set(awards.map((award) => award.userId)).size !== awards.length) {
    throw new Error('awardXpMany: one award per player at a time');
  }
  const input = JSON.stringify(
    awards.map((award) => ({
      id: newId(16),
      user_id: award.userId,
      reason: award.reason,
      ref: award.ref,
      amount: XP_FOR[award.reason],
      stat: STAT_FOR[award.reason],
    })),
  );
  // The ledger rows and the running totals in one statement; the progress rows stay locked until
  // commit, so concurrent awards to one player apply one after the other.
  const result = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as x(id text, user_id text, reason text, ref text, amount int, stat text)
    ),
    award as (
      insert into ${xpAward} (id, user_id, reason, ref, amount)
      select id, user_id, reason, ref, amount from input
      on conflict (user_id, reason, ref) do nothing
      returning user_id, reason, amount
    )
    update ${playerProgress} u set
      total_xp = u.total_xp + award.amount,
      stats = u.stats || jsonb_build_object(
        input.stat, coalesce((u.stats ->> input.stat)::int, 0) + 1,
        'xpByReason', coalesce(u.stats -> 'xpByReason', '{}'::jsonb) || jsonb_build_object(
          award.reason, coalesce((u.stats -> 'xpByReason' ->> award.reason)::int, 0) + award.amount))
    from award join input on input.user_id = award.user_id
    where u.user_id = award.user_id
    returning u.user_id as id, u.total_xp, u.level, u.crowns, u.stats, u.achievements`);
  const rows = (result as unknown as { rows: AwardedRow[] }).rows;
  if (rows.length === 0) return [];
  const now = Date.now();
  const progress = rows.map((row) => {
    const next = progressFromTotal(row.total_xp);
    // Crowns come with level-ups: the levels gained now add theirs to what the player has.
    const crowns = row.crowns + CROWNS_PER_LEVEL * (next.level - row.level);
    const achievements = stampUnlocks(
      row.achievements,
      { level: next.level, crowns, stats: row.stats },
      now,
    );
    return {
      id: row.id,
      // A level-up is an analytics event, written by the same statement (below).
      level_up_event: next.level > row.level ? newId(16) : null,
      level: next.level,
      xp: next.xp,
      xp_to_next: next.xpToNext,
      crowns,
      achievements,
    };
  });
  // Level, crowns and achievements follow from the totals; each player's open tabs hear of it.
  // A level-up is also recorded for analytics in this statement: no round trip of its own, and
  // it commits exactly when the award does.
  await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(progress)}::jsonb)
        as x(id text, level_up_event text, level int, xp int, xp_to_next int, crowns int,
          achievements jsonb)
    ),
    level_up as (${insertEventsSql(sql`
      select level_up_event, 'level_up', jsonb_build_object('level', level), id
      from input where level_up_event is not null`)}),
    updated as (
      update ${playerProgress} u set level = input.level, xp = input.xp,
        xp_to_next = input.xp_to_next, crowns = input.crowns, achievements = input.achievements
      from input where u.user_id = input.id
      returning u.user_id as id
    )
    select ${notifyProfileSql(sql`updated`)} from updated`);
  return rows.map((row) => row.id);
}
