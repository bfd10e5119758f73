/**
 * The community's part of a guest joining their account (players/migrate-guest.ts runs the whole
 * move in one transaction): their ranks and likes become the account's, and a play both made of
 * one game stops counting twice on its rank.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { communityRank, rankLike } from '../db/schema/community';
import { listedSql } from './listed';

/** The guest's likes become the account's; a rank liked by both keeps one like. */
export async function mergeGuestLikes(tx: Tx, guestId: string, accountId: string) {
  const doubled = await tx.execute(sql`
    delete from ${rankLike} g
    where g.user_id = ${guestId}
      and exists (select 1 from ${rankLike} a where a.user_id = ${accountId} and a.rank_id = g.rank_id)
    returning g.rank_id`);
  const rankIds = (doubled as unknown as { rows: { rank_id: string }[] }).rows.map(
    (r) => r.rank_id,
  );
  if (rankIds.length > 0) {
    await tx
      .update(communityRank)
      .set({ likes: sql`greatest(${communityRank.likes} - 1, 0)` })
      .where(inArray(communityRank.id, rankIds));
  }
  await tx.update(rankLike).set({ userId: accountId }).where(eq(rankLike.userId, guestId));
}

/** The ranks the guest made are the account's. */
export async function moveGuestRanks(tx: Tx, guestId: string, accountId: string) {
  await tx
    .update(communityRank)
    .set({ creatorId: accountId })
    .where(eq(communityRank.creatorId, guestId));
}

/**
 * The last statement of the move's plays statement: the rank of each game in `games` (id) counts
 * one play less; returns each changed rank's id, plays, likes and whether it is listed.
 */
export function rankPlaysUndoneSql(games: SQL): SQL {
  return sql`
    update ${communityRank} r set plays = greatest(r.plays - 1, 0)
    from ${games} where r.game_id = ${games}.id
    returning r.id, r.plays, r.likes, ${listedSql('r')} as listed`;
}
