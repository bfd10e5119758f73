/**
 * When a guest registers or signs in, everything they did moves to the real account in one
 * transaction, before better-auth deletes the guest: submissions, played games, plays, likes,
 * XP and stats, games and community ranks. Where both accounts ranked the same game, the most recent
 * submission stays (a final ranking over saved progress) and the results are corrected. If
 * anything fails, nothing has moved.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { stampUnlocks, type AchievementId, type Unlocks } from '../../domain/achievements';
import { progressFromTotal } from '../../domain/progression';
import type { Db, Tx } from '../db/client';
import { analyticsEvent } from '../db/schema/analytics';
import { communityRank, rankLike } from '../db/schema/community';
import { game, submission } from '../db/schema/games';
import { play, playedGame } from '../db/schema/players';
import { user, type UserStats } from '../db/schema/auth';
import { xpAward } from '../db/schema/progression';
import { announceOwners, uncountRanking } from '../games/mutations';
import { publish, type HubEvent } from '../realtime/hub';

export async function moveGuestData(db: Db, guestId: string, accountId: string): Promise<void> {
  if (guestId === accountId) return;
  await db.transaction(async (tx) => {
    const events: HubEvent[] = [];
    await mergeSubmissions(tx, guestId, accountId);
    await mergePlayedGames(tx, guestId, accountId);
    await mergeLikes(tx, guestId, accountId);
    await mergeXp(tx, guestId, accountId);
    const owned = await tx
      .update(game)
      .set({ ownerId: accountId })
      .where(eq(game.ownerId, guestId))
      .returning({ id: game.id });
    await announceOwners(
      tx,
      owned.map((row) => row.id),
    );
    await tx
      .update(communityRank)
      .set({ creatorId: accountId })
      .where(eq(communityRank.creatorId, guestId));
    await mergePlays(tx, guestId, accountId, events);
    await tx
      .update(analyticsEvent)
      .set({ userId: accountId })
      .where(eq(analyticsEvent.userId, guestId));
    events.push({ type: 'profile', userId: accountId });
    for (const event of events) await publish(tx, event);
  });
}

async function mergeSubmissions(tx: Tx, guestId: string, accountId: string) {
  const shared = await tx
    .select({ gameId: submission.gameId })
    .from(submission)
    .where(
      and(
        eq(submission.userId, guestId),
        sql`exists (select 1 from ${submission} s2 where s2.game_id = ${submission.gameId} and s2.user_id = ${accountId})`,
      ),
    );
  const gameIds = shared.map((row) => row.gameId).sort();
  if (gameIds.length > 0) {
    // The same per-game lock submissions take, in a fixed order so two merges cannot deadlock.
    await tx
      .select({ id: game.id })
      .from(game)
      .where(inArray(game.id, gameIds))
      .orderBy(asc(game.id))
      .for('update');
  }
  for (const gameId of gameIds) {
    const both = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.gameId, gameId), inArray(submission.userId, [guestId, accountId])));
    const guest = both.find((row) => row.userId === guestId);
    const account = both.find((row) => row.userId === accountId);
    if (!guest || !account) continue;
    // The most recent stays, except that saved progress never replaces a final ranking (as on
    // submit): a counted ranking must not leave the results for an uncounted one.
    const guestWins =
      guest.partial === account.partial
        ? guest.at.getTime() > account.at.getTime()
        : !guest.partial;
    const dropped = guestWins ? account : guest;
    await tx
      .delete(submission)
      .where(and(eq(submission.gameId, gameId), eq(submission.userId, dropped.userId)));
    if (!dropped.partial) {
      await uncountRanking(tx, { gameId, ranking: dropped.ranking, keptBy: accountId });
    }
  }
  await tx.update(submission).set({ userId: accountId }).where(eq(submission.userId, guestId));
}

async function mergePlayedGames(tx: Tx, guestId: string, accountId: string) {
  // Where both played a game, the account's record absorbs the guest's.
  await tx.execute(sql`
    update ${playedGame} a set
      play_count = a.play_count + g.play_count,
      last_played_at = greatest(a.last_played_at, g.last_played_at),
      last_completed_at = greatest(a.last_completed_at, g.last_completed_at),
      status = case when a.status = 'completed' or g.status = 'completed' then 'completed' else 'started' end,
      partial = a.partial and g.partial
    from ${playedGame} g
    where g.user_id = ${guestId} and a.user_id = ${accountId} and a.game_id = g.game_id`);
  await tx.execute(sql`
    delete from ${playedGame} g
    where g.user_id = ${guestId}
      and exists (select 1 from ${playedGame} a where a.user_id = ${accountId} and a.game_id = g.game_id)`);
  await tx.update(playedGame).set({ userId: accountId }).where(eq(playedGame.userId, guestId));
}

async function mergeLikes(tx: Tx, guestId: string, accountId: string) {
  // A rank liked by both keeps one like.
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

async function mergePlays(tx: Tx, guestId: string, accountId: string, events: HubEvent[]) {
  // One person played a game as a guest and as themselves: that is one play, not two.
  const doubled = await tx.execute(sql`
    with doubled as (
      delete from ${play} g
      where g.user_id = ${guestId}
        and exists (select 1 from ${play} a where a.user_id = ${accountId} and a.game_id = g.game_id)
      returning g.game_id
    ),
    games as (
      update ${game} set play_count = greatest(play_count - 1, 0)
      where id in (select game_id from doubled)
      returning id
    )
    update ${communityRank} r set plays = greatest(r.plays - 1, 0)
    from games where r.game_id = games.id
    returning r.id, r.plays, r.likes, (r.is_public and not r.archived and not r.hidden) as listed`);
  for (const rank of (
    doubled as unknown as {
      rows: { id: string; plays: number; likes: number; listed: boolean }[];
    }
  ).rows) {
    events.push({
      type: 'rank',
      rankId: rank.id,
      plays: rank.plays,
      likes: rank.likes,
      listed: rank.listed,
    });
  }
  await tx.update(play).set({ userId: accountId }).where(eq(play.userId, guestId));
}

/**
 * The guest's XP awards join the account's (an award both earned counts once); the account's
 * totals, stats, level and achievements are then computed again from its ledger, so they are
 * exactly what the ledger says.
 */
async function mergeXp(tx: Tx, guestId: string, accountId: string) {
  // Awards are unique per (user, reason, ref): one the account already has is not earned twice.
  await tx.execute(sql`
    delete from ${xpAward} g
    where g.user_id = ${guestId}
      and exists (select 1 from ${xpAward} a
                  where a.user_id = ${accountId} and a.reason = g.reason and a.ref = g.ref)`);
  await tx.update(xpAward).set({ userId: accountId }).where(eq(xpAward.userId, guestId));
  const [guest] = await tx.select().from(user).where(eq(user.id, guestId));
  const [account] = await tx.select().from(user).where(eq(user.id, accountId)).for('update');
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
    .update(user)
    .set({ ...progress, totalXp, stats, achievements })
    .where(eq(user.id, accountId));
}
